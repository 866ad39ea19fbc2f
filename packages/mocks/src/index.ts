/**
 * @sentinel/mocks: the MSW adapter. Every API contract path runs @sentinel/service's route runner and handlers
 * over an in-memory store seeded from @sentinel/demo-data, with scenario switches for stories and tests. The
 * demo data (personas, fixtures, fixed clock) is re-exported so that stories and tests keep one import.
 */
export * from '@sentinel/demo-data';
export { DEMO_ASSISTANT_STATUS } from '@sentinel/service';
export { createMockApi, type MockApi, type MockApiOptions } from './api/handlers';
export { authorizationFor, mockTokenFor } from './api/auth';
export type { MockStore } from './api/store';
export {
  MEMORY_INVITATION_ORIGIN,
  accountOfUser,
  createMemoryIdentityAdmin,
  createMemoryMailer,
  memoryUserId,
  type MemoryAccount,
  type MemoryIdentityAdmin,
  type MemoryMailer,
} from '@sentinel/service';
export { proposeAs, seedApprovalRequests } from './api/approvals';
export {
  SIGN_IN_PEOPLE,
  createSignInMockApi,
  seedSignInAccounts,
  signInSeed,
  signInUsers,
} from './signInAccounts';
export {
  API_SCENARIOS,
  SESSION_ROUTES,
  createScenarios,
  isApiScenario,
  scenario,
  type ApiScenario,
  type Scenarios,
  type SeededScenario,
} from './api/scenarios';
