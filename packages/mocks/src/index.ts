/**
 * @sentinel/mocks: the MSW adapter. Every API contract path runs @sentinel/service's route runner and handlers
 * over an in-memory store seeded from @sentinel/demo-data, with scenario switches for stories and tests. The
 * demo data (personas, fixtures, fixed clock) is re-exported so that stories and tests keep one import.
 */
export * from '@sentinel/demo-data';
export { createMockApi, handlers, type MockApi, type MockApiOptions } from './api/handlers';
export { MOCK_TOKEN_PREFIX, authorizationFor, claimsFor, mockTokenFor, type Caller } from './api/auth';
export { FIRST_GENERATED_ID, type MockStore } from './api/store';
export { routeUrl } from './api/route';
export { STREAM_DROPPED_MESSAGE } from './api/respond';
export { DUPLICATE_EMAIL_MESSAGE } from '@sentinel/domain';
export { DEMO_ASSISTANT_STATUS } from '@sentinel/service';
export { SAMPLE_PROPOSALS, proposeAs, seedApprovalRequests } from './api/approvals';
export {
  EMPTYABLE_ROUTES,
  createScenarios,
  type ApprovalsScenario,
  scenario,
  type EmptyableRoute,
  type ScenarioOptions,
  type Scenarios,
} from './api/scenarios';
