import { DEFAULT_PERMISSIONS } from '@sentinel/domain';
import {
  ROUTES,
  ROUTE_NAMES,
  canCallRoute,
  deniedMessageFor,
  type RouteName,
} from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { PERSONAS, PERSONA_KEYS, type PersonaKey } from '@sentinel/demo-data';
import { call, useMockApi, type CallOptions } from '../../test/testkit';

useMockApi();

/** A valid call of every route. Calls naming an item use one of Jane's, so ownership decides for patients. */
const EXAMPLES: { readonly [N in RouteName]: CallOptions } = {
  getMe: {},
  listAppointments: {},
  createAppointment: {
    body: { patientName: 'Jane Doe', patientEmail: 'jane.doe@example.com', date: '2026-11-10' },
  },
  updateAppointmentStatus: { params: { id: 'apt-004' }, body: { status: 'confirmed' } },
  deleteAppointment: { params: { id: 'apt-004' } },
  listRecords: {},
  createRecord: {
    body: {
      recordType: 'visit-note',
      title: 'Follow-up',
      patientEmail: 'jane.doe@example.com',
      date: '2026-11-02',
    },
  },
  getRecord: { params: { id: 'rec-001' } },
  updateRecord: { params: { id: 'rec-001' }, body: { title: 'Corrected title' } },
  listPrescriptions: {},
  createPrescription: {
    body: { patientEmail: 'jane.doe@example.com', medication: 'Metformin', refillsAllowed: 2 },
  },
  refillPrescription: { params: { id: 'rx-001' } },
  listUsers: {},
  createUser: { body: { name: 'Test Person', email: 'test.person@example.com' } },
  updateUser: { params: { id: 'auth0|sentinel-lab-000601' }, body: { status: 'suspended' } },
  deleteUser: { params: { id: 'auth0|sentinel-patient-000004' } },
  resendInvitation: { params: { id: 'auth0|sentinel-lab-000601' } },
  resetSecondFactor: { params: { id: 'auth0|sentinel-doctor-000102' } },
  listKnowledge: {},
  searchKnowledge: { query: { q: 'diabetes treatment' } },
  getKnowledgeItem: { params: { id: 'diabetes-lifestyle-treatment' } },
  assistantStatus: {},
  chat: { body: { messages: [{ role: 'user', content: 'How can I sleep better?' }] } },
  identityStatus: {},
  fgaSamples: {},
  getCalendarConnection: {},
  connectCalendar: { body: { scopes: ['calendar:read'] } },
  disconnectCalendar: {},
  listCalendarEvents: {},
  listApprovals: {},
  getApproval: { params: { id: 'apr-1001' } },
  decideApproval: { params: { id: 'apr-1001' }, body: { decision: 'deny' } },
  listAudit: {},
  createEmergencyAccess: {
    params: { id: 'P-000001' },
    body: { reason: 'Unconscious in the emergency room' },
  },
  listEmergencyAccess: {},
};

/** Routes whose example names one of Jane's items. */
const JANE_ITEM: readonly RouteName[] = [
  'updateAppointmentStatus',
  'deleteAppointment',
  'getRecord',
  'updateRecord',
  'refillPrescription',
];

/**
 * What the domain says a persona gets: 403 without the route's permission (REQ-access defaults for the
 * dashboard role the role decision (REQ-auth) gives); 404 for someone else's item when the viewer is treated
 * as a patient (REQ-kb ownership); 404 for the lifestyle document when the REQ-kb-document-roles document
 * roles leave the knowledge role out; 409 for the calendar's events before the calendar is connected; else
 * the route's success status.
 */
function expectedStatus(key: PersonaKey, name: RouteName): number {
  const persona = PERSONAS[key];
  if (!canCallRoute(name, { permissions: DEFAULT_PERMISSIONS[persona.dashboardRole] })) return 403;
  if (JANE_ITEM.includes(name) && persona.dashboardRole === 'patient' && key !== 'jane') return 404;
  if (name === 'getKnowledgeItem' && persona.role === 'pharmacist') return 404;
  // Record confidentiality (REQ-rec-confidentiality): rec-001 is Jane's sensitive record, by Dr. Smith; Dr.
  // Carter is on her care team by an appointment; an administrator reads no sensitive record.
  if (JANE_ITEM.includes(name) && name.endsWith('Record') && persona.role === 'admin') return 404;
  // Break-the-glass is for doctors outside the assigned team: Dr. Smith is Jane's assigned doctor.
  if (name === 'createEmergencyAccess' && persona.role !== 'doctor') return 403;
  if (name === 'createEmergencyAccess' && key === 'alice') return 409;
  // Every seeded user has signed in, so has a password: there is no invitation to resend.
  if (name === 'resendInvitation') return 409;
  // Every test starts with a fresh store, where nobody has connected the calendar yet.
  if (name === 'listCalendarEvents') return 409;
  // Only the assistant files approval requests, and a fresh store holds none.
  if (name === 'getApproval' || name === 'decideApproval') return 404;
  return ROUTES[name].status;
}

const CASES = PERSONA_KEYS.flatMap((key) => ROUTE_NAMES.map((name) => [key, name] as const));

describe('every persona on every route', () => {
  it.each(CASES)('%s calling %s succeeds or is refused as the domain says', async (key, name) => {
    const answer = await call(key, name, EXAMPLES[name]);
    const expected = expectedStatus(key, name);
    expect(answer.status).toBe(expected);
    if (expected === 403) {
      expect(answer.json).toStrictEqual({ error: 'forbidden', message: deniedMessageFor(name) });
    }
    if (expected === 404) expect(answer.json).toStrictEqual({ error: 'not_found', message: 'Not found.' });
  });

  it.each(ROUTE_NAMES)('%s without a token answers 401 and nothing else', async (name) => {
    const answer = await call(null, name, EXAMPLES[name]);
    expect(answer.status).toBe(401);
    expect(answer.json).toStrictEqual({ error: 'unauthorized', message: 'Sign in to continue.' });
    expect(answer.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });
});

describe('spot checks of the matrix in words', () => {
  it('a patient may list appointments but not create one', async () => {
    expect((await call('jane', 'listAppointments')).status).toBe(200);
    const refused = await call('jane', 'createAppointment', EXAMPLES.createAppointment);
    expect(refused.json).toStrictEqual({
      error: 'forbidden',
      message: 'You do not have permission to create appointments',
    });
  });

  it('a doctor may prescribe but not delete appointments', async () => {
    expect((await call('alice', 'createPrescription', EXAMPLES.createPrescription)).status).toBe(201);
    expect((await call('alice', 'deleteAppointment', EXAMPLES.deleteAppointment)).json).toStrictEqual({
      error: 'forbidden',
      message: 'You do not have permission to delete appointments',
    });
  });

  it('only the admin reaches user management', async () => {
    expect((await call('sam', 'listUsers')).status).toBe(200);
    for (const key of ['jane', 'alice', 'nora'] as const) {
      expect((await call(key, 'listUsers')).status).toBe(403);
    }
  });
});
