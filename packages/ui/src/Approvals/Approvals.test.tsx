import { APPROVAL_TEXTS, buildCurrentUser, newApprovalRequest } from '@sentinel/domain';
import {
  DEFAULT_ERROR_MESSAGES,
  type ApprovalRequest,
  type ProposedPrescription,
} from '@sentinel/domain/contract';
import {
  FIXED_NOW,
  PERSONAS,
  SAMPLE_PROPOSALS,
  claimsFor,
  createMockApi,
  createScenarios,
  mockTokenFor,
  proposeAs,
} from '@sentinel/mocks';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AlertProvider, AlertRegion } from '../AlertRegion/AlertRegion';
import { ApiProvider, createQueryClient } from '../api/ApiProvider';
import { createApiClient } from '../api/client';
import { ClockProvider } from '../clock/ClockProvider';
import { CONFIRM_CANCEL_LABEL } from '../Dialog/ConfirmDialog';
import { SessionProvider, type Session } from '../session/SessionProvider';
import { Approvals, ApprovalsScreen, type ApprovalsScreenProps } from './Approvals';
import {
  APPROVALS_SCREEN_TEXTS as T,
  APPROVAL_STATUS_LABELS,
  inboxOf,
  pendingCount,
} from './Approvals.utils';

const CLOCK = { now: () => new Date(FIXED_NOW), locale: 'en-US', timeZone: 'UTC' };
const { alice } = PERSONAS;
const minutesBefore = (n: number) => new Date(FIXED_NOW.getTime() - n * 60_000);
const sample = (i: number): ProposedPrescription => {
  const proposal = SAMPLE_PROPOSALS[i];
  if (!proposal) throw new Error(`no sample proposal ${i}`);
  return proposal;
};

/** A request Dr. Alice's assistant filed `age` minutes before the clock, in the state given. */
function requestOf(
  id: string,
  age: number,
  overrides: Partial<ApprovalRequest> = {},
  proposal: ProposedPrescription = sample(0),
): ApprovalRequest {
  const made = newApprovalRequest(
    proposal,
    { sub: alice.sub, name: alice.name, permissions: alice.permissions },
    minutesBefore(age),
    id,
    'P-000001',
  );
  if (!made.ok) throw new Error(made.error.message);
  return { ...made.value, ...overrides };
}

const metformin = requestOf('apr-1', 3);
const lisinopril = requestOf('apr-2', 8, {}, sample(1));
const approved = requestOf(
  'apr-3',
  120,
  {
    status: 'approved',
    decidedAt: minutesBefore(117).toISOString(),
    prescriptionId: 'rx-1001',
  },
  sample(2),
);
const denied = requestOf(
  'apr-4',
  1500,
  { status: 'denied', decidedAt: minutesBefore(1496).toISOString() },
  sample(3),
);
const lapsed = requestOf('apr-5', 45, {}, { ...sample(0), dosage: '1000 mg', frequency: 'Once daily' });

function renderScreen(props: Partial<ApprovalsScreenProps> = {}) {
  const onDecide = vi.fn<ApprovalsScreenProps['onDecide']>(async (request, decision) =>
    decision === 'approve'
      ? { ...request, status: 'approved', decidedAt: FIXED_NOW.toISOString(), prescriptionId: 'rx-1001' }
      : { ...request, status: 'denied', decidedAt: FIXED_NOW.toISOString() },
  );
  const onRetry = vi.fn();
  render(
    <ClockProvider clock={CLOCK}>
      <ApprovalsScreen
        requests={[approved, metformin, denied, lapsed, lisinopril]}
        onDecide={onDecide}
        onRetry={onRetry}
        {...props}
      />
    </ClockProvider>,
  );
  return { onDecide, onRetry };
}

const section = (name: string) => screen.getByRole('region', { name });
const cardsIn = (name: string) =>
  within(within(section(name)).getByRole('list'))
    .getAllByRole('heading', { level: 4 })
    .map((h) => h.textContent);
const card = (summary: string) => screen.getByRole('region', { name: summary });
function valueOf(scope: HTMLElement, label: string) {
  return within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

describe('ApprovalsScreen', () => {
  it('lists pending requests first, the one expiring soonest on top, then the history newest first', () => {
    renderScreen();
    expect(cardsIn(T.pendingTitle)).toEqual([lisinopril.summary, metformin.summary]);
    expect(cardsIn(T.historyTitle)).toEqual([lapsed.summary, approved.summary, denied.summary]);
  });

  it('shows a pending request’s patient, when it was requested and the time left, with Approve and Deny', () => {
    renderScreen();
    const pending = card('Metformin 500 mg, Twice daily, for Jane Doe');
    expect(within(pending).getByText(APPROVAL_STATUS_LABELS.pending)).toBeTruthy();
    expect(valueOf(pending, T.labels.patient)).toBe('Jane Doe');
    expect(valueOf(pending, T.labels.requested)).toBe('Today at 2:27 PM');
    expect(valueOf(pending, T.labels.timeLeft)).toBe('7 min left');
    expect(valueOf(pending, T.labels.refills)).toBe('2');
    expect(within(pending).getByRole('button', { name: T.approve })).toBeTruthy();
    expect(within(pending).getByRole('button', { name: T.deny })).toBeTruthy();
  });

  it('says each closed state in words and offers no decision on it', () => {
    renderScreen();
    const history = section(T.historyTitle);
    expect(within(card(approved.summary)).getByText(APPROVAL_STATUS_LABELS.approved)).toBeTruthy();
    expect(valueOf(card(approved.summary), T.labels.prescription)).toBe('rx-1001');
    expect(within(card(denied.summary)).getByText(APPROVAL_STATUS_LABELS.denied)).toBeTruthy();
    // Stored pending, but its ten minutes are over: it reads expired, as the server would answer.
    expect(within(card(lapsed.summary)).getByText(APPROVAL_STATUS_LABELS.expired)).toBeTruthy();
    expect(valueOf(card(lapsed.summary), T.labels.expiredAt)).toBe('Today at 1:55 PM');
    expect(within(history).queryByRole('button')).toBeNull();
  });

  it('approving sends the decision and says Prescription created with the new prescription’s id', async () => {
    const { onDecide } = renderScreen();
    await userEvent.click(within(card(metformin.summary)).getByRole('button', { name: T.approve }));
    expect(onDecide).toHaveBeenCalledWith(metformin, 'approve');
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toBe(`${T.created}${T.createdDetail('rx-1001', metformin.summary)}`);
    // The pressed button is gone from the list once the request is decided: focus waits on the notice.
    expect(document.activeElement).toBe(notice);
  });

  it('asks before denying: Cancel sends nothing, Deny sends the denial', async () => {
    const { onDecide } = renderScreen();
    await userEvent.click(within(card(metformin.summary)).getByRole('button', { name: T.deny }));
    const dialog = screen.getByRole('alertdialog', { name: T.denyTitle });
    expect(dialog.textContent).toContain(T.denyMessage(metformin.summary));
    await userEvent.click(within(dialog).getByRole('button', { name: CONFIRM_CANCEL_LABEL }));
    expect(onDecide).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).toBeNull();

    await userEvent.click(within(card(metformin.summary)).getByRole('button', { name: T.deny }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: T.denyTitle })).getByRole('button', { name: T.deny }),
    );
    expect(onDecide).toHaveBeenCalledWith(metformin, 'deny');
    expect((await screen.findByRole('status')).textContent).toBe(T.denied);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('can be worked with the keyboard alone', async () => {
    const user = userEvent.setup();
    const { onDecide } = renderScreen({ requests: [metformin] });
    await user.tab();
    expect(document.activeElement).toBe(
      within(card(metformin.summary)).getByRole('button', { name: T.approve }),
    );
    await user.keyboard('{Enter}');
    expect(onDecide).toHaveBeenCalledWith(metformin, 'approve');
  });

  it('holds both buttons while a decision is on its way, and shows nothing when it is refused', async () => {
    let answer: (value: ApprovalRequest | undefined) => void = () => undefined;
    const onDecide = vi.fn(() => new Promise<ApprovalRequest | undefined>((resolve) => (answer = resolve)));
    renderScreen({ requests: [metformin], onDecide });
    await userEvent.click(screen.getByRole('button', { name: T.approve }));
    expect((screen.getByRole('button', { name: T.deny }) as HTMLButtonElement).disabled).toBe(true);
    answer(undefined);
    await waitFor(() =>
      expect((screen.getByRole('button', { name: T.deny }) as HTMLButtonElement).disabled).toBe(false),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says when nothing waits but the history has requests', () => {
    renderScreen({ requests: [approved] });
    expect(within(section(T.pendingTitle)).getByText(T.noPending)).toBeTruthy();
  });

  it('has loading, empty and failed states', async () => {
    const { onRetry } = renderScreen({ requests: undefined, loading: true });
    expect(screen.getByRole('status').textContent).toContain(T.loading);
    cleanup();
    renderScreen({ requests: [] });
    expect(screen.getByText(T.empty)).toBeTruthy();
    expect(screen.getByText(T.emptyHint)).toBeTruthy();
    cleanup();
    const failed = renderScreen({ requests: undefined, error: DEFAULT_ERROR_MESSAGES.internal });
    expect(screen.getByRole('alert').textContent).toBe(DEFAULT_ERROR_MESSAGES.internal);
    await userEvent.click(screen.getByRole('button', { name: T.retry }));
    expect(failed.onRetry).toHaveBeenCalledOnce();
    expect(onRetry).not.toHaveBeenCalled();
  });
});

describe('inbox helpers', () => {
  it('count only what is still pending at the clock', () => {
    const all = [metformin, lisinopril, approved, denied, lapsed];
    expect(pendingCount(all, FIXED_NOW)).toBe(2);
    expect(pendingCount(all, minutesBefore(40))).toBe(3);
    expect(inboxOf(all, FIXED_NOW).history.map((view) => view.shown)).toEqual([
      'expired',
      'approved',
      'denied',
    ]);
    expect(T.tabLabel(2)).toBe('Approvals (2 pending)');
    expect(T.tabLabel(0)).toBe('Approvals');
  });
});

describe('Approvals (connected to the mock API)', () => {
  const BASE_URL = 'http://localhost';
  const api = createMockApi({ baseUrl: BASE_URL });
  const scenarios = createScenarios({ baseUrl: BASE_URL });
  const server = setupServer(...api.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => api.reset());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  /** The assistant's prescription tool files a proposal for Dr. Alice `age` minutes before the store's clock. */
  async function propose(age: number, proposal = 0) {
    const filed = await proposeAs(api, 'alice', sample(proposal), minutesBefore(age));
    if (!filed.ok) throw new Error(filed.error.message);
    return filed.value;
  }

  function renderConnected(clock = CLOCK) {
    const built = buildCurrentUser(claimsFor(alice));
    if (!built.ok) throw new Error(built.error.message);
    const session: Session = { status: 'signedIn', user: built.value, mfa: true, logout: () => undefined };
    const client = createApiClient({ baseUrl: BASE_URL, getAccessToken: async () => mockTokenFor('alice') });
    render(
      <ClockProvider clock={clock}>
        <SessionProvider session={session}>
          <ApiProvider client={client} queryClient={createQueryClient()}>
            <AlertProvider>
              <AlertRegion />
              <Approvals />
            </AlertProvider>
          </ApiProvider>
        </SessionProvider>
      </ClockProvider>,
    );
  }

  it('Dr. Alice approves her assistant’s proposal: the prescription is written and the request moves to the history', async () => {
    const request = await propose(2);
    renderConnected();
    const pending = await screen.findByRole('region', { name: request.summary });
    await userEvent.click(within(pending).getByRole('button', { name: T.approve }));
    expect((await screen.findByRole('status')).textContent).toContain(
      T.createdDetail('rx-1001', request.summary),
    );
    expect(cardsIn(T.historyTitle)).toEqual([request.summary]);
    expect(within(card(request.summary)).getByText(APPROVAL_STATUS_LABELS.approved)).toBeTruthy();
    expect(api.store.prescriptions.find((p) => p.id === 'rx-1001')?.prescribedBy).toBe(alice.name);
  });

  it('a request decided elsewhere meanwhile is refused with the server’s reason, and the list catches up', async () => {
    const request = await propose(2);
    renderConnected();
    const pending = await screen.findByRole('region', { name: request.summary });
    // The same doctor approves it in another tab.
    const elsewhere = await fetch(`${BASE_URL}/api/approvals/${request.id}/decision`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${mockTokenFor('alice')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ decision: 'approve' }),
    });
    expect(elsewhere.status).toBe(200);
    await userEvent.click(within(pending).getByRole('button', { name: T.deny }));
    await userEvent.click(
      within(screen.getByRole('alertdialog', { name: T.denyTitle })).getByRole('button', { name: T.deny }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(APPROVAL_TEXTS.alreadyApproved);
    await waitFor(() =>
      expect(within(card(request.summary)).getByText(APPROVAL_STATUS_LABELS.approved)).toBeTruthy(),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when the assistant has filed nothing', async () => {
    renderConnected();
    expect(await screen.findByText(T.empty)).toBeTruthy();
  });

  it('shows the server’s message when the list cannot be loaded', async () => {
    server.use(...scenarios.error('listApprovals'));
    renderConnected();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(DEFAULT_ERROR_MESSAGES.internal);
  });
});
