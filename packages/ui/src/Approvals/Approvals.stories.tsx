import type { ApprovalStatus } from '@sentinel/domain/contract';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import { SAMPLE_PROPOSALS, scenario } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Approvals } from './Approvals';
import { APPROVALS_SCREEN_TEXTS as T, APPROVAL_STATUS_LABELS } from './Approvals.utils';

/**
 * The doctor's approval inbox (asynchronous authorization, REQ-tool-approvals): prescriptions Dr. Alice's assistant
 * proposed in the chat wait here until she approves or denies them; nothing is prescribed before. Only the
 * assistant files requests, so stories that show some get a mock API of their own in which they were filed
 * (`scenario.approvalsFor`), seeded again before every run.
 */
const meta = {
  title: 'Screens/Approvals',
  component: Approvals,
  globals: { session: 'alice' },
  parameters: { docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof Approvals>;
export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

/** The loader and handlers of a story whose inbox holds requests in these states (sample proposals in turn). */
function inboxWith(states: readonly ApprovalStatus[]) {
  const inbox = scenario.approvalsFor('alice', states);
  return { loaders: [inbox.seed], parameters: { msw: { handlers: { api: inbox.handlers } } } };
}

/** The summary line of the nth sample proposal, as the request shows it. */
const METFORMIN = 'Metformin 500 mg, Twice daily, for Jane Doe';
const LISINOPRIL = 'Lisinopril 10 mg, Once daily, for John Roe';

const requestCard = (canvas: Canvas, summary: string) => canvas.findByRole('region', { name: summary });

/** The value under a label in a request's details. */
function valueOf(scope: HTMLElement, label: string): string | null | undefined {
  return within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

/** Two proposals wait: the one expiring sooner on top, each with its patient, request time and time left. */
export const Pending: Story = {
  ...inboxWith(['pending', 'pending']),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const waiting = within(await canvas.findByRole('region', { name: T.pendingTitle }));
    await waitFor(() =>
      expect(waiting.getAllByRole('heading', { level: 4 }).map((h) => h.textContent)).toEqual([
        LISINOPRIL,
        METFORMIN,
      ]),
    );
    const metformin = await requestCard(canvas, METFORMIN);
    await expect(within(metformin).getByText(APPROVAL_STATUS_LABELS.pending)).toBeVisible();
    await expect(valueOf(metformin, T.labels.patient)).toBe(SAMPLE_PROPOSALS[0]?.patientName);
    await expect(valueOf(metformin, T.labels.requested)).toBe('Today at 2:27 PM');
    await expect(valueOf(metformin, T.labels.timeLeft)).toBe('7 min left');
    await expect(valueOf(await requestCard(canvas, LISINOPRIL), T.labels.timeLeft)).toBe('6 min left');
    await expect(within(metformin).getByRole('button', { name: T.approve })).toBeEnabled();
    await expect(within(metformin).getByRole('button', { name: T.deny })).toBeEnabled();
    await expect(canvas.queryByRole('region', { name: T.historyTitle })).toBeNull();
  },
};

/** Approve: the prescription is written; the screen says 'Prescription created' with its id. */
export const Approved: Story = {
  tags: ['flow'],
  ...inboxWith(['pending']),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const metformin = await requestCard(canvas, METFORMIN);
    await userEvent.click(within(metformin).getByRole('button', { name: T.approve }));
    const notice = await canvas.findByRole('status');
    await expect(notice).toHaveTextContent(T.created);
    await expect(notice).toHaveTextContent(T.createdDetail('rx-1001', METFORMIN));
    await expect(notice).toHaveFocus();
    const history = within(await canvas.findByRole('region', { name: T.historyTitle }));
    const decided = await requestCard(history, METFORMIN);
    await expect(within(decided).getByText(APPROVAL_STATUS_LABELS.approved)).toBeVisible();
    await expect(valueOf(decided, T.labels.prescription)).toBe('rx-1001');
    await expect(
      within(canvas.getByRole('region', { name: T.pendingTitle })).getByText(T.noPending),
    ).toBeVisible();
  },
};

/** Deny asks first; confirmed, nothing is prescribed and the request reads Denied. */
export const Denied: Story = {
  tags: ['flow'],
  ...inboxWith(['pending']),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const page = within(canvasElement.ownerDocument.body);
    const metformin = await requestCard(canvas, METFORMIN);
    await userEvent.click(within(metformin).getByRole('button', { name: T.deny }));
    const dialog = await page.findByRole('alertdialog', { name: T.denyTitle });
    await expect(dialog).toHaveTextContent(T.denyMessage(METFORMIN));
    await userEvent.click(within(dialog).getByRole('button', { name: T.deny }));
    await expect(await canvas.findByRole('status')).toHaveTextContent(T.denied);
    const history = within(await canvas.findByRole('region', { name: T.historyTitle }));
    const decided = await requestCard(history, METFORMIN);
    await expect(within(decided).getByText(APPROVAL_STATUS_LABELS.denied)).toBeVisible();
    await expect(within(decided).queryByRole('button')).toBeNull();
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull());
  },
};

/** A proposal nobody decided within ten minutes: Expired, with no way to approve it any more. */
export const Expired: Story = {
  ...inboxWith(['expired']),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const history = within(await canvas.findByRole('region', { name: T.historyTitle }));
    const lapsed = await requestCard(history, METFORMIN);
    await expect(within(lapsed).getByText(APPROVAL_STATUS_LABELS.expired)).toBeVisible();
    await expect(valueOf(lapsed, T.labels.expiredAt)).toBe('Today at 1:55 PM');
    await expect(canvas.queryByRole('button', { name: T.approve })).toBeNull();
    await expect(canvas.getByText(T.noPending)).toBeVisible();
  },
};

/** Every state at once: one pending on top, then approved, expired and denied, each badge in words. */
export const History: Story = {
  ...inboxWith(['pending', 'approved', 'denied', 'expired']),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const history = within(await canvas.findByRole('region', { name: T.historyTitle }));
    await waitFor(() => expect(history.getAllByRole('heading', { level: 4 })).toHaveLength(3));
    const badges = history.getAllByText(/^(Approved|Denied|Expired)$/).map((b) => b.textContent);
    await expect(badges).toEqual([
      APPROVAL_STATUS_LABELS.expired,
      APPROVAL_STATUS_LABELS.approved,
      APPROVAL_STATUS_LABELS.denied,
    ]);
    await expect(
      within(canvas.getByRole('region', { name: T.pendingTitle })).getAllByRole('button', {
        name: T.approve,
      }),
    ).toHaveLength(1);
  },
};

/** The assistant has proposed nothing yet. */
export const Empty: Story = {
  globals: { scenario: 'empty' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(T.empty)).toBeVisible();
    await expect(canvas.getByText(T.emptyHint)).toBeVisible();
  },
};

export const Loading: Story = {
  globals: { scenario: 'slow' },
  parameters: { msw: { handlers: { scenario: scenario.slow('listApprovals') } } },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('status')).toHaveTextContent(T.loading);
  },
};

/** The list cannot be loaded: the message and Try again. */
export const ErrorState: Story = {
  name: 'Error',
  globals: { scenario: 'error' },
  parameters: { msw: { handlers: { scenario: scenario.error('listApprovals') } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert', {}, { timeout: 5000 });
    await expect(alert).toHaveTextContent(DEFAULT_ERROR_MESSAGES.internal);
    await expect(canvas.getByRole('button', { name: T.retry })).toBeVisible();
  },
};
