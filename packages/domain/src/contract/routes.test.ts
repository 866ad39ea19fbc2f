import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Appointment, ManagedUser, MedicalRecord, Prescription } from '../entities';
import { DEFAULT_PERMISSIONS } from '../roles';
import { PERMISSION_ALERTS, ROUTE_TEXTS, USER_MANAGEMENT_TEXTS } from '../texts';
import type { AuditEvent } from './audit';
import type { UserCreate } from './bodies';
import type { ChatStreamEvent } from './chat';
import type { ApprovalRequest, CalendarEvent, VaultConnection } from './pillars';
import type { KnowledgeListItem } from './responses';
import {
  AUTHENTICATED,
  IdParamSchema,
  NoQuerySchema,
  ROUTES,
  ROUTE_NAMES,
  buildPath,
  canCallRoute,
  deniedMessageFor,
  matchRoute,
  type ParsedRequestBody,
  type RequestBody,
  type ResponseBody,
  type RouteDefinition,
  type RouteName,
  type RouteParams,
  type RouteQuery,
} from './routes';

const appointment: Appointment = {
  id: 'apt-1001',
  patientName: 'Jane Doe',
  patientEmail: 'jane.doe@example.com',
  doctorName: 'Dr. Alice Smith',
  date: '2026-08-03',
  time: '09:30',
  type: 'follow-up',
  status: 'scheduled',
  notes: 'Review HbA1c.',
};
const disconnected: VaultConnection = {
  connection: 'calendar',
  connected: false,
  scopes: [],
  connectedAt: null,
};
const calendarEvent: CalendarEvent = {
  id: 'evt-apt-1001',
  title: 'Follow-up with Dr. Alice Smith',
  start: '2026-08-03T09:30:00Z',
  end: '2026-08-03T10:00:00Z',
  location: 'Sentinel Health clinic',
  description: 'Review HbA1c.',
  appointmentId: 'apt-1001',
};
const approval: ApprovalRequest = {
  id: 'apr-1',
  tool: 'prescription_async_auth',
  action: 'prescribe',
  status: 'pending',
  requestedBy: 'auth0|alice',
  approverSub: 'auth0|alice',
  patientId: 'P-1001',
  summary: 'Metformin 500 mg, Twice daily, for Jane Doe',
  prescription: {
    patientName: 'Jane Doe',
    patientEmail: 'jane.doe@example.com',
    medication: 'Metformin',
    dosage: '500 mg',
    frequency: 'Twice daily',
    duration: '90 days',
    instructions: 'Take with meals.',
    refillsAllowed: 2,
  },
  createdAt: '2026-08-01T09:00:00Z',
  expiresAt: '2026-08-01T09:10:00Z',
  decidedAt: null,
  prescriptionId: null,
};
const record: MedicalRecord = {
  id: 'rec-1001',
  recordType: 'lab-result',
  title: 'HbA1c panel',
  description: 'HbA1c 6.9%.',
  patientName: 'Jane Doe',
  patientEmail: 'jane.doe@example.com',
  patientId: 'P-100001',
  doctor: 'Dr. Alice Smith',
  date: '2026-07-01',
  status: 'active',
  confidentialityLevel: 'normal',
  vitals: { bloodPressure: '128/82', heartRate: 72, temperature: 98.4, weight: 68, height: 165 },
};
const prescription: Prescription = {
  id: 'rx-1001',
  patientName: 'Jane Doe',
  patientEmail: 'jane.doe@example.com',
  patientId: 'P-100001',
  medication: 'Metformin',
  dosage: '500 mg',
  frequency: 'Twice daily',
  duration: '30 days',
  instructions: 'Take with meals.',
  prescribedBy: 'Dr. Alice Smith',
  prescribedDate: '2026-07-01',
  startDate: '2026-07-01',
  endDate: '2026-07-31',
  status: 'active',
  refillsAllowed: 3,
  refillsUsed: 1,
  pharmacy: 'Main Street Pharmacy',
  sideEffects: ['Nausea'],
  interactions: ['Alcohol'],
};
const nora: ManagedUser = {
  id: '1721550000000',
  name: 'Nora Nurse',
  email: 'nora.nurse@example.com',
  role: 'nurse',
  lastLogin: '2026-07-20T08:00:00.000Z',
  createdDate: '2026-01-05',
  status: 'active',
  department: '',
  specialization: '',
  phone: '+1 555 0100',
  permissions: ['read:profile'],
};
const metadata = {
  accessLevel: ['doctor', 'admin', 'nurse', 'dietitian', 'patient'],
  specializationRequired: [],
  prescribingAuthority: false,
  sensitivity: 'low',
  deaSchedule: null,
  patientAccessible: true,
  lastUpdated: '2026-07-20',
} as const;
const lifestyle: KnowledgeListItem = {
  id: 'diabetes-lifestyle-treatment',
  title: 'Diabetes Lifestyle Treatment',
  category: 'treatment',
  metadata: { ...metadata, accessLevel: [...metadata.accessLevel], specializationRequired: [] },
  filePath: 'knowledge/docs/diabetes-lifestyle-treatment.md',
  excerpt: 'Lifestyle change is the foundation of type 2 diabetes care.',
};
const auditRow: AuditEvent = {
  id: 'aud-1',
  timestamp: '2026-07-21T09:30:00.000Z',
  actorSub: 'auth0|patient-jane',
  actorRole: 'patient',
  action: 'read',
  resourceType: 'record',
  resourceId: 'rec-1001',
  patientId: 'P-000001',
  outcome: 'allowed',
  reason: 'own record',
};

const emergencyGrant = {
  id: 'eg-1001',
  ownerId: 'auth0|sentinel-patient-000001',
  patientId: 'P-000001',
  clinicianSub: 'auth0|doctor-ben',
  reason: 'Unconscious in the emergency room',
  grantedAt: '2026-11-02T10:00:00.000Z',
  expiresAt: '2026-11-02T11:00:00.000Z',
};

type Example<N extends RouteName> = {
  params: RouteParams<N>;
  query: RouteQuery<N>;
  body: RequestBody<N>;
  response: ResponseBody<N>;
};

/** A realistic call of every route, checked by the compiler against the route's types. */
const EXAMPLES: { [N in RouteName]: Example<N> } = {
  getMe: {
    params: {},
    query: {},
    body: undefined,
    response: {
      user: {
        sub: 'auth0|doctor-alice',
        name: 'Dr. Alice Smith',
        email: 'dr.alice.smith@example.com',
        role: 'doctor',
        roles: ['Doctor'],
        permissions: [...DEFAULT_PERMISSIONS.doctor],
        medical_license: 'MD-/alice',
        specialization: 'Internal Medicine',
        department: 'General Practice',
      },
      knowledgeRole: 'doctor',
      mfa: true,
    },
  },
  listAppointments: { params: {}, query: {}, body: undefined, response: { items: [appointment] } },
  createAppointment: {
    params: {},
    query: {},
    body: {
      patientName: 'Jane Doe',
      patientEmail: 'jane.doe@example.com',
      date: '2026-08-03',
      time: '09:30',
    },
    response: appointment,
  },
  updateAppointmentStatus: {
    params: { id: 'apt-1001' },
    query: {},
    body: { status: 'confirmed' },
    response: { ...appointment, status: 'confirmed' },
  },
  deleteAppointment: { params: { id: 'apt-1001' }, query: {}, body: undefined, response: undefined },
  listRecords: {
    params: {},
    query: {},
    body: undefined,
    response: { items: [record, { ...record, patientName: '' }] },
  },
  createRecord: {
    params: {},
    query: {},
    body: {
      recordType: 'lab-result',
      title: 'HbA1c panel',
      patientEmail: 'jane.doe@example.com',
      date: '2026-07-01',
    },
    response: record,
  },
  getRecord: { params: { id: 'rec-1001' }, query: {}, body: undefined, response: record },
  updateRecord: {
    params: { id: 'rec-1001' },
    query: {},
    body: { confidentialityLevel: 'sensitive' },
    response: { ...record, confidentialityLevel: 'sensitive' },
  },
  listPrescriptions: { params: {}, query: {}, body: undefined, response: { items: [prescription] } },
  createPrescription: {
    params: {},
    query: {},
    body: { patientEmail: 'jane.doe@example.com', medication: 'Metformin', refillsAllowed: '3' },
    response: prescription,
  },
  refillPrescription: {
    params: { id: 'rx-1001' },
    query: {},
    body: undefined,
    response: { ...prescription, refillsUsed: 2 },
  },
  listUsers: { params: {}, query: {}, body: undefined, response: { items: [nora] } },
  createUser: {
    params: {},
    query: {},
    body: { name: 'Nora Nurse', email: 'nora.nurse@example.com', role: 'nurse', phone: '+1 555 0100' },
    response: nora,
  },
  updateUser: {
    params: { id: '1721550000000' },
    query: {},
    body: { status: 'suspended' },
    response: { ...nora, status: 'suspended' },
  },
  deleteUser: { params: { id: '1721550000000' }, query: {}, body: undefined, response: undefined },
  resendInvitation: {
    params: { id: '1721550000000' },
    query: {},
    body: undefined,
    response: {
      ...nora,
      signIn: { state: 'invited', secondFactors: [], invitationExpires: '2026-11-05T14:30:00.000Z' },
    },
  },
  resetSecondFactor: { params: { id: '1721550000000' }, query: {}, body: undefined, response: undefined },
  listKnowledge: {
    params: {},
    query: {},
    body: undefined,
    response: {
      items: [lifestyle],
      stats: { totalItems: 4, accessibleItems: 1, accessPercentage: 25, restrictedBy: ['role: patient'] },
      summary: {
        totalKnowledge: 4,
        accessibleKnowledge: 1,
        accessibleCategories: ['treatment'],
        restrictedCategories: ['diagnostic', 'medication'],
      },
      context: { role: 'patient', specializations: ['family-medicine'] },
    },
  },
  searchKnowledge: {
    params: {},
    query: { q: 'diabetes diet' },
    body: undefined,
    response: { items: [lifestyle] },
  },
  getKnowledgeItem: {
    params: { id: 'diabetes-lifestyle-treatment' },
    query: {},
    body: undefined,
    response: {
      id: lifestyle.id,
      title: lifestyle.title,
      category: lifestyle.category,
      metadata: lifestyle.metadata,
      filePath: lifestyle.filePath,
      content: '## Overview\n\nLifestyle change is the foundation of type 2 diabetes care.',
    },
  },
  assistantStatus: {
    params: {},
    query: {},
    body: undefined,
    response: { available: true, provider: 'demo', model: 'sentinel-demo', demo: true },
  },
  chat: {
    params: {},
    query: {},
    body: { messages: [{ role: 'user', content: 'How much water should I drink?' }], sessionId: 'session-1' },
    response: { type: 'token', text: 'Most adults need about 2 litres a day.' },
  },
  identityStatus: {
    params: {},
    query: {},
    body: undefined,
    response: {
      initialized: true,
      features: { tokenVault: true, asyncAuth: true, fga: true },
      timestamp: '2026-07-21T09:30:00.000Z',
    },
  },
  fgaSamples: {
    params: {},
    query: {},
    body: undefined,
    response: {
      items: [
        { id: 'role', query: 'Can Jane view it?', allowed: false },
        { id: 'prescribing', query: 'Can Phil view it?', allowed: true, note: 'restricted prescribing' },
      ],
    },
  },
  getCalendarConnection: { params: {}, query: {}, body: undefined, response: disconnected },
  connectCalendar: {
    params: {},
    query: {},
    body: { scopes: ['calendar:read'] },
    response: {
      ...disconnected,
      connected: true,
      scopes: ['calendar:read'],
      connectedAt: '2026-08-01T09:00:00Z',
    },
  },
  disconnectCalendar: { params: {}, query: {}, body: undefined, response: undefined },
  listCalendarEvents: { params: {}, query: {}, body: undefined, response: { items: [calendarEvent] } },
  listApprovals: { params: {}, query: {}, body: undefined, response: { items: [approval] } },
  getApproval: { params: { id: 'apr-1' }, query: {}, body: undefined, response: approval },
  decideApproval: {
    params: { id: 'apr-1' },
    query: {},
    body: { decision: 'approve' },
    response: { ...approval, status: 'approved', decidedAt: '2026-08-01T09:05:00Z', prescriptionId: 'rx-9' },
  },
  listAudit: { params: {}, query: {}, body: undefined, response: { items: [auditRow] } },
  createEmergencyAccess: {
    params: { id: 'auth0|sentinel-patient-000001' },
    query: {},
    body: { reason: 'Unconscious in the emergency room' },
    response: emergencyGrant,
  },
  listEmergencyAccess: { params: {}, query: {}, body: undefined, response: { items: [emergencyGrant] } },
};

const def = (name: RouteName): RouteDefinition => ROUTES[name];
const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;
const withBody = ROUTE_NAMES.filter((name) => def(name).body !== undefined);
const withJsonAnswer = ROUTE_NAMES.filter((name) => def(name).responseType === 'json');
const withId = ROUTE_NAMES.filter((name) => def(name).path.includes(':id'));

describe('the route table', () => {
  it('holds exactly the fixed API paths of the architecture', () => {
    const table = ROUTE_NAMES.map((name) => `${def(name).method} ${def(name).path}`).sort();
    expect(table).toStrictEqual(
      [
        'GET /api/me',
        'GET /api/appointments',
        'POST /api/appointments',
        'PATCH /api/appointments/:id',
        'DELETE /api/appointments/:id',
        'GET /api/records',
        'POST /api/records',
        'GET /api/records/:id',
        'PATCH /api/records/:id',
        'GET /api/prescriptions',
        'POST /api/prescriptions',
        'POST /api/prescriptions/:id/refill',
        'GET /api/users',
        'POST /api/users',
        'PATCH /api/users/:id',
        'DELETE /api/users/:id',
        'POST /api/users/:id/invitation',
        'DELETE /api/users/:id/second-factor',
        'GET /api/knowledge',
        'GET /api/knowledge/search',
        'GET /api/knowledge/:id',
        'GET /api/assistant/status',
        'POST /api/chat',
        'GET /api/identity/status',
        'GET /api/identity/fga-samples',
        'GET /api/audit',
        'GET /api/vault/calendar',
        'POST /api/vault/calendar',
        'DELETE /api/vault/calendar',
        'GET /api/calendar/events',
        'GET /api/approvals',
        'GET /api/approvals/:id',
        'POST /api/approvals/:id/decision',
        'POST /api/patients/:id/emergency-access',
        'GET /api/emergency-access',
      ].sort(),
    );
  });

  it.each(ROUTE_NAMES)('%s is named after its key', (name) => {
    expect(def(name).name).toBe(name);
  });

  it('creations answer 201, deletions 204 without a body, chat a 200 event stream, the rest 200', () => {
    for (const name of ROUTE_NAMES) {
      const { method, status, responseType } = def(name);
      if (name.startsWith('create')) expect([name, status]).toStrictEqual([name, 201]);
      else if (method === 'DELETE') expect([name, status, responseType]).toStrictEqual([name, 204, 'none']);
      else expect([name, status]).toStrictEqual([name, 200]);
    }
    expect(def('chat').responseType).toBe('sse');
  });

  it('only POST and PATCH calls carry a body', () => {
    for (const name of ROUTE_NAMES) {
      const { method, body } = def(name);
      expect([name, body !== undefined]).toStrictEqual([
        name,
        method === 'PATCH' ||
          (method === 'POST' && name !== 'refillPrescription' && name !== 'resendInvitation'),
      ]);
    }
  });
});

describe('permissions the server requires (REQ-access-server)', () => {
  it.each([
    ['getMe', AUTHENTICATED],
    ['listAppointments', 'read:appointments'],
    ['createAppointment', 'write:appointments'],
    ['updateAppointmentStatus', 'write:appointments'],
    ['deleteAppointment', 'delete:records'],
    ['listRecords', AUTHENTICATED],
    ['createRecord', 'write:patients'],
    ['getRecord', AUTHENTICATED],
    ['updateRecord', 'write:patients'],
    ['listPrescriptions', AUTHENTICATED],
    ['createPrescription', 'write:prescriptions'],
    ['refillPrescription', 'write:prescriptions'],
    ['listUsers', 'manage:users'],
    ['createUser', 'manage:users'],
    ['updateUser', 'manage:users'],
    ['deleteUser', 'manage:users'],
    ['listKnowledge', AUTHENTICATED],
    ['searchKnowledge', AUTHENTICATED],
    ['getKnowledgeItem', AUTHENTICATED],
    ['assistantStatus', AUTHENTICATED],
    ['chat', AUTHENTICATED],
    ['identityStatus', AUTHENTICATED],
    ['fgaSamples', AUTHENTICATED],
    ['listAudit', AUTHENTICATED],
    ['getCalendarConnection', 'read:appointments'],
    ['connectCalendar', 'read:appointments'],
    ['disconnectCalendar', 'read:appointments'],
    ['listCalendarEvents', 'read:appointments'],
    ['listApprovals', 'write:prescriptions'],
    ['getApproval', 'write:prescriptions'],
    ['decideApproval', 'write:prescriptions'],
    ['createEmergencyAccess', 'read:patients'],
    ['listEmergencyAccess', 'manage:users'],
  ] as const)('%s requires %s', (name, permission) => {
    expect(def(name).permission).toBe(permission);
  });

  it('a patient may list their records and appointments but not create appointments or manage users', () => {
    const jane = { permissions: DEFAULT_PERMISSIONS.patient };
    expect(canCallRoute('listRecords', jane)).toBe(true);
    expect(canCallRoute('listAppointments', jane)).toBe(true);
    expect(canCallRoute('createAppointment', jane)).toBe(false);
    expect(canCallRoute('listUsers', jane)).toBe(false);
  });

  it('a doctor may prescribe but not delete appointments', () => {
    const alice = { permissions: DEFAULT_PERMISSIONS.doctor };
    expect(canCallRoute('createPrescription', alice)).toBe(true);
    expect(canCallRoute('deleteAppointment', alice)).toBe(false);
  });

  it('an admin with the default permissions may call every route', () => {
    const sam = { permissions: DEFAULT_PERMISSIONS.admin };
    expect(ROUTE_NAMES.filter((name) => !canCallRoute(name, sam))).toStrictEqual([]);
  });

  it('a user whose identity claim grants no permissions may still call the authenticated routes', () => {
    const bare = { permissions: [] };
    expect(canCallRoute('chat', bare)).toBe(true);
    expect(canCallRoute('listAppointments', bare)).toBe(false);
  });
});

describe('403 messages (REQ-access-server, REQ-err)', () => {
  it.each([
    ['createAppointment', PERMISSION_ALERTS.createAppointments],
    ['updateAppointmentStatus', PERMISSION_ALERTS.updateAppointments],
    ['deleteAppointment', PERMISSION_ALERTS.deleteAppointments],
    ['getRecord', PERMISSION_ALERTS.ownRecordsOnly],
    ['createPrescription', PERMISSION_ALERTS.createPrescriptions],
    ['refillPrescription', PERMISSION_ALERTS.processRefills],
    ['listUsers', USER_MANAGEMENT_TEXTS.accessDenied],
    ['createUser', PERMISSION_ALERTS.createUsers],
    ['updateUser', PERMISSION_ALERTS.updateUsers],
    ['deleteUser', PERMISSION_ALERTS.deleteUsers],
  ] as const)('a refused %s shows the spec alert', (name, message) => {
    expect(deniedMessageFor(name)).toBe(message);
  });

  it("a route without a spec alert falls back to the spec's access-denied sentence", () => {
    expect(deniedMessageFor('createRecord')).toBe(ROUTE_TEXTS.accessDeniedBody);
    expect(deniedMessageFor('listAudit')).toBe(ROUTE_TEXTS.accessDeniedBody);
  });
});

describe('every route accepts a realistic call', () => {
  it.each(ROUTE_NAMES)('%s: params, query, body and answer', (name) => {
    const route = def(name);
    const example = EXAMPLES[name];
    expect(route.params.safeParse(example.params).success).toBe(true);
    expect(route.query.safeParse(example.query).success).toBe(true);
    if (route.body) expect(route.body.safeParse(example.body).success).toBe(true);
    expect(route.response.safeParse(example.response).success).toBe(true);
  });
});

describe('every route refuses malformed calls', () => {
  it.each(withBody)('%s: a body with an unknown key is refused', (name) => {
    const body = { ...(EXAMPLES[name].body as object), injected: true };
    expect(accepts(def(name).body as NonNullable<RouteDefinition['body']>, body)).toBe(false);
  });

  it.each(withBody)('%s: a body that is not an object is refused', (name) => {
    const schema = def(name).body as NonNullable<RouteDefinition['body']>;
    expect(accepts(schema, 'status=confirmed')).toBe(false);
    expect(accepts(schema, null)).toBe(false);
    expect(accepts(schema, [])).toBe(false);
  });

  it.each(withJsonAnswer)('%s: an answer with an unknown key is refused', (name) => {
    const answer = { ...(EXAMPLES[name].response as object), leaked: 'phi' };
    expect(accepts(def(name).response, answer)).toBe(false);
  });

  it.each(ROUTE_NAMES)('%s: an unknown query parameter is refused', (name) => {
    expect(accepts(def(name).query, { ...EXAMPLES[name].query, debug: '1' })).toBe(false);
  });

  it.each(withId)('%s: an empty, oversized or non-text id is refused', (name) => {
    const params = def(name).params;
    expect(accepts(params, { id: '' })).toBe(false);
    expect(accepts(params, { id: 'x'.repeat(101) })).toBe(false);
    expect(accepts(params, { id: 7 })).toBe(false);
    expect(accepts(params, {})).toBe(false);
  });

  it('ids with spaces or control characters are refused', () => {
    expect(accepts(IdParamSchema, 'rec 1')).toBe(false);
    expect(accepts(IdParamSchema, 'rec\u00001')).toBe(false);
    expect(accepts(IdParamSchema, 'rec-1')).toBe(true);
  });

  it('a search needs a query text of 1 to 200 characters', () => {
    const query = def('searchKnowledge').query;
    expect(accepts(query, {})).toBe(false);
    expect(accepts(query, { q: '   ' })).toBe(false);
    expect(accepts(query, { q: 'm'.repeat(201) })).toBe(false);
    expect(accepts(query, { q: ['metformin', 'insulin'] })).toBe(false);
  });

  it('the chat answer is one stream event, not a JSON body', () => {
    expect(accepts(def('chat').response, { items: [] })).toBe(false);
    expect(accepts(NoQuerySchema, {})).toBe(true);
  });
});

describe('buildPath and matchRoute', () => {
  it.each(ROUTE_NAMES)('%s: the built path matches back to the same route and parameters', (name) => {
    const { params, query } = EXAMPLES[name] as Example<RouteName>;
    const built = buildPath(name, params, query);
    if (!built.ok) throw new Error(built.error.message);
    const [pathname = ''] = built.value.split('?');
    expect(matchRoute(def(name).method, pathname)).toStrictEqual({ name, params });
  });

  it('percent-encodes parameters and decodes them back', () => {
    const built = buildPath('getRecord', { id: 'rec/1?x=#%' });
    expect(built).toStrictEqual({ ok: true, value: '/api/records/rec%2F1%3Fx%3D%23%25' });
    expect(matchRoute('GET', '/api/records/rec%2F1%3Fx%3D%23%25')).toStrictEqual({
      name: 'getRecord',
      params: { id: 'rec/1?x=#%' },
    });
  });

  it('appends the search query, trimmed and encoded', () => {
    expect(buildPath('searchKnowledge', {}, { q: ' metformin & dose ' })).toStrictEqual({
      ok: true,
      value: '/api/knowledge/search?q=metformin%20%26%20dose',
    });
  });

  it('a missing parameter is an invalid_input Result naming it, not a broken path', () => {
    const built = buildPath('refillPrescription');
    expect(built.ok).toBe(false);
    expect(!built.ok && built.error.code).toBe('invalid_input');
    expect(!built.ok && built.error.fields).toHaveProperty('id');
  });

  it('an extra parameter or a missing search query is refused', () => {
    expect(buildPath('getMe', { id: 'x' } as unknown as RouteParams<'getMe'>).ok).toBe(false);
    expect(buildPath('searchKnowledge').ok).toBe(false);
  });

  it('a path without parameters builds as written', () => {
    expect(buildPath('listAudit')).toStrictEqual({ ok: true, value: '/api/audit' });
  });

  it('the search path is not mistaken for a knowledge item called "search"', () => {
    expect(matchRoute('GET', '/api/knowledge/search')).toStrictEqual({ name: 'searchKnowledge', params: {} });
    expect(matchRoute('GET', '/api/knowledge/metformin')).toStrictEqual({
      name: 'getKnowledgeItem',
      params: { id: 'metformin' },
    });
  });

  it('methods match in any case', () => {
    expect(matchRoute('patch', '/api/users/42')).toStrictEqual({ name: 'updateUser', params: { id: '42' } });
  });

  it.each([
    ['an unknown path', 'GET', '/api/billing'],
    ['a method the path does not offer', 'PUT', '/api/appointments/apt-1'],
    ['a DELETE on a record', 'DELETE', '/api/records/rec-1'],
    ['a trailing slash', 'GET', '/api/me/'],
    ['an empty id', 'GET', '/api/records/'],
    ['a malformed percent-encoding', 'GET', '/api/records/%E0%A4%A'],
    ['a path outside the API', 'GET', '/records'],
    ['an empty path', 'GET', ''],
    ['a longer path', 'POST', '/api/prescriptions/rx-1/refill/now'],
  ])('matches nothing for %s', (_label, method, pathname) => {
    expect(matchRoute(method, pathname)).toBeUndefined();
  });
});

describe('type helpers', () => {
  it('derive the request and answer types from the table', () => {
    expectTypeOf<RequestBody<'createUser'>>().toEqualTypeOf<UserCreate>();
    expectTypeOf<RequestBody<'listRecords'>>().toEqualTypeOf<undefined>();
    expectTypeOf<ParsedRequestBody<'createPrescription'>['refillsAllowed']>().toEqualTypeOf<number>();
    expectTypeOf<ResponseBody<'listRecords'>['items'][number]['title']>().toEqualTypeOf<string>();
    expectTypeOf<ResponseBody<'deleteUser'>>().toEqualTypeOf<undefined>();
    expectTypeOf<ResponseBody<'chat'>>().toEqualTypeOf<ChatStreamEvent>();
    expectTypeOf<RouteParams<'getRecord'>>().toEqualTypeOf<{ id: string }>();
    expect(ROUTE_NAMES).toHaveLength(35);
  });
});
