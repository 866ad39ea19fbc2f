/**
 * The fixed clock every fixture, story and test is built on (REQ-arch-fixed-clock: "a fixed clock"). Nothing
 * in this package reads the real clock: seeded data is a function of `now`, so the same `now` gives the same
 * data.
 */

/** Monday 2 November 2026, 14:30 UTC: a weekday afternoon, so "today" has both past and upcoming hours. */
export const FIXED_NOW_ISO = '2026-11-02T14:30:00.000Z';

/**
 * The fixed clock as a Date. A Date is mutable: never call its setters; pass it around and derive new values
 * with the helpers below.
 */
export const FIXED_NOW = new Date(FIXED_NOW_ISO);

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** The calendar day `n` days after `now` (negative: before), as 'YYYY-MM-DD' in UTC. */
export function daysFrom(now: Date, n: number): string {
  return new Date(now.getTime() + n * DAY_MS).toISOString().slice(0, 10);
}

/** The instant `days` days and `hours` hours after `now` (negative: before), as an ISO timestamp in UTC. */
export function instantFrom(now: Date, days: number, hours = 0): string {
  return new Date(now.getTime() + days * DAY_MS + hours * HOUR_MS).toISOString();
}
