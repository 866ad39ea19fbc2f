/**
 * The seed data without the mock API: personas, fixtures and the fixed clock, for runtimes that seed a real
 * store (the API's first start, its tests) and must not load MSW.
 */
export { FIXED_NOW } from './clock';
export { seed, type SeedData } from './fixtures/index';
export { bulkRecords, bulkUsers, seededRandom } from './fixtures/bulk';
export {
  PERSONAS,
  PERSONA_KEYS,
  PERSONA_LIST,
  personaByEmail,
  type Persona,
  type PersonaKey,
} from './personas';
export { demoReplyEvents } from './api/chat';
export { listItemOf } from '@sentinel/service';
export { DUPLICATE_EMAIL_MESSAGE } from '@sentinel/domain';
export { DEMO_ASSISTANT_STATUS } from './api/demo-status';
