import { describe, expect, it } from 'vitest';
import {
  doctorGreetingName,
  firstName,
  formatDate,
  formatDateAndTime,
  formatLastLogin,
  formatVitals,
  initials,
  summarizeSpecializations,
  toIsoDate,
} from './format';

const now = new Date('2026-11-02T14:30:00Z');

describe('last login, relative (REQ-users-last-login)', () => {
  it('reads Today for the same calendar day', () => {
    expect(formatLastLogin('2026-11-02T00:10:00Z', now)).toBe('Today');
  });
  it('reads Yesterday for the previous calendar day, even under 24 hours ago', () => {
    expect(formatLastLogin('2026-11-01T23:50:00Z', now)).toBe('Yesterday');
  });
  it("reads 'N days ago' under 7 days", () => {
    expect(formatLastLogin('2026-10-30T10:00:00Z', now)).toBe('3 days ago');
    expect(formatLastLogin('2026-10-27T10:00:00Z', now)).toBe('6 days ago');
  });
  it('shows a local date from 7 days on', () => {
    expect(formatLastLogin('2026-10-26T10:00:00Z', now)).toBe('Oct 26, 2026');
  });
  it("counts days in the viewer's time zone", () => {
    // 01:00 UTC on Nov 2 is still Nov 1 in New York.
    expect(formatLastLogin('2026-11-02T01:00:00Z', now, { timeZone: 'America/New_York' })).toBe('Yesterday');
  });
  it('reads Never for a missing or unreadable time, and Today for a future one', () => {
    expect(formatLastLogin(undefined, now)).toBe('Never');
    expect(formatLastLogin('garbage', now)).toBe('Never');
    expect(formatLastLogin('2026-11-03T10:00:00Z', now)).toBe('Today');
  });
});

describe('dates', () => {
  it('formats a UTC calendar date', () => {
    expect(toIsoDate(now)).toBe('2026-11-02');
    expect(formatDate('2026-11-02')).toBe('Nov 2, 2026');
    expect(formatDate('not-a-date')).toBe('not-a-date');
  });
  it("shows the appointments 'Date & Time' column with what it has", () => {
    expect(formatDateAndTime('2026-11-02', '09:30')).toBe('Nov 2, 2026 at 09:30');
    expect(formatDateAndTime('2026-11-02', '')).toBe('Nov 2, 2026');
    expect(formatDateAndTime('', '09:30')).toBe('09:30');
    expect(formatDateAndTime('', '')).toBe('-');
  });
});

describe('vitals with units (REQ-limit-vitals-units)', () => {
  it('lists blood pressure, heart rate, temperature in °F, weight in kg and height in cm', () => {
    expect(
      formatVitals({ bloodPressure: '120/80', heartRate: 72, temperature: 98.6, weight: 70, height: 175 }),
    ).toEqual([
      { label: 'Blood pressure', value: '120/80 mmHg' },
      { label: 'Heart rate', value: '72 bpm' },
      { label: 'Temperature', value: '98.6 °F' },
      { label: 'Weight', value: '70 kg' },
      { label: 'Height', value: '175 cm' },
    ]);
  });
  it('lists only the vitals present', () => {
    expect(formatVitals({ heartRate: 60 })).toEqual([{ label: 'Heart rate', value: '60 bpm' }]);
    expect(formatVitals(undefined)).toEqual([]);
  });
});

describe('names', () => {
  it('makes initials from first and last name, skipping a Dr. title', () => {
    expect(initials('Jane Doe')).toBe('JD');
    expect(initials('Dr. Alice Mary Smith')).toBe('AS');
    expect(initials('cher')).toBe('C');
    expect(initials('  ')).toBe('?');
  });
  it('greets a patient by first name and a doctor by last name', () => {
    expect(firstName('Jane Doe')).toBe('Jane');
    expect(firstName('Dr. Alice Smith')).toBe('Alice');
    expect(doctorGreetingName('Dr. Alice Smith')).toBe('Dr. Smith');
    expect(doctorGreetingName('')).toBe('Doctor');
  });
  it("shows up to 2 specializations followed by '+N more' (REQ-limit-specializations)", () => {
    expect(summarizeSpecializations(['a', 'b'])).toBe('a, b');
    expect(summarizeSpecializations(['a', 'b', 'c', 'd'])).toBe('a, b +2 more');
    expect(summarizeSpecializations([])).toBe('');
  });
});

describe('time of day', () => {
  it("shows a message time in the viewer's zone, and nothing for an unreadable time", async () => {
    const { formatTimeOfDay } = await import('./format');
    expect(formatTimeOfDay('2026-11-02T14:30:00Z')).toBe('2:30 PM');
    expect(formatTimeOfDay('2026-11-02T14:30:00Z', { timeZone: 'America/New_York' })).toBe('9:30 AM');
    expect(formatTimeOfDay('nope')).toBe('');
  });
});
