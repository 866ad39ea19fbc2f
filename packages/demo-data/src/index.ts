/**
 * @sentinel/demo-data: the eight demo personas, deterministic seeded fixtures and the fixed clock they are
 * built on. Imports only @sentinel/domain and loads no MSW, so a server's composition root (its main.ts, the
 * seeding step of the embedded default), Storybook, the mock API and tests all seed from the same data. No
 * request path imports it (lint, REQ-arch-layers).
 */
export { FIXED_NOW, FIXED_NOW_ISO, daysFrom, instantFrom } from './clock';
export {
  DEMO_TOTP_SECRET,
  PERSONAS,
  PERSONA_KEYS,
  PERSONA_LIST,
  claimsFor,
  personaByEmail,
  personaBySub,
  signInMethodsFor,
  type Persona,
  type PersonaKey,
} from './personas';
export {
  seed,
  seedAppointments,
  seedCareTeam,
  seedPrescriptions,
  seedRecords,
  seedUsers,
  type SeedData,
} from './fixtures/index';
export { bulkRecords, bulkUsers, seededRandom } from './fixtures/bulk';
export { SAMPLE_PROPOSALS, seedApprovals, type ApprovalSeed, type ApprovalSeedInput } from './approvals';
