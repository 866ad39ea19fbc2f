import { TRIAGE_BANNERS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { SafetyBanner } from './SafetyBanner';

/**
 * REQ-triage-stories: the banner above the chat for each triage level, in light and dark, on a desktop and a phone. Each
 * play function reads the banner as a screen reader finds it (alert or status), its words and its numbers.
 */
const meta = {
  title: 'Components/SafetyBanner',
  component: SafetyBanner,
  args: { level: 'emergency' },
} satisfies Meta<typeof SafetyBanner>;
export default meta;
type Story = StoryObj<typeof meta>;

const PHONE_DARK = { viewport: { value: 'mobile1', isRotated: false }, theme: 'dark' } as const;

type BannerLevel = keyof typeof TRIAGE_BANNERS;

/** The banner's role, title, body and every number as a link to its `tel:` or `sms:` address. */
const showsBanner =
  (level: BannerLevel, role: 'alert' | 'status') =>
  async ({ canvasElement }: { canvasElement: HTMLElement }) => {
    const canvas = within(canvasElement);
    const banner = canvas.getByRole(role, { name: TRIAGE_BANNERS[level].title });
    const { title, body, contacts } = TRIAGE_BANNERS[level];
    await expect(banner).toHaveTextContent(title);
    await expect(banner).toHaveTextContent(body);
    for (const contact of contacts) {
      const link = within(banner).getByRole('link', { name: contact.label });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', contact.href);
    }
    await expect(within(banner).queryAllByRole('link')).toHaveLength(contacts.length);
  };

/** Call 911 now: the spec's "For emergencies, call 911" as the title, read out at once. */
export const Emergency: Story = {
  args: { level: 'emergency' },
  play: async (context) => {
    await showsBanner('emergency', 'alert')(context);
    await expect(within(context.canvasElement).getByRole('alert')).toHaveTextContent(
      'For emergencies, call 911',
    );
  },
};
export const EmergencyPhoneDark: Story = {
  args: { level: 'emergency' },
  globals: PHONE_DARK,
  play: showsBanner('emergency', 'alert'),
};

/** The 988 Suicide & Crisis Lifeline: call or text, and 911 in immediate danger. */
export const Crisis: Story = {
  args: { level: 'crisis' },
  play: async (context) => {
    await showsBanner('crisis', 'alert')(context);
    const banner = within(context.canvasElement).getByRole('alert');
    await expect(within(banner).getByRole('link', { name: 'Text 988' })).toHaveAttribute('href', 'sms:988');
    await expect(banner).toHaveTextContent('988 Suicide & Crisis Lifeline');
  },
};
export const CrisisPhoneDark: Story = {
  args: { level: 'crisis' },
  globals: PHONE_DARK,
  play: showsBanner('crisis', 'alert'),
};

/** Poison Help 1-800-222-1222, and 911 if the person is unresponsive or struggling to breathe. */
export const Poison: Story = {
  args: { level: 'poison' },
  play: async (context) => {
    await showsBanner('poison', 'alert')(context);
    await expect(within(context.canvasElement).getByRole('alert')).toHaveTextContent(
      'unresponsive or struggling to breathe',
    );
  },
};
export const PoisonPhoneDark: Story = {
  args: { level: 'poison' },
  globals: PHONE_DARK,
  play: showsBanner('poison', 'alert'),
};

/** A calm notice, not an alarm: a status that asks to contact the care team today, with no number to call. */
export const Urgent: Story = {
  args: { level: 'urgent' },
  play: async (context) => {
    await showsBanner('urgent', 'status')(context);
    await expect(within(context.canvasElement).queryByRole('alert')).toBeNull();
  },
};
export const UrgentPhoneDark: Story = {
  args: { level: 'urgent' },
  globals: PHONE_DARK,
  play: showsBanner('urgent', 'status'),
};

/** Nothing raised: no banner at all. */
export const None: Story = {
  args: { level: 'none' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};
