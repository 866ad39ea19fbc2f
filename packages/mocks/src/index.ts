/**
 * @sentinel/mocks: personas and deterministic seeded fixtures on a fixed clock. Imports only @sentinel/domain.
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
