import { describe, expect, it } from 'vitest';
import * as mocks from './index';

describe('the @sentinel/mocks entry point', () => {
  it('offers the clock, the personas and fresh seeded data', () => {
    expect(mocks.FIXED_NOW.toISOString()).toBe(mocks.FIXED_NOW_ISO);
    expect(mocks.PERSONA_LIST).toHaveLength(8);
    expect(mocks.personaByEmail('jane.doe@example.com')).toBe(mocks.PERSONAS.jane);
    expect(mocks.personaBySub(mocks.PERSONAS.sam.sub)).toBe(mocks.PERSONAS.sam);
    const data = mocks.seed();
    expect(data.users).toEqual(mocks.seedUsers());
    expect(data.appointments).toEqual(mocks.seedAppointments(mocks.FIXED_NOW));
    expect(data.records).toEqual(mocks.seedRecords());
    expect(data.prescriptions).toEqual(mocks.seedPrescriptions());
    expect(mocks.daysFrom(mocks.FIXED_NOW, 1)).toBe('2026-11-03');
    expect(mocks.instantFrom(mocks.FIXED_NOW, 1)).toBe('2026-11-03T14:30:00.000Z');
    expect(mocks.PERSONA_KEYS).toContain('dana');
    expect(mocks.DEMO_TOTP_SECRET).toBe(mocks.PERSONAS.alice.totpSecret);
  });
});
