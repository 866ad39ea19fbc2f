import { buildCurrentUser, type EmergencyGrant, type ManagedUser } from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import {
  FIXED_NOW,
  PERSONAS,
  authorizationFor,
  claimsFor,
  createMockApi,
  createScenarios,
  instantFrom,
  mockTokenFor,
  seed,
} from '@sentinel/mocks';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider, createQueryClient } from '../api/ApiProvider';
import { createApiClient } from '../api/client';
import { ClockProvider } from '../clock/ClockProvider';
import { SessionProvider, type Session } from '../session/SessionProvider';
import {
  EmergencyAccessAlerts,
  EmergencyAccessAlertsScreen,
  type EmergencyAccessAlertsScreenProps,
} from './EmergencyAccessAlerts';
import {
  EMERGENCY_ACCESS_TEXTS as T,
  GRANT_STATUS_LABELS,
  GRANT_STATUS_TONES,
  alertSummary,
  doctorOf,
  grantStatus,
  patientOf,
  recentGrants,
} from './EmergencyAccessAlerts.utils';
import { EmergencyAccessNoticeView } from './EmergencyAccessNotice';

const CLOCK = { now: () => new Date(FIXED_NOW), locale: 'en-US', timeZone: 'UTC' };
const { jane, john, alice, ben } = PERSONAS;
const USERS: readonly ManagedUser[] = seed(FIXED_NOW).users;
const HOUR = 1 / 24;

/** A grant as the server sends it; by default Dr. Carter reading Jane's records, granted 10 minutes ago. */
const grantOf = (overrides: Partial<EmergencyGrant> = {}): EmergencyGrant => ({
  id: 'eg-1',
  ownerId: jane.sub,
  patientId: jane.patientId ?? '',
  clinicianSub: ben.sub,
  reason: 'Unconscious in the emergency room; checking allergies.',
  grantedAt: instantFrom(FIXED_NOW, 0, -10 / 60),
  expiresAt: instantFrom(FIXED_NOW, 0, 50 / 60),
  ...overrides,
});
/** A grant that began `days` before now and lasted an hour. */
const grantDaysAgo = (days: number, id = `eg-${days}`) =>
  grantOf({ id, grantedAt: instantFrom(FIXED_NOW, -days), expiresAt: instantFrom(FIXED_NOW, -days + HOUR) });

function renderScreen(props: Partial<EmergencyAccessAlertsScreenProps> = {}) {
  const onRetry = vi.fn();
  render(
    <ClockProvider clock={CLOCK}>
      <EmergencyAccessAlertsScreen grants={[grantOf()]} users={USERS} onRetry={onRetry} {...props} />
    </ClockProvider>,
  );
  return { onRetry };
}

/** The body rows of the table, top to bottom: the row header (Granted), then the other cells. */
const rowTexts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (cell) => cell.textContent,
      ),
    );

describe('EmergencyAccessAlertsScreen', () => {
  it('shows per grant when, the doctor, the patient, the reason, the expiry and the status in words', () => {
    renderScreen({ grants: [grantOf(), grantDaysAgo(2)] });
    expect(screen.getByRole('region', { name: T.title })).toBeTruthy();
    expect(rowTexts()).toEqual([
      [
        'Today at 2:20 PM',
        ben.name,
        `${jane.name}, ${jane.patientId}`,
        grantOf().reason,
        'Today at 3:20 PM',
        'Live',
      ],
      [
        '2 days ago at 2:30 PM',
        ben.name,
        `${jane.name}, ${jane.patientId}`,
        grantOf().reason,
        '2 days ago at 3:30 PM',
        'Expired',
      ],
    ]);
    expect(screen.getByText('2 in the last 7 days, 1 live')).toBeTruthy();
  });

  it('names no one it cannot be sure of: subjects and patient ids without the directory', () => {
    renderScreen({ users: undefined });
    expect(rowTexts()[0]?.slice(1, 3)).toEqual([ben.sub, jane.patientId]);
  });

  it('says so when there are no grants, with no badge', () => {
    renderScreen({ grants: [] });
    expect(screen.getByText(T.empty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByText(/in the last 7 days/)).toBeNull();
  });

  it('shows a badge-free list when every grant is older than 7 days', () => {
    renderScreen({ grants: [grantDaysAgo(8)] });
    expect(rowTexts()).toHaveLength(1);
    expect(screen.queryByText(/in the last 7 days/)).toBeNull();
  });

  it('shows the loading state', () => {
    renderScreen({ grants: undefined, loading: true });
    expect(screen.getByRole('status').textContent).toContain(T.loading);
  });

  it('shows a failed load with Try again, reachable by keyboard', async () => {
    const { onRetry } = renderScreen({ grants: undefined, error: DEFAULT_ERROR_MESSAGES.internal });
    expect(screen.getByRole('alert').textContent).toContain(DEFAULT_ERROR_MESSAGES.internal);
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: T.retry }));
    await userEvent.keyboard('{Enter}');
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('grantStatus', () => {
  it('is live from the grant until, not at, its expiry', () => {
    const grant = grantOf({ grantedAt: FIXED_NOW.toISOString(), expiresAt: instantFrom(FIXED_NOW, HOUR) });
    expect(grantStatus(grant, new Date(FIXED_NOW.getTime() - 1))).toBe('expired');
    expect(grantStatus(grant, FIXED_NOW)).toBe('live');
    expect(grantStatus(grant, new Date(FIXED_NOW.getTime() + 3_600_000 - 1))).toBe('live');
    expect(grantStatus(grant, new Date(FIXED_NOW.getTime() + 3_600_000))).toBe('expired');
  });

  it('is said in words, with a tone that only repeats it', () => {
    expect(GRANT_STATUS_LABELS).toEqual({ live: 'Live', expired: 'Expired' });
    expect(GRANT_STATUS_TONES).toEqual({ live: 'critical', expired: 'neutral' });
  });
});

describe('recentGrants and alertSummary', () => {
  it('count the grants that are live or from the last 7 days', () => {
    const grants = [grantOf(), grantDaysAgo(1), grantDaysAgo(7), grantDaysAgo(7.01), grantDaysAgo(30)];
    expect(recentGrants(grants, FIXED_NOW).map((g) => g.id)).toEqual(['eg-1', 'eg-1', 'eg-7']);
    expect(alertSummary(grants, FIXED_NOW)).toBe('3 in the last 7 days, 1 live');
    expect(alertSummary([grantDaysAgo(2)], FIXED_NOW)).toBe('1 in the last 7 days');
    expect(alertSummary([grantDaysAgo(8)], FIXED_NOW)).toBeUndefined();
  });
});

describe('doctorOf and patientOf', () => {
  it('name the doctor and the patient by their accounts', () => {
    expect(doctorOf({ clinicianSub: alice.sub }, USERS)).toBe(alice.name);
    expect(patientOf({ ownerId: john.sub, patientId: john.patientId ?? '' }, USERS)).toBe(
      `${john.name}, ${john.patientId}`,
    );
  });

  it('fall back to the subject and the patient id for an account gone', () => {
    expect(doctorOf({ clinicianSub: 'auth0|gone-000999' }, USERS)).toBe('auth0|gone-000999');
    expect(patientOf({ ownerId: 'auth0|gone-999999', patientId: 'P-999999' }, USERS)).toBe('P-999999');
  });

  it('name each of two accounts that share a patient id by the account the grant is for', () => {
    const twin = { ...USERS.find((u) => u.id === jane.sub)!, id: 'other|twin-000001', name: 'Toni Twin' };
    const users = [...USERS, twin];
    expect(patientOf({ ownerId: jane.sub, patientId: jane.patientId ?? '' }, users)).toBe(
      `${jane.name}, ${jane.patientId}`,
    );
    expect(patientOf({ ownerId: twin.id, patientId: jane.patientId ?? '' }, users)).toBe(
      `Toni Twin, ${jane.patientId}`,
    );
  });
});

describe('EmergencyAccessAlerts (connected to the mock API)', () => {
  const BASE_URL = 'http://localhost';
  const scenarioFor = createScenarios({ baseUrl: BASE_URL });
  const api = createMockApi({ baseUrl: BASE_URL });
  const server = setupServer(...api.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => api.reset());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  function renderConnected() {
    const built = buildCurrentUser(claimsFor(PERSONAS.sam));
    if (!built.ok) throw new Error(built.error.message);
    const session: Session = { status: 'signedIn', user: built.value, mfa: true, logout: () => undefined };
    const client = createApiClient({ baseUrl: BASE_URL, getAccessToken: async () => mockTokenFor('sam') });
    render(
      <ClockProvider clock={CLOCK}>
        <SessionProvider session={session}>
          <ApiProvider client={client} queryClient={createQueryClient()}>
            <EmergencyAccessAlerts />
          </ApiProvider>
        </SessionProvider>
      </ClockProvider>,
    );
  }

  it('shows an admin the grant a doctor just made, by name, live', async () => {
    const response = await fetch(`${BASE_URL}/api/patients/${jane.patientId}/emergency-access`, {
      method: 'POST',
      headers: { Authorization: authorizationFor('ben'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'Unconscious in the emergency room; checking allergies.' }),
    });
    expect(response.status).toBe(201);
    renderConnected();
    expect(await screen.findByText(ben.name)).toBeTruthy();
    expect(rowTexts()[0]).toEqual([
      'Today at 2:30 PM',
      ben.name,
      `${jane.name}, ${jane.patientId}`,
      'Unconscious in the emergency room; checking allergies.',
      'Today at 3:30 PM',
      'Live',
    ]);
    expect(screen.getByText('1 in the last 7 days, 1 live')).toBeTruthy();
  });

  it('shows the server’s message when the list fails', async () => {
    server.use(...scenarioFor.error('listEmergencyAccess'));
    renderConnected();
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_MESSAGES.internal);
  });
});

describe('EmergencyAccessNoticeView', () => {
  it('shows nothing when no grant is live or recent', () => {
    const { container } = render(<EmergencyAccessNoticeView summary={undefined} onReview={vi.fn()} />);
    expect(container.textContent).toBe('');
  });

  it('shows the count and opens the list on Review emergency access', async () => {
    const onReview = vi.fn();
    render(<EmergencyAccessNoticeView summary="2 in the last 7 days, 1 live" onReview={onReview} />);
    expect(screen.getByRole('region', { name: T.noticeTitle }).textContent).toContain(
      '2 in the last 7 days, 1 live',
    );
    await userEvent.click(screen.getByRole('button', { name: T.review }));
    expect(onReview).toHaveBeenCalledOnce();
  });
});
