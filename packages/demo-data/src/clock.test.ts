import { describe, expect, it } from 'vitest';
import { FIXED_NOW, FIXED_NOW_ISO, daysFrom, instantFrom } from './clock';

describe('the fixed clock', () => {
  it('stands on Monday 2 November 2026 at 14:30 UTC', () => {
    expect(FIXED_NOW.toISOString()).toBe('2026-11-02T14:30:00.000Z');
    expect(FIXED_NOW_ISO).toBe(FIXED_NOW.toISOString());
    expect(FIXED_NOW.getUTCDay()).toBe(1);
  });

  it('daysFrom gives the UTC calendar day n days away, across month and year ends', () => {
    expect(daysFrom(FIXED_NOW, 0)).toBe('2026-11-02');
    expect(daysFrom(FIXED_NOW, 1)).toBe('2026-11-03');
    expect(daysFrom(FIXED_NOW, -2)).toBe('2026-10-31');
    expect(daysFrom(FIXED_NOW, 60)).toBe('2027-01-01');
  });

  it('daysFrom uses the UTC day even late in the evening', () => {
    expect(daysFrom(new Date('2026-11-02T23:59:59.000Z'), 0)).toBe('2026-11-02');
  });

  it('instantFrom shifts by days and hours and leaves the clock untouched', () => {
    expect(instantFrom(FIXED_NOW, 0)).toBe('2026-11-02T14:30:00.000Z');
    expect(instantFrom(FIXED_NOW, -1, 2)).toBe('2026-11-01T16:30:00.000Z');
    expect(instantFrom(FIXED_NOW, 0, -0.5)).toBe('2026-11-02T14:00:00.000Z');
    expect(FIXED_NOW.toISOString()).toBe(FIXED_NOW_ISO);
  });
});
