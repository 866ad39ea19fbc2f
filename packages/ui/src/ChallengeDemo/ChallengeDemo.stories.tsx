import { DEMO_TEXTS, FGA_SAMPLE_QUERIES, PRESCRIBING_AUTHORITY_NOTE } from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import { PERSONAS, scenario } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CALENDAR_CONNECT_TEXTS } from '../CalendarConnect/CalendarConnect.utils';
import { CHALLENGE_DEMO_TEXTS, ChallengeDemo } from './ChallengeDemo';

const meta = {
  title: 'Screens/ChallengeDemo',
  component: ChallengeDemo,
  globals: { session: 'jane' },
  args: { onNavigate: fn() },
  parameters: { docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof ChallengeDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

const results = (canvas: Canvas) => canvas.getByRole('region', { name: CHALLENGE_DEMO_TEXTS.resultsTitle });

/** REQ-screen-demo-banner: a patient's banner: her email, a blue 'patient' badge, 'MFA not used'; the button goes to her dashboard. */
export const PatientJane: Story = {
  tags: ['flow'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(PERSONAS.jane.email)).toBeVisible();
    await expect(canvas.getByText('patient')).toBeVisible();
    await expect(canvas.getByText(CHALLENGE_DEMO_TEXTS.mfaNotUsed)).toBeVisible();
    await expect(canvas.getByText(CHALLENGE_DEMO_TEXTS.resultsEmpty)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: CHALLENGE_DEMO_TEXTS.goToDashboard }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/patient-dashboard');
  },
};

/** REQ-screen-demo-banner: a doctor's banner has a green 'doctor' badge and 'MFA used'. */
export const DoctorAlice: Story = {
  tags: ['flow'],
  globals: { session: 'alice' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(PERSONAS.alice.email)).toBeVisible();
    await expect(canvas.getByText('doctor')).toBeVisible();
    await expect(canvas.getByText(CHALLENGE_DEMO_TEXTS.mfaUsed)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: CHALLENGE_DEMO_TEXTS.goToDashboard }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/doctor-dashboard');
  },
};

/** REQ-screen-demo-banner: an admin's banner has a purple 'admin' badge. */
export const AdminSam: Story = {
  tags: ['flow'],
  globals: { session: 'sam' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(PERSONAS.sam.email)).toBeVisible();
    await expect(canvas.getByText('admin')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: CHALLENGE_DEMO_TEXTS.goToDashboard }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/admin-dashboard');
  },
};

/** REQ-screen: a visitor is asked to log in and gets no demo. */
export const SignedOut: Story = {
  globals: { session: 'signedOut' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(DEMO_TEXTS.loggedOut)).toBeVisible();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** While the session loads. */
export const SessionLoading: Story = {
  globals: { session: 'loading' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status')).toHaveTextContent(CHALLENGE_DEMO_TEXTS.loading);
  },
};

/** User authentication: who the API says you are, with role, permissions and MFA. */
export const AuthenticationDemo: Story = {
  tags: ['flow'],
  globals: { session: 'alice' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'User authentication' }));
    await expect(await within(results(canvas)).findByText(PERSONAS.alice.sub)).toBeVisible();
    await expect(results(canvas)).toHaveTextContent('read:patients');
    await expect(results(canvas)).toHaveTextContent(CHALLENGE_DEMO_TEXTS.mfaUsed);
  },
};

/** The calendar panel inside the results. */
const calendarPanel = async (canvas: Canvas) =>
  within(await within(results(canvas)).findByRole('region', { name: CALENDAR_CONNECT_TEXTS.title }));

/**
 * Token vault: the identity service's token-vault status, then the real calendar connection through the vault:
 * not connected yet, so the consent is offered.
 */
export const TokenVaultDemo: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Token vault' }));
    await expect(await within(results(canvas)).findByText(CHALLENGE_DEMO_TEXTS.tokenVaultOn)).toBeVisible();
    await expect(results(canvas)).toHaveTextContent(CHALLENGE_DEMO_TEXTS.tokenVaultNote);
    const calendar = await calendarPanel(canvas);
    await expect(await calendar.findByText(CALENDAR_CONNECT_TEXTS.notConnected)).toBeVisible();
    await expect(calendar.getByRole('button', { name: CALENDAR_CONNECT_TEXTS.connect })).toBeEnabled();
  },
};

/** Token vault, all the way: Jane connects her calendar from the demo and sees her upcoming appointments. */
export const TokenVaultConnect: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Token vault' }));
    const calendar = await calendarPanel(canvas);
    await userEvent.click(await calendar.findByRole('button', { name: CALENDAR_CONNECT_TEXTS.connect }));
    await expect(await calendar.findByText(CALENDAR_CONNECT_TEXTS.connected)).toBeVisible();
    const events = await calendar.findByRole('list', { name: CALENDAR_CONNECT_TEXTS.eventsTitle });
    await expect(within(events).getAllByRole('listitem')).toHaveLength(3);
  },
};

const sampleRows = async (canvas: Canvas) =>
  within(
    await within(results(canvas)).findByRole('list', { name: CHALLENGE_DEMO_TEXTS.fgaListLabel }),
  ).getAllByRole('listitem');

/**
 * REQ-screen-demo-pillars, REQ-limit-demo-queries Fine-grained authorization: the 4 sample queries of the
 * authorization model, each 'Allowed' or 'Denied' in words, the pharmacist's with the REQ-kb
 * prescribing-authority note.
 */
export const FineGrainedAuthorizationDemo: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Fine-grained authorization' }));
    const rows = await sampleRows(canvas);
    await expect(rows).toHaveLength(FGA_SAMPLE_QUERIES.length);
    for (const [i, query] of FGA_SAMPLE_QUERIES.entries()) {
      const row = rows[i]!;
      await expect(row).toHaveTextContent(query.text);
      await expect(within(row).getByText(query.expected === 'allowed' ? 'Allowed' : 'Denied')).toBeVisible();
    }
    await expect(rows[3]!).toHaveTextContent(CHALLENGE_DEMO_TEXTS.sampleNote(PRESCRIBING_AUTHORITY_NOTE));
  },
};

/** The sample queries ask about fixed personas, so a doctor sees the same four answers. */
export const FineGrainedAuthorizationDoctor: Story = {
  tags: ['flow'],
  globals: { session: 'alice' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Fine-grained authorization' }));
    const rows = await sampleRows(canvas);
    await expect(rows.map((row) => within(row).getByText(/^(Allowed|Denied)$/).textContent)).toEqual([
      'Allowed',
      'Denied',
      'Denied',
      'Allowed',
    ]);
  },
};

/** REQ-err: failed sample queries print 'Fine-grained authorization demo failed: <error>'. */
export const FineGrainedAuthorizationError: Story = {
  tags: ['flow'],
  parameters: { msw: { handlers: { scenario: scenario.error('fgaSamples') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Fine-grained authorization' }));
    await expect(
      await within(results(canvas)).findByText(
        `Fine-grained authorization demo failed: ${DEFAULT_ERROR_MESSAGES.internal}`,
      ),
    ).toBeVisible();
  },
};

/** REQ-err-demo: a failing check prints '<Demo> demo failed: <error>'. */
export const DemoError: Story = {
  tags: ['flow'],
  parameters: { msw: { handlers: { scenario: scenario.error('getMe') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'User authentication' }));
    await expect(
      await within(results(canvas)).findByText(
        `User authentication demo failed: ${DEFAULT_ERROR_MESSAGES.internal}`,
      ),
    ).toBeVisible();
  },
};

/** The page in the dark theme, with a result. */
export const Dark: Story = {
  tags: ['flow'],
  globals: { session: 'sam', theme: 'dark' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Token vault' }));
    await expect(await within(results(canvas)).findByText(CHALLENGE_DEMO_TEXTS.tokenVaultOn)).toBeVisible();
  },
};
