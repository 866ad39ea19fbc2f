import type { Meta, StoryObj } from '@storybook/react-vite';
import { CERTIFICATIONS, LANDING_STATS, PRODUCT_NAME, SESSION_TEXTS } from '@sentinel/domain';
import { useEffect } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { useAlerts } from '../AlertRegion/AlertRegion';
import { Landing, LANDING_FEATURES, LANDING_TEXTS, LandingScreen } from './Landing';

const meta = {
  title: 'Pages/Landing',
  component: LandingScreen,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, height: '900px' } } },
  globals: { session: 'signedOut' },
  args: { onLogin: fn(), rotate: false },
} satisfies Meta<typeof LandingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Visitor: Story = {
  tags: ['flow'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(PRODUCT_NAME)).toBeVisible();
    for (const stat of LANDING_STATS) await expect(canvas.getByText(stat.value)).toBeVisible();
    for (const cert of CERTIFICATIONS) await expect(canvas.getByText(cert)).toBeVisible();
    for (const name of [LANDING_TEXTS.signIn, LANDING_TEXTS.getStarted, LANDING_TEXTS.startNow]) {
      await userEvent.click(canvas.getByRole('button', { name }));
    }
    await expect(args.onLogin).toHaveBeenCalledTimes(3);
  },
};

export const FeatureHighlightOnHover: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const vault = canvas.getByRole('heading', { name: LANDING_FEATURES[1].title }).closest('li');
    if (!vault) throw new Error('feature card missing');
    await userEvent.hover(vault);
    await expect(vault).toHaveAttribute('data-active', 'true');
  },
};

export const ThirdFeatureHighlighted: Story = { args: { initialFeature: 2 } };

export const Dark: Story = { globals: { theme: 'dark' } };

export const Phone: Story = { globals: { viewport: { value: 'mobile1', isRotated: false } } };

/** The connected Landing while sign-in is still loading: a centred spinner on a dark background. */
export const SessionLoading: Story = {
  globals: { session: 'loading' },
  render: () => <Landing />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toBeVisible();
  },
};

/** Once signed in, the Landing renders nothing. */
export const SignedInRendersNothing: Story = {
  globals: { session: 'jane' },
  render: () => (
    <div data-testid="landing-host">
      <Landing />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTestId('landing-host')).toBeEmptyDOMElement();
  },
};

/** Announces the notice once, as the portal does when it finds a stored session over. */
function SessionEndedNotice() {
  const { show } = useAlerts();
  useEffect(() => {
    show(SESSION_TEXTS.ended, 'info');
  }, [show]);
  return null;
}

/**
 * A returning user whose stored session the identity provider no longer renews (its refresh token idled out or
 * was revoked): the portal forgets it and shows the landing with a notice (apps/portal AuthSession).
 */
export const SessionEnded: Story = {
  tags: ['flow'],
  render: (args) => (
    <>
      <SessionEndedNotice />
      <LandingScreen {...args} />
    </>
  ),
  play: async ({ canvasElement, args }) => {
    const page = within(canvasElement.ownerDocument.body);
    const notice = await page.findByText(SESSION_TEXTS.ended);
    await expect(notice).toHaveAttribute('role', 'status');
    await userEvent.click(page.getByRole('button', { name: LANDING_TEXTS.signIn }));
    await expect(args.onLogin).toHaveBeenCalledTimes(1);
  },
};
