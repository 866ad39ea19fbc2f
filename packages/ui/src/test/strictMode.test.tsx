import {
  ADMIN_TEXTS,
  APPOINTMENT_TEXTS,
  CONFIDENTIALITY_TEXTS,
  PRESCRIPTION_TEXTS,
  RECORD_TEXTS,
  USER_MANAGEMENT_TEXTS,
  buildCurrentUser,
} from '@sentinel/domain';
import {
  FIXED_NOW,
  PERSONAS,
  authorizationFor,
  claimsFor,
  createMockApi,
  mockTokenFor,
  seedApprovalRequests,
  type PersonaKey,
} from '@sentinel/mocks';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { StrictMode, type ReactNode } from 'react';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  vi,
  type MockInstance,
} from 'vitest';
import { AccessLog } from '../AccessLog/AccessLog';
import { ACCESS_LOG_TEXTS } from '../AccessLog/AccessLog.utils';
import { AdminDashboard } from '../AdminDashboard/AdminDashboard';
import { APPOINTMENT_FORM_TEXTS } from '../Appointments/AppointmentForm';
import { Appointments } from '../Appointments/Appointments';
import { Approvals } from '../Approvals/Approvals';
import { APPROVALS_SCREEN_TEXTS } from '../Approvals/Approvals.utils';
import { CalendarConnect } from '../CalendarConnect/CalendarConnect';
import { CALENDAR_CONNECT_TEXTS, CALENDAR_SCOPE_LABELS } from '../CalendarConnect/CalendarConnect.utils';
import { CHALLENGE_DEMO_TEXTS, ChallengeDemo } from '../ChallengeDemo/ChallengeDemo';
import { ChatPanel } from '../ChatPanel/ChatPanel';
import { CHAT_PANEL_TEXTS } from '../ChatPanel/ChatPanel.texts';
import { DoctorPortal } from '../DoctorPortal/DoctorPortal';
import { EmergencyAccessAlerts } from '../EmergencyAccessAlerts/EmergencyAccessAlerts';
import { EMERGENCY_ACCESS_TEXTS } from '../EmergencyAccessAlerts/EmergencyAccessAlerts.utils';
import { KnowledgeBase } from '../KnowledgeBase/KnowledgeBase';
import { KNOWLEDGE_SCREEN_TEXTS } from '../KnowledgeBase/KnowledgeBase.utils';
import { LANDING_TEXTS, Landing } from '../Landing/Landing';
import { MedicalRecords } from '../MedicalRecords/MedicalRecords';
import { PatientDashboard } from '../PatientDashboard/PatientDashboard';
import { Prescriptions } from '../Prescriptions/Prescriptions';
import { PRESCRIPTION_SCREEN_TEXTS } from '../Prescriptions/Prescriptions.utils';
import { SentinelProvider } from '../SentinelProvider/SentinelProvider';
import type { Session } from '../session/SessionProvider';
import { UserManagement } from '../UserManagement/UserManagement';
import { USER_MANAGEMENT_SCREEN_TEXTS } from '../UserManagement/UserManagement.utils';
import { createQueryClient } from '../api/ApiProvider';
import { afterQueuedEvents, withBrowsersDialogCloseTiming } from './dialogCloseTiming';

/*
 * Every screen exported from @sentinel/ui, rendered as a host renders it in development: inside <StrictMode>
 * (mount, unmount, mount again; effects twice) and <SentinelProvider>, against the mock API. Each screen's main
 * action must still work once: a dialog it opens stays open, a form it submits is sent once, a stream it starts
 * is started once.
 */
const BASE_URL = 'http://localhost';
const api = createMockApi({ baseUrl: BASE_URL });
const server = setupServer(...api.handlers);
const CLOCK = { now: () => new Date(FIXED_NOW), locale: 'en-US', timeZone: 'UTC' };

/** Every request the screens sent, as 'METHOD /path'. */
let requests: string[] = [];
server.events.on('request:start', ({ request }) => {
  requests.push(`${request.method} ${new URL(request.url).pathname}`);
});
const writes = () => requests.filter((r) => !r.startsWith('GET '));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
/** React reports what StrictMode finds (and failed renders) on console.error: a screen must cause none. */
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  api.reset();
  requests = [];
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  expect(consoleError).not.toHaveBeenCalled();
  consoleError.mockRestore();
});
afterAll(() => server.close());
withBrowsersDialogCloseTiming();

function sessionOf(who: PersonaKey): Session {
  const built = buildCurrentUser(claimsFor(PERSONAS[who]));
  if (!built.ok) throw new Error(built.error.message);
  return { status: 'signedIn', user: built.value, mfa: PERSONAS[who].mfa, logout: () => undefined };
}

function renderStrict(children: ReactNode, who: PersonaKey = 'alice') {
  render(
    <StrictMode>
      <SentinelProvider
        baseUrl={BASE_URL}
        getAccessToken={async () => mockTokenFor(who)}
        session={sessionOf(who)}
        clock={CLOCK}
        queryClient={createQueryClient()}
      >
        {children}
      </SentinelProvider>
    </StrictMode>,
  );
  return userEvent.setup();
}

/** A request as a persona, straight to the mock API: what other people did before the screen opens. */
async function as(who: PersonaKey, method: string, path: string, body?: unknown) {
  const response = await fetch(`${BASE_URL}${path}`, {
    method,
    headers: { Authorization: authorizationFor(who), 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} as ${who}: ${response.status}`);
  requests = [];
}

/** The value under a label in a definition list. */
const valueOf = (scope: HTMLElement, label: string) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Appointments under StrictMode', () => {
  it('books an appointment with one request', async () => {
    const user = renderStrict(<Appointments />);
    const form = within(await screen.findByRole('form', { name: APPOINTMENT_FORM_TEXTS.title }));
    await user.type(form.getByLabelText(APPOINTMENT_FORM_TEXTS.patientName), PERSONAS.john.name);
    await user.type(form.getByLabelText(APPOINTMENT_FORM_TEXTS.patientEmail), PERSONAS.john.email);
    await user.type(form.getByLabelText(APPOINTMENT_FORM_TEXTS.doctorName), PERSONAS.ben.name);
    await user.type(form.getByLabelText(APPOINTMENT_FORM_TEXTS.date), '2026-11-20');
    await user.type(form.getByLabelText(APPOINTMENT_FORM_TEXTS.time), '10:15');
    await user.selectOptions(form.getByLabelText(APPOINTMENT_FORM_TEXTS.type), 'follow-up');
    await user.click(form.getByRole('button', { name: APPOINTMENT_FORM_TEXTS.submit }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'Total' }).textContent).toBe('Total11'));
    expect(screen.getByRole('heading', { name: APPOINTMENT_TEXTS.titleOther })).toBeTruthy();
    expect(writes()).toEqual(['POST /api/appointments']);
  });
});

describe('Prescriptions under StrictMode', () => {
  it('keeps a prescription opened with View Details open', async () => {
    const user = renderStrict(<Prescriptions />, 'jane');
    const card = within(await screen.findByRole('region', { name: 'Metformin' }));
    await user.click(card.getByRole('button', { name: PRESCRIPTION_SCREEN_TEXTS.viewDetails }));
    await afterQueuedEvents();
    expect(screen.getByRole('dialog', { name: 'Metformin' })).toBeTruthy();
  });

  it('asks for a refill with one request', async () => {
    const user = renderStrict(<Prescriptions />);
    const metformin = await screen.findByRole('region', { name: 'Metformin' });
    expect(valueOf(metformin, PRESCRIPTION_SCREEN_TEXTS.refillsLeft)).toBe('2');
    await user.click(within(metformin).getByRole('button', { name: PRESCRIPTION_TEXTS.refill }));
    await waitFor(() => expect(valueOf(metformin, PRESCRIPTION_SCREEN_TEXTS.refillsLeft)).toBe('1'));
    expect(writes()).toEqual(['POST /api/prescriptions/rx-001/refill']);
  });
});

describe('MedicalRecords under StrictMode', () => {
  it('keeps the record opened with View Details open', async () => {
    const user = renderStrict(<MedicalRecords />);
    const card = within(await screen.findByRole('article', { name: 'Stage 2 hypertension' }));
    await user.click(card.getByRole('button', { name: RECORD_TEXTS.viewDetails }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Stage 2 hypertension' }));
    expect(await dialog.findByText('150/93 mmHg')).toBeTruthy();
    await afterQueuedEvents();
    expect(screen.getByRole('dialog', { name: 'Stage 2 hypertension' })).toBeTruthy();
  });

  it('keeps the New Record form open', async () => {
    const user = renderStrict(<MedicalRecords />);
    await user.click(await screen.findByRole('button', { name: RECORD_TEXTS.newRecord }));
    await afterQueuedEvents();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('grants emergency access with one request, from a dialog that stays open until then', async () => {
    const user = renderStrict(<MedicalRecords />, 'ben');
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: CONFIDENTIALITY_TEXTS.emergencyButton }));
    await afterQueuedEvents();
    const dialog = within(screen.getByRole('dialog', { name: CONFIDENTIALITY_TEXTS.emergencyTitle }));
    await user.type(dialog.getByRole('textbox', { name: /^Patient ID/ }), 'P-000001');
    await user.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Unconscious in the emergency room');
    await user.click(dialog.getByRole('button', { name: CONFIDENTIALITY_TEXTS.emergencyConfirm }));
    expect(await screen.findByRole('article', { name: 'Generalized anxiety disorder' })).toBeTruthy();
    expect(writes()).toEqual(['POST /api/patients/P-000001/emergency-access']);
  });
});

describe('KnowledgeBase under StrictMode', () => {
  it('shows the document a doctor selects', async () => {
    const metformin = 'Metformin: Prescribing and Monitoring';
    const user = renderStrict(<KnowledgeBase />);
    await user.click(await screen.findByRole('button', { name: metformin }));
    const content = await screen.findByRole('region', {
      name: KNOWLEDGE_SCREEN_TEXTS.contentLabel(metformin),
    });
    expect(within(content).getByRole('heading', { level: 4, name: 'Overview' })).toBeTruthy();
  });
});

describe('ChatPanel under StrictMode', () => {
  it('streams one reply to one question, with one request', async () => {
    const user = renderStrict(<ChatPanel />, 'jane');
    const box = await screen.findByRole('textbox', { name: CHAT_PANEL_TEXTS.messageLabel });
    await user.type(box, 'How can I manage my diabetes?{Enter}');
    const log = within(screen.getByRole('log', { name: CHAT_PANEL_TEXTS.messagesLabel }));
    expect(await log.findByText(/^Managing diabetes usually combines/)).toBeTruthy();
    expect(log.getAllByText('How can I manage my diabetes?')).toHaveLength(1);
    expect(writes()).toEqual(['POST /api/chat']);
  });
});

describe('UserManagement under StrictMode', () => {
  it('keeps the confirmation of a user’s deletion open until it is answered', async () => {
    const user = renderStrict(<UserManagement />, 'sam');
    await user.click(await screen.findByRole('button', { name: 'Delete John Roe' }));
    await afterQueuedEvents();
    const confirm = within(screen.getByRole('alertdialog'));
    expect(confirm.getByRole('button', { name: USER_MANAGEMENT_TEXTS.delete })).toBeTruthy();
  });

  it('creates a user with one request', async () => {
    const user = renderStrict(<UserManagement />, 'sam');
    await user.click(await screen.findByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }));
    await afterQueuedEvents();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Ada Lovelace');
    await user.type(screen.getByRole('textbox', { name: /Email/ }), 'ada.lovelace@example.com');
    await user.click(screen.getByRole('button', { name: USER_MANAGEMENT_SCREEN_TEXTS.create }));
    expect(await screen.findByText('Ada Lovelace')).toBeTruthy();
    expect(writes()).toEqual(['POST /api/users']);
  });
});

describe('AccessLog under StrictMode', () => {
  it('lists who opened a patient’s records', async () => {
    await as('alice', 'GET', '/api/records/rec-001');
    renderStrict(<AccessLog />, 'jane');
    const log = within(await screen.findByRole('region', { name: ACCESS_LOG_TEXTS.title }));
    const table = within(await log.findByRole('table', { name: ACCESS_LOG_TEXTS.caption }));
    expect(await table.findByText(/^Dr\. Alice Smith/)).toBeTruthy();
    expect(table.getByText('Opened record rec-001')).toBeTruthy();
  });
});

describe('Approvals under StrictMode', () => {
  it('approves a request with one request, and says so', async () => {
    seedApprovalRequests(api.store, 'alice', ['pending']);
    const user = renderStrict(<Approvals />);
    const metformin = await screen.findByRole('region', {
      name: 'Metformin 500 mg, Twice daily, for Jane Doe',
    });
    await user.click(within(metformin).getByRole('button', { name: APPROVALS_SCREEN_TEXTS.approve }));
    expect((await screen.findByRole('status')).textContent).toContain(APPROVALS_SCREEN_TEXTS.created);
    expect(writes()).toEqual(['POST /api/approvals/apr-1001/decision']);
  });
});

describe('CalendarConnect under StrictMode', () => {
  it('connects a calendar with one request', async () => {
    const user = renderStrict(<CalendarConnect />, 'jane');
    const region = within(await screen.findByRole('region', { name: CALENDAR_CONNECT_TEXTS.title }));
    await user.click(
      await region.findByRole('checkbox', { name: new RegExp(CALENDAR_SCOPE_LABELS['calendar:write']) }),
    );
    await user.click(region.getByRole('button', { name: CALENDAR_CONNECT_TEXTS.connect }));
    expect(await region.findByText(CALENDAR_CONNECT_TEXTS.connected)).toBeTruthy();
    expect(writes()).toEqual(['POST /api/vault/calendar']);
  });
});

describe('ChallengeDemo under StrictMode', () => {
  it('runs a demo once and shows its result', async () => {
    const onNavigate = vi.fn();
    const user = renderStrict(<ChallengeDemo onNavigate={onNavigate} />);
    await user.click(await screen.findByRole('button', { name: 'User authentication' }));
    expect(await screen.findByText(PERSONAS.alice.sub)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: CHALLENGE_DEMO_TEXTS.goToDashboard }));
    expect(onNavigate).toHaveBeenCalledOnce();
  });
});

describe('EmergencyAccessAlerts under StrictMode', () => {
  it('shows an administrator a live break-the-glass grant', async () => {
    await as('ben', 'POST', `/api/patients/${PERSONAS.jane.patientId}/emergency-access`, {
      reason: 'Unconscious in the emergency room; checking allergies and history.',
    });
    renderStrict(<EmergencyAccessAlerts />, 'sam');
    const alerts = within(await screen.findByRole('region', { name: EMERGENCY_ACCESS_TEXTS.title }));
    const table = within(await alerts.findByRole('table', { name: EMERGENCY_ACCESS_TEXTS.caption }));
    expect(await table.findByText(PERSONAS.ben.name)).toBeTruthy();
    expect(table.getByText('Live')).toBeTruthy();
  });
});

describe('the dashboards under StrictMode', () => {
  it('PatientDashboard opens the records from its overview', async () => {
    const user = renderStrict(<PatientDashboard onNavigate={vi.fn()} />, 'jane');
    await user.click(await screen.findByRole('button', { name: 'View records' }));
    expect(await screen.findByRole('heading', { name: RECORD_TEXTS.titlePatient })).toBeTruthy();
  });

  it('DoctorPortal opens the knowledge base from its overview', async () => {
    const user = renderStrict(<DoctorPortal onNavigate={vi.fn()} />);
    await user.click(await screen.findByRole('button', { name: 'Open medical knowledge' }));
    expect(screen.getByRole('tab', { name: 'Medical Knowledge' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Metformin: Prescribing and Monitoring' })).toBeTruthy();
  });

  it('AdminDashboard opens user management from a shortcut', async () => {
    const user = renderStrict(<AdminDashboard onNavigate={vi.fn()} />, 'sam');
    await user.click(await screen.findByRole('button', { name: ADMIN_TEXTS.shortcuts[0] }));
    expect(screen.getByRole('tab', { name: 'User Management' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('button', { name: 'Delete John Roe' })).toBeTruthy();
  });
});

describe('Landing under StrictMode', () => {
  it('starts one sign-in per click', async () => {
    const login = vi.fn();
    render(
      <StrictMode>
        <SentinelProvider session={{ status: 'signedOut', login }} clock={CLOCK}>
          <Landing />
        </SentinelProvider>
      </StrictMode>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: LANDING_TEXTS.signIn }));
    expect(login).toHaveBeenCalledOnce();
  });
});
