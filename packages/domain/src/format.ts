/**
 * Formatters: screens display what these return and format nothing themselves (REQ-arch).
 * Every function takes the clock, locale and time zone as arguments.
 */
import { RELATIVE_DAYS_LIMIT, SPECIALIZATIONS_SHOWN, VITALS_UNITS } from './constants';
import type { Vitals } from './entities';

/** A UTC calendar date, YYYY-MM-DD. */
export function toIsoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export type Locale = { locale?: string; timeZone?: string };

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * One Intl.DateTimeFormat per locale and options, kept: building one costs far more than formatting with it,
 * and a table of 10,000 users formats a date in every row it renders (REQ-perf-rows).
 */
function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

function dayNumber(d: Date, timeZone: string): number {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  })
    .format(d)
    .split('-')
    .map(Number);
  const [y = 0, m = 1, day = 1] = parts;
  return Date.UTC(y, m - 1, day) / 86_400_000;
}

/**
 * REQ-users-last-login: last login is shown relative: 'Today', 'Yesterday', 'N days ago' for under 7 days,
 * otherwise a local date. Days are calendar days in the viewer's time zone. A missing or unreadable time
 * reads 'Never'.
 */
export function formatLastLogin(
  iso: string | undefined,
  now: Date,
  { locale = 'en-US', timeZone = 'UTC' }: Locale = {},
): string {
  const at = iso ? new Date(iso) : undefined;
  if (!at || Number.isNaN(at.getTime())) return 'Never';
  const days = dayNumber(now, timeZone) - dayNumber(at, timeZone);
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < RELATIVE_DAYS_LIMIT) return `${days} days ago`;
  return dateTimeFormat(locale, {
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(at);
}

/** A calendar date (YYYY-MM-DD) for display, e.g. 'Nov 2, 2026'. Dates carry no time, so no zone shift. */
export function formatDate(isoDate: string, { locale = 'en-US' }: Locale = {}): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return dateTimeFormat(locale, {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(d);
}

/** REQ-appt-table 'Date & Time' column: date and HH:MM time, e.g. 'Nov 2, 2026 at 09:30'. */
export function formatDateAndTime(date: string, time: string, locale: Locale = {}): string {
  if (!date) return time || '-';
  return time ? `${formatDate(date, locale)} at ${time}` : formatDate(date, locale);
}

/** REQ-data-record, REQ-limit-vitals-units: vitals with their units: blood pressure mmHg, heart rate bpm, temperature °F, weight kg, height cm. */
export function formatVitals(v: Vitals | undefined): { label: string; value: string }[] {
  if (!v) return [];
  const rows: { label: string; value: string }[] = [];
  if (v.bloodPressure)
    rows.push({ label: 'Blood pressure', value: `${v.bloodPressure} ${VITALS_UNITS.bloodPressure}` });
  if (v.heartRate !== undefined)
    rows.push({ label: 'Heart rate', value: `${v.heartRate} ${VITALS_UNITS.heartRate}` });
  if (v.temperature !== undefined)
    rows.push({ label: 'Temperature', value: `${v.temperature.toFixed(1)} ${VITALS_UNITS.temperature}` });
  if (v.weight !== undefined) rows.push({ label: 'Weight', value: `${v.weight} ${VITALS_UNITS.weight}` });
  if (v.height !== undefined) rows.push({ label: 'Height', value: `${v.height} ${VITALS_UNITS.height}` });
  return rows;
}

/** REQ-users-table User table: initials when there is no avatar (at most two letters). */
export function initials(name: string): string {
  const words = name
    .replace(/^dr\.?\s+/i, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => (w ? [...w][0]?.toUpperCase() : '')).join('') || '?';
}

/** REQ-screen-patient-nav: the greeting uses the user's first name (titles such as 'Dr.' are skipped). */
export function firstName(name: string): string {
  const words = name
    .replace(/^dr\.?\s+/i, '')
    .trim()
    .split(/\s+/);
  return words[0] || name.trim();
}

/** REQ-screen-doctor-tabs: greets the doctor by last name, e.g. 'Dr. Smith'. */
export function doctorGreetingName(name: string): string {
  const words = name
    .replace(/^dr\.?\s+/i, '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  const last = words[words.length - 1];
  return last ? `Dr. ${last}` : 'Doctor';
}

/** REQ-kb-list list: up to 2 specializations followed by '+N more'. */
export function summarizeSpecializations(list: readonly string[], shown = SPECIALIZATIONS_SHOWN): string {
  if (list.length <= shown) return list.join(', ');
  return `${list.slice(0, shown).join(', ')} +${list.length - shown} more`;
}

/** A time of day for display (chat message times), e.g. '2:30 PM'; '' for an unreadable time. */
export function formatTimeOfDay(iso: string, { locale = 'en-US', timeZone = 'UTC' }: Locale = {}): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return dateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(at);
}
