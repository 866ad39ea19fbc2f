import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import {
  FIXED_NOW,
  PERSONAS,
  authorizationFor,
  createMockApi,
  instantFrom,
  scenario,
  type PersonaKey,
} from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { getResponse } from 'msw';
import { expect, userEvent, within } from 'storybook/test';
import { EmergencyAccessAlerts } from './EmergencyAccessAlerts';
import { EMERGENCY_ACCESS_TEXTS as T } from './EmergencyAccessAlerts.utils';

const HOUR_IN_DAYS = 1 / 24;

/**
 * A mock API of its own for each story with grants, whose clock is `daysAgo` before the stories' fixed clock:
 * the grants are what the mock server itself wrote when doctors used break-the-glass, not hand-made rows.
 */
function apiWithGrants(
  daysAgo: number,
  grants: readonly { who: PersonaKey; patient: PersonaKey; reason: string }[],
) {
  const api = createMockApi({ now: new Date(instantFrom(FIXED_NOW, -daysAgo)) });

  async function grant(who: PersonaKey, patientId: string, reason: string): Promise<void> {
    const request = new Request(
      new URL(`/api/patients/${patientId}/emergency-access`, window.location.origin),
      {
        method: 'POST',
        headers: { Authorization: authorizationFor(who), 'Content-Type': 'application/json' },
        body: JSON.stringify({ reason }),
      },
    );
    const response = await getResponse(api.handlers, request);
    if (response?.status !== 201) throw new Error(`The mock API refused the grant: ${response?.status}`);
  }

  async function seedGrants() {
    api.reset();
    for (const g of grants) await grant(g.who, PERSONAS[g.patient].patientId ?? '', g.reason);
    return {};
  }

  return { loaders: [seedGrants], msw: { handlers: { api: api.handlers } } };
}

/** Dr. Carter (not on Jane's care team) and then Dr. Smith (not on John's), half an hour ago: both still live. */
const live = apiWithGrants(HOUR_IN_DAYS / 2, [
  {
    who: 'ben',
    patient: 'jane',
    reason: 'Unconscious in the emergency room; checking allergies and history.',
  },
  {
    who: 'alice',
    patient: 'john',
    reason: 'Covering the night shift for Dr. Carter: urgent medication review.',
  },
]);
/** One grant three days ago: no longer live, still among the last 7 days. */
const expired = apiWithGrants(3, [
  { who: 'ben', patient: 'jane', reason: 'Seen in the walk-in clinic, records needed for a referral.' },
]);

const meta = {
  title: 'Screens/EmergencyAccessAlerts',
  component: EmergencyAccessAlerts,
  globals: { session: 'sam' },
  parameters: { docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof EmergencyAccessAlerts>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The table's body rows, top to bottom, once the names have loaded. */
async function rowsIn(canvasElement: HTMLElement) {
  const alerts = within(await within(canvasElement).findByRole('region', { name: T.title }));
  const table = await alerts.findByRole('table', { name: T.caption });
  return within(table).getAllByRole('row').slice(1);
}

/**
 * Two live grants, newest first, each naming the doctor, the patient (name and patient id), the reason and the
 * status in words; the badge counts them.
 */
export const LiveGrants: Story = {
  loaders: live.loaders,
  parameters: { msw: live.msw },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const rows = await rowsIn(canvasElement);
    await expect(rows).toHaveLength(2);
    const [newest, older] = rows.map((row) => within(row));
    await expect(await newest!.findByText(PERSONAS.alice.name)).toBeVisible();
    await expect(newest!.getByText(`${PERSONAS.john.name}, ${PERSONAS.john.patientId}`)).toBeVisible();
    await expect(newest!.getByText(/night shift/)).toBeVisible();
    await expect(newest!.getByText('Live')).toBeVisible();
    await expect(older!.getByText(PERSONAS.ben.name)).toBeVisible();
    await expect(older!.getByText('Live')).toBeVisible();
    await expect(canvas.getByText('2 in the last 7 days, 2 live')).toBeVisible();
  },
};

/** The live grants in the dark theme (the a11y check runs on each story, so contrast is checked here too). */
export const LiveGrantsDark: Story = {
  ...LiveGrants,
  globals: { theme: 'dark' },
};

/** A grant from three days ago: Expired in words, and still counted as recent. */
export const ExpiredGrant: Story = {
  loaders: expired.loaders,
  parameters: { msw: expired.msw },
  play: async ({ canvasElement }) => {
    const rows = await rowsIn(canvasElement);
    await expect(rows).toHaveLength(1);
    const row = within(rows[0] as HTMLElement);
    await expect(row.getByText('Expired')).toBeVisible();
    // Granted and expired on the same day, three days before the fixed clock.
    await expect(row.getAllByText(/^3 days ago at/, { selector: 'time' })).toHaveLength(2);
    await expect(within(canvasElement).getByText('1 in the last 7 days')).toBeVisible();
  },
};

/** No doctor has used break-the-glass (the mock API seeds no grants). */
export const Empty: Story = {
  globals: { scenario: 'empty' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.empty)).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
    await expect(canvas.queryByText(/in the last 7 days/)).toBeNull();
  },
};

/** While the grants load. */
export const Loading: Story = {
  globals: { scenario: 'slow' },
  parameters: { msw: { handlers: { scenario: scenario.slow('listEmergencyAccess') } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(T.loading);
  },
};

/** The grants failed to load: the server's message and Try again. */
export const ErrorState: Story = {
  name: 'Error',
  tags: ['flow'],
  globals: { scenario: 'error' },
  parameters: { msw: { handlers: { scenario: scenario.error('listEmergencyAccess') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The query client retries a server error once (after about a second) before giving up.
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent(DEFAULT_ERROR_MESSAGES.internal);
    const retry = canvas.getByRole('button', { name: T.retry });
    await expect(retry).toBeVisible();
    // Try again is reached by keyboard.
    await userEvent.tab();
    await expect(retry).toHaveFocus();
  },
};
