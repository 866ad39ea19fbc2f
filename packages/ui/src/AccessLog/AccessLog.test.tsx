import { ROLES, buildCurrentUser } from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES, type AuditEvent } from '@sentinel/domain/contract';
import {
  FIXED_NOW,
  PERSONAS,
  PERSONA_KEYS,
  authorizationFor,
  claimsFor,
  createMockApi,
  createScenarios,
  instantFrom,
  mockTokenFor,
  type PersonaKey,
} from '@sentinel/mocks';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider, createQueryClient } from '../api/ApiProvider';
import { createApiClient } from '../api/client';
import { ClockProvider } from '../clock/ClockProvider';
import { SessionProvider, type Session } from '../session/SessionProvider';
import { AccessLog, AccessLogScreen, type AccessLogScreenProps } from './AccessLog';
import {
  ACCESS_ACTION_LABELS,
  ACCESS_LOG_TEXTS as T,
  ACCESS_OUTCOME_LABELS,
  ACCESS_OUTCOME_TONES,
  ROLE_LABELS,
  actorOf,
  actorTag,
  describeAccess,
  formatAccessTime,
  newestFirst,
} from './AccessLog.utils';

const CLOCK = { now: () => new Date(FIXED_NOW), locale: 'en-US', timeZone: 'UTC' };
const { jane, john, alice } = PERSONAS;
const JANE_PATIENT_ID = jane.patientId ?? '';

/** An audit row as the server sends it; by default Dr. Alice opening Jane's rec-001 a day ago. */
const rowOf = (overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id: 'aud-1',
  timestamp: instantFrom(FIXED_NOW, -1),
  actorSub: alice.sub,
  actorRole: 'doctor',
  action: 'read',
  resourceType: 'record',
  resourceId: 'rec-001',
  patientId: JANE_PATIENT_ID,
  outcome: 'allowed',
  reason: 'allowed',
  ...overrides,
});

function renderScreen(props: Partial<AccessLogScreenProps> = {}) {
  const onRetry = vi.fn();
  render(
    <ClockProvider clock={CLOCK}>
      <AccessLogScreen rows={[rowOf()]} viewerSub={jane.sub} onRetry={onRetry} {...props} />
    </ClockProvider>,
  );
  return { onRetry };
}

const region = () => screen.getByRole('region', { name: T.title });
/** The body rows of the table, top to bottom: the row header (When), then the other cells. */
const rowTexts = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map(
        (cell) => cell.textContent,
      ),
    );

describe('AccessLogScreen', () => {
  it('shows when, who, what and the outcome of each access in words', () => {
    renderScreen({
      rows: [
        rowOf({ id: 'aud-2', actorSub: john.sub, actorRole: 'patient', outcome: 'denied' }),
        rowOf({ id: 'aud-1', timestamp: instantFrom(FIXED_NOW, -3) }),
      ],
    });
    expect(within(region()).getByRole('heading', { level: 2, name: T.title })).toBeTruthy();
    expect(rowTexts()).toEqual([
      [
        'Yesterday at 2:30 PM',
        `Patient ${actorTag(john.sub)}`,
        'Opened record rec-001',
        ACCESS_OUTCOME_LABELS.denied,
      ],
      [
        '3 days ago at 2:30 PM',
        `Doctor ${actorTag(alice.sub)}`,
        'Opened record rec-001',
        ACCESS_OUTCOME_LABELS.allowed,
      ],
    ]);
  });

  it('says You for the viewer’s own calls and never shows anyone’s subject', () => {
    renderScreen({
      rows: [rowOf({ actorSub: jane.sub, actorRole: 'patient', action: 'list', resourceId: null })],
    });
    expect(rowTexts()).toEqual([['Yesterday at 2:30 PM', T.you, 'Listed records', 'Allowed']]);
    expect(region().textContent).not.toContain(jane.sub);
    renderScreen();
    expect(document.body.textContent).not.toContain(alice.sub);
  });

  it('gives the time as a machine-readable instant', () => {
    renderScreen();
    const time = within(region()).getByText('Yesterday at 2:30 PM');
    expect(time.tagName).toBe('TIME');
    expect(time.getAttribute('datetime')).toBe(instantFrom(FIXED_NOW, -1));
  });

  it('shows a spinner while loading', () => {
    renderScreen({ rows: undefined, loading: true });
    expect(within(region()).getByRole('status').textContent).toContain(T.loading);
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says that no one has accessed the records when there are no rows', () => {
    renderScreen({ rows: [] });
    expect(within(region()).getByText(T.empty)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('shows a failed load with Try again', async () => {
    const { onRetry } = renderScreen({ rows: undefined, error: DEFAULT_ERROR_MESSAGES.internal });
    expect(screen.getByRole('alert').textContent).toBe(DEFAULT_ERROR_MESSAGES.internal);
    await userEvent.setup().click(screen.getByRole('button', { name: T.retry }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('can sit under a screen heading', () => {
    renderScreen({ headingLevel: 3 });
    expect(screen.getByRole('heading', { level: 3, name: T.title })).toBeTruthy();
  });
});

describe('actorTag', () => {
  it('is a short tag, the same for the same subject', () => {
    expect(actorTag(alice.sub)).toMatch(/^#[0-9A-Z]{4}$/);
    expect(actorTag(alice.sub)).toBe(actorTag(PERSONAS.alice.sub));
  });

  it('tells every persona apart', () => {
    const tags = PERSONA_KEYS.map((key) => actorTag(PERSONAS[key].sub));
    expect(new Set(tags).size).toBe(PERSONA_KEYS.length);
  });

  it('does not carry the end of the subject, which gives the patient id or licence', () => {
    for (const key of PERSONA_KEYS) {
      const digits = PERSONAS[key].sub.slice(-4).toUpperCase();
      expect(actorTag(PERSONAS[key].sub)).not.toContain(digits);
    }
  });
});

describe('actorOf', () => {
  it('is You for the viewer, with no tag', () => {
    expect(actorOf({ actorSub: jane.sub, actorRole: 'patient' }, jane.sub)).toEqual({
      label: T.you,
      tag: undefined,
    });
  });

  it('is the role as a word and the tag for anyone else', () => {
    expect(actorOf({ actorSub: alice.sub, actorRole: 'doctor' }, jane.sub)).toEqual({
      label: 'Doctor',
      tag: actorTag(alice.sub),
    });
    expect(actorOf({ actorSub: 'auth0|x', actorRole: 'lab_tech' }, jane.sub).label).toBe('Lab technician');
  });

  it('is the name with the role as the tag for staff the server names', () => {
    expect(actorOf({ actorSub: null, actorName: alice.name, actorRole: 'doctor' }, jane.sub)).toEqual({
      label: alice.name,
      tag: 'Doctor',
    });
  });

  it('is Another user for another patient, whom the server leaves unnamed', () => {
    expect(actorOf({ actorSub: null, actorRole: 'patient' }, jane.sub)).toEqual({
      label: T.anotherUser,
      tag: undefined,
    });
    expect(actorOf({ actorSub: null, actorRole: 'nurse' }, jane.sub)).toEqual({
      label: 'Nurse',
      tag: undefined,
    });
  });

  it('has a label for every role', () => {
    for (const role of ROLES) expect(ROLE_LABELS[role]).toMatch(/^[A-Z][a-z]+( [a-z]+)?$/);
  });
});

describe('describeAccess', () => {
  it('names the item when the row has an id', () => {
    expect(describeAccess({ action: 'read', resourceType: 'record', resourceId: 'rec-001' })).toBe(
      'Opened record rec-001',
    );
    expect(describeAccess({ action: 'update', resourceType: 'appointment', resourceId: 'apt-3' })).toBe(
      'Updated appointment apt-3',
    );
    expect(describeAccess({ action: 'update', resourceType: 'prescription', resourceId: 'rx-1' })).toBe(
      'Updated prescription rx-1',
    );
    expect(describeAccess({ action: 'delete', resourceType: 'user', resourceId: 'user-9' })).toBe(
      'Deleted user account user-9',
    );
  });

  it('uses the plural after list and search', () => {
    expect(describeAccess({ action: 'list', resourceType: 'record', resourceId: null })).toBe(
      'Listed records',
    );
    expect(describeAccess({ action: 'list', resourceType: 'audit', resourceId: null })).toBe(
      'Listed access history',
    );
    expect(describeAccess({ action: 'search', resourceType: 'knowledge', resourceId: null })).toBe(
      'Searched knowledge articles',
    );
  });

  it('uses an article when a single item has no id (a refused create)', () => {
    expect(describeAccess({ action: 'create', resourceType: 'record', resourceId: null })).toBe(
      'Created a record',
    );
    expect(describeAccess({ action: 'create', resourceType: 'appointment', resourceId: null })).toBe(
      'Created an appointment',
    );
    expect(describeAccess({ action: 'create', resourceType: 'chat', resourceId: null })).toBe(
      'Created an assistant chat',
    );
  });

  it('has a verb for every action', () => {
    expect(Object.values(ACCESS_ACTION_LABELS)).toEqual([
      'Listed',
      'Opened',
      'Searched',
      'Created',
      'Updated',
      'Deleted',
    ]);
  });
});

describe('formatAccessTime', () => {
  const utc = { locale: 'en-US', timeZone: 'UTC' };

  it('gives the day relative to now and the time of day', () => {
    expect(formatAccessTime(FIXED_NOW.toISOString(), FIXED_NOW, utc)).toBe('Today at 2:30 PM');
    expect(formatAccessTime(instantFrom(FIXED_NOW, -1, -5), FIXED_NOW, utc)).toBe('Yesterday at 9:30 AM');
    expect(formatAccessTime(instantFrom(FIXED_NOW, -30), FIXED_NOW, utc)).toBe('Oct 3, 2026 at 2:30 PM');
  });

  it('uses the viewer’s time zone for both the day and the time', () => {
    const ny = { locale: 'en-US', timeZone: 'America/New_York' };
    // 02:00 UTC on Nov 2 is still Nov 1 in New York.
    expect(formatAccessTime('2026-11-02T02:00:00.000Z', FIXED_NOW, ny)).toBe('Yesterday at 9:00 PM');
  });
});

describe('newestFirst', () => {
  it('orders by time, newest first, without changing the rows given', () => {
    const rows = [
      rowOf({ id: 'a', timestamp: instantFrom(FIXED_NOW, -2) }),
      rowOf({ id: 'b', timestamp: instantFrom(FIXED_NOW, 0) }),
      rowOf({ id: 'c', timestamp: instantFrom(FIXED_NOW, -1) }),
    ];
    expect(newestFirst(rows).map((r) => r.id)).toEqual(['b', 'c', 'a']);
    expect(rows.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('puts the later of two rows stamped alike first (the trail is appended to)', () => {
    const at = FIXED_NOW.toISOString();
    const rows = [rowOf({ id: 'first', timestamp: at }), rowOf({ id: 'second', timestamp: at })];
    expect(newestFirst(rows).map((r) => r.id)).toEqual(['second', 'first']);
  });
});

describe('outcome badges', () => {
  it('say Allowed or Refused, in a tone that only repeats it', () => {
    expect(ACCESS_OUTCOME_LABELS).toEqual({ allowed: 'Allowed', denied: 'Refused' });
    expect(ACCESS_OUTCOME_TONES).toEqual({ allowed: 'positive', denied: 'critical' });
  });
});

describe('AccessLog (connected to the mock API)', () => {
  const BASE_URL = 'http://localhost';
  const scenarioFor = createScenarios({ baseUrl: BASE_URL });
  const api = createMockApi({ baseUrl: BASE_URL });
  const server = setupServer(...api.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => api.reset());
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  /** Opens a record as `who`, the way their own screen would. */
  async function openRecord(who: PersonaKey, id: string) {
    const response = await fetch(`${BASE_URL}/api/records/${id}`, {
      headers: { Authorization: authorizationFor(who) },
    });
    return response.status;
  }

  function renderConnected(who: PersonaKey) {
    const built = buildCurrentUser(claimsFor(PERSONAS[who]));
    if (!built.ok) throw new Error(built.error.message);
    const session: Session = { status: 'signedIn', user: built.value, mfa: false, logout: () => undefined };
    const client = createApiClient({ baseUrl: BASE_URL, getAccessToken: async () => mockTokenFor(who) });
    render(
      <ClockProvider clock={CLOCK}>
        <SessionProvider session={session}>
          <ApiProvider client={client} queryClient={createQueryClient()}>
            <AccessLog />
          </ApiProvider>
        </SessionProvider>
      </ClockProvider>,
    );
  }

  it('shows Jane that Dr. Alice opened her record and another user was refused it, newest first', async () => {
    expect(await openRecord('alice', 'rec-001')).toBe(200);
    expect(await openRecord('john', 'rec-001')).toBe(404);
    renderConnected('jane');
    await screen.findByRole('table');
    expect(rowTexts()).toEqual([
      ['Today at 2:30 PM', T.anotherUser, 'Opened record rec-001', 'Refused'],
      ['Today at 2:30 PM', `${alice.name} Doctor`, 'Opened record rec-001', 'Allowed'],
    ]);
    expect(document.body.textContent).not.toContain(john.name);
  });

  it('shows John his own refused attempt but nothing of Jane’s record', async () => {
    await openRecord('alice', 'rec-001');
    await openRecord('john', 'rec-001');
    renderConnected('john');
    await screen.findByRole('table');
    expect(rowTexts()).toEqual([['Today at 2:30 PM', T.you, 'Opened record rec-001', 'Refused']]);
    expect(screen.queryByText('Doctor', { exact: false })).toBeNull();
  });

  it('says no one has accessed the records of a patient nobody has touched', async () => {
    renderConnected('jane');
    expect(await screen.findByText(T.empty)).toBeTruthy();
  });

  it('shows the server’s message and loads again with Try again', async () => {
    await openRecord('alice', 'rec-001');
    server.use(...scenarioFor.error('listAudit'));
    renderConnected('jane');
    // The query client retries a server error once (after about a second) before giving up.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(DEFAULT_ERROR_MESSAGES.internal);
    server.resetHandlers();
    await userEvent.setup().click(screen.getByRole('button', { name: T.retry }));
    await waitFor(() => expect(screen.getByRole('table')).toBeTruthy());
    expect(rowTexts()).toEqual([
      ['Today at 2:30 PM', `${alice.name} Doctor`, 'Opened record rec-001', 'Allowed'],
    ]);
  });
});
