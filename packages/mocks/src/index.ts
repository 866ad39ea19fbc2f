/**
 * @sentinel/mocks: personas, deterministic seeded fixtures on a fixed clock, and MSW handlers for every API
 * contract path over an in-memory store that applies the domain's policies. Imports only @sentinel/domain and
 * the bundled knowledge.
 */
export { FIXED_NOW, FIXED_NOW_ISO, daysFrom, instantFrom } from './clock';
export {
  DEMO_TOTP_SECRET,
  PERSONAS,
  PERSONA_KEYS,
  PERSONA_LIST,
  personaByEmail,
  personaBySub,
  type Persona,
  type PersonaKey,
} from './personas';
export {
  seed,
  seedAppointments,
  seedPrescriptions,
  seedRecords,
  seedUsers,
  type SeedData,
} from './fixtures/index';
export { bulkRecords, bulkUsers, seededRandom } from './fixtures/bulk';
export { createMockApi, handlers, type MockApi, type MockApiOptions } from './api/handlers';
export { MOCK_TOKEN_PREFIX, authorizationFor, claimsFor, mockTokenFor, type Caller } from './api/auth';
export { FIRST_GENERATED_ID, type AuditNote, type MockStore } from './api/store';
export { routeUrl } from './api/route';
export { STREAM_DROPPED_MESSAGE } from './api/respond';
export { demoReplyEvents } from './api/chat';
export { DUPLICATE_EMAIL_MESSAGE } from '@sentinel/domain';
export { DEMO_ASSISTANT_STATUS } from './api/demo-status';
export {
  SAMPLE_PROPOSALS,
  proposeAs,
  proposePrescription,
  seedApprovalRequests,
  type Proposer,
} from './api/approvals';
export {
  EMPTYABLE_ROUTES,
  createScenarios,
  type ApprovalsScenario,
  scenario,
  type EmptyableRoute,
  type ScenarioOptions,
  type Scenarios,
} from './api/scenarios';
