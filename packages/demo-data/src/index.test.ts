import { describe, expect, it } from 'vitest';
import * as demo from './index';

describe('the @sentinel/demo-data entry point', () => {
  it('offers the fixed clock, the eight personas and fresh seeded data built on that clock', () => {
    expect(demo.FIXED_NOW.toISOString()).toBe(demo.FIXED_NOW_ISO);
    expect(demo.PERSONA_KEYS).toHaveLength(8);
    expect(demo.PERSONA_LIST.map((p) => p.key)).toEqual([...demo.PERSONA_KEYS]);
    expect(demo.personaByEmail(' Jane.Doe@example.com ')).toBe(demo.PERSONAS.jane);
    expect(demo.personaBySub(demo.PERSONAS.sam.sub)).toBe(demo.PERSONAS.sam);
    expect(demo.DEMO_TOTP_SECRET).toBe(demo.PERSONAS.alice.totpSecret);
    const data = demo.seed();
    expect(data.appointments).toEqual(demo.seedAppointments(demo.FIXED_NOW));
    expect(data.careTeam).toEqual(demo.seedCareTeam());
    expect(data.users).toEqual(demo.seedUsers());
  });

  it('gives every caller its own copy, so one test changing its data leaves the next one’s alone', () => {
    const first = demo.seed();
    first.users.length = 0;
    expect(demo.seed().users.length).toBeGreaterThan(0);
  });
});
