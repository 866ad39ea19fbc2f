/**
 * The requests the suites send: the smallest valid request of each contract route (the access matrix, the query
 * and body fuzzing) and a proposal the assistant's prescription tool would file.
 */
import type { ProposedPrescription } from '@sentinel/domain/contract';
import { PERSONAS } from '@sentinel/demo-data';

export const PROPOSAL: ProposedPrescription = {
  patientName: PERSONAS.jane.name,
  patientEmail: PERSONAS.jane.email,
  medication: 'Metformin',
  dosage: '500 mg',
  frequency: 'Twice daily',
  duration: '90 days',
  instructions: 'Take with meals.',
  refillsAllowed: 2,
};

export type MatrixContext = { readonly approvalId: string };
export type MinimalRequest = { readonly url: string; readonly body?: unknown };

/**
 * The smallest valid request of each route, in the order they run on one server per persona (reads first, the
 * calendar listed before it is connected, deletions last). Deliberately not typed by RouteName: a route added
 * to the contract without an entry here must fail the matrix test (access.test.ts), not only the compiler.
 */
export const MINIMAL_REQUESTS: Readonly<Record<string, (ctx: MatrixContext) => MinimalRequest>> = {
  getMe: () => ({ url: '/api/me' }),
  listAppointments: () => ({ url: '/api/appointments' }),
  listRecords: () => ({ url: '/api/records' }),
  getRecord: () => ({ url: '/api/records/rec-001' }),
  listPrescriptions: () => ({ url: '/api/prescriptions' }),
  listUsers: () => ({ url: '/api/users' }),
  listKnowledge: () => ({ url: '/api/knowledge' }),
  searchKnowledge: () => ({ url: '/api/knowledge/search?q=diabetes' }),
  getKnowledgeItem: () => ({ url: '/api/knowledge/diabetes-lifestyle-treatment' }),
  assistantStatus: () => ({ url: '/api/assistant/status' }),
  identityStatus: () => ({ url: '/api/identity/status' }),
  fgaSamples: () => ({ url: '/api/identity/fga-samples' }),
  listAudit: () => ({ url: '/api/audit' }),
  listApprovals: () => ({ url: '/api/approvals' }),
  getApproval: ({ approvalId }) => ({ url: `/api/approvals/${approvalId}` }),
  getCalendarConnection: () => ({ url: '/api/vault/calendar' }),
  // Not connected yet: a 409, and no call to the calendar service.
  listCalendarEvents: () => ({ url: '/api/calendar/events' }),
  connectCalendar: () => ({ url: '/api/vault/calendar', body: { scopes: ['calendar:read'] } }),
  disconnectCalendar: () => ({ url: '/api/vault/calendar' }),
  chat: () => ({ url: '/api/chat', body: { messages: [{ role: 'user', content: 'Hello' }] } }),
  createAppointment: () => ({ url: '/api/appointments', body: { patientEmail: PERSONAS.john.email } }),
  updateAppointmentStatus: () => ({ url: '/api/appointments/apt-004', body: { status: 'confirmed' } }),
  createRecord: () => ({
    url: '/api/records',
    body: { recordType: 'visit-note', title: 'Visit', patientEmail: PERSONAS.john.email, date: '2026-11-02' },
  }),
  updateRecord: () => ({ url: '/api/records/rec-001', body: { title: 'Corrected title' } }),
  createPrescription: () => ({ url: '/api/prescriptions', body: { patientEmail: PERSONAS.john.email } }),
  refillPrescription: () => ({ url: '/api/prescriptions/rx-001/refill' }),
  decideApproval: ({ approvalId }) => ({
    url: `/api/approvals/${approvalId}/decision`,
    body: { decision: 'deny' },
  }),
  createUser: () => ({ url: '/api/users', body: { name: 'Hana Ito', email: 'hana.ito@example.com' } }),
  updateUser: () => ({ url: `/api/users/${encodeURIComponent(PERSONAS.john.sub)}`, body: { phone: '555' } }),
  deleteAppointment: () => ({ url: '/api/appointments/apt-010' }),
  deleteUser: () => ({ url: `/api/users/${encodeURIComponent('auth0|sentinel-patient-000003')}` }),
  resendInvitation: () => ({ url: `/api/users/${encodeURIComponent(PERSONAS.john.sub)}/invitation` }),
  resetSecondFactor: () => ({ url: `/api/users/${encodeURIComponent(PERSONAS.ben.sub)}/second-factor` }),
  createEmergencyAccess: () => ({
    url: '/api/patients/P-000001/emergency-access',
    body: { reason: 'Unconscious in the emergency room' },
  }),
  listEmergencyAccess: () => ({ url: '/api/emergency-access' }),
};

/**
 * Routes a role passes by permission but is refused by a rule about the role itself, with the rule's 403:
 * break-the-glass is for doctors only (REQ-rec-break-glass), and the administrator holds the clinical
 * permissions (REQ-access).
 */
export const REFUSED_BY_ROLE: Readonly<Record<string, readonly string[]>> = {
  createEmergencyAccess: ['admin'],
};
