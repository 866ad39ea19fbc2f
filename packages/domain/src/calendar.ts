/**
 * The token vault's calendar (REQ-tool; REQ-product-pillars "tool control through a token vault", REQ-tool
 * the calendar tool google_calendar_medical, REQ-err-calendar 'Unable to access calendar at this time...'):
 * how an appointment becomes a calendar event, how events are written as an iCalendar file (RFC 5545) for
 * download, and the calendar texts. Pure: the caller passes `now`.
 */
import type { CalendarEvent } from './contract/pillars';
import type { Appointment } from './entities';
import { ASSISTANT_ERRORS } from './texts';

/** Texts of the calendar connection, the calendar tool and the .ics download. */
export const CALENDAR_TEXTS = {
  /** The calendar is asked for before the user connected it (409 on the API, the tool's consent request). */
  connectFirst: 'Connect your calendar first.',
  /** The tool's consent request in the chat. */
  consentRequired:
    'Connect your calendar first. The assistant can then show your appointments and schedule new ones for you.',
  /** Scheduling needs the write scope, which the user did not grant when connecting. */
  writeScopeRequired:
    'To schedule appointments for you, the assistant needs permission to add events. Reconnect your calendar with "calendar:write".',
  /** REQ-err Calendar failure (the tool's service or the token exchange failed). */
  failure: ASSISTANT_ERRORS.calendarFailure,
  title: 'Calendar',
  connected: 'Connected',
  notConnected: 'Not connected',
  connect: 'Connect calendar',
  disconnect: 'Disconnect calendar',
  downloadIcs: 'Download .ics',
  noEvents: 'No calendar events.',
  eventsListed: (count: number) =>
    count === 0 ? 'No calendar events.' : `${count} calendar ${count === 1 ? 'event' : 'events'}.`,
  eventScheduled: (title: string) => `Scheduled "${title}".`,
  /** Appointments carry no place (REQ-data); every visit is at the clinic. */
  defaultLocation: 'Sentinel Health Clinic',
  /** The title of an appointment without a type. */
  defaultTitle: 'Appointment',
} as const;

/** The file name of the .ics download. */
export const ICS_FILE_NAME = 'sentinel-appointments.ics';
export const ICS_CONTENT_TYPE = 'text/calendar; charset=utf-8';

/**
 * An appointment lasts 30 minutes unless told otherwise (REQ-data-appointment has a date and a time, no
 * length).
 */
export const DEFAULT_APPOINTMENT_MINUTES = 30;
/** An appointment with a date but no time (REQ-appt-form) starts at 09:00. */
export const DEFAULT_APPOINTMENT_TIME = '09:00';

const MINUTE_MS = 60_000;
const TYPE_LABELS: Readonly<Record<Exclude<Appointment['type'], ''>, string>> = {
  consultation: 'Consultation',
  'follow-up': 'Follow-up',
  specialist: 'Specialist visit',
  emergency: 'Emergency visit',
};

/** The event id of an appointment's event: stable, so seeding twice gives the same ids. */
export const calendarEventIdFor = (appointmentId: string) => `apt-evt-${appointmentId}`;

/** "Follow-up with Dr. Alice Smith"; "Appointment" when neither type nor doctor is known. */
export function calendarEventTitle(appointment: Pick<Appointment, 'type' | 'doctorName'>): string {
  const kind = appointment.type === '' ? CALENDAR_TEXTS.defaultTitle : TYPE_LABELS[appointment.type];
  const doctor = appointment.doctorName.trim();
  return doctor === '' ? kind : `${kind} with ${doctor}`;
}

/**
 * An appointment as a calendar event: it starts at its date and time (read as UTC, the clock every fixture and
 * formatter of ours uses), lasts `minutes` (30 by default), is titled by type and doctor, takes place at the
 * clinic and carries the notes as its description. Returns undefined for an appointment without a date
 * (REQ-appt allows empty values): it cannot be placed in a calendar.
 */
export function calendarEventFromAppointment(
  appointment: Appointment,
  { minutes = DEFAULT_APPOINTMENT_MINUTES }: { minutes?: number } = {},
): CalendarEvent | undefined {
  if (appointment.date === '') return undefined;
  const time = appointment.time === '' ? DEFAULT_APPOINTMENT_TIME : appointment.time;
  const start = new Date(`${appointment.date}T${time}:00.000Z`);
  if (Number.isNaN(start.getTime())) return undefined;
  return {
    id: calendarEventIdFor(appointment.id),
    title: calendarEventTitle(appointment).slice(0, 300),
    start: start.toISOString(),
    end: new Date(start.getTime() + minutes * MINUTE_MS).toISOString(),
    location: CALENDAR_TEXTS.defaultLocation,
    description: appointment.notes.slice(0, 2_000),
    appointmentId: appointment.id,
  };
}

/**
 * The calendar events of a list of appointments, earliest first. Appointments without a date are skipped, and
 * so are cancelled ones: a calendar shows the visits that will or did take place.
 */
export function calendarEventsFromAppointments(appointments: readonly Appointment[]): CalendarEvent[] {
  return appointments
    .filter((appointment) => appointment.status !== 'cancelled')
    .map((appointment) => calendarEventFromAppointment(appointment))
    .filter((event): event is CalendarEvent => event !== undefined)
    .sort(compareCalendarEvents);
}

/** Earliest start first, then by id, so lists are stable. */
export function compareCalendarEvents(a: CalendarEvent, b: CalendarEvent): number {
  const byStart = Date.parse(a.start) - Date.parse(b.start);
  if (byStart !== 0) return byStart;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** RFC 5545 REQ-data.5 DATE-TIME in UTC form: 20261102T143000Z. */
export function icsDateTime(instant: Date | string): string {
  const iso = (typeof instant === 'string' ? new Date(instant) : instant).toISOString();
  return `${iso.slice(0, 4)}${iso.slice(5, 7)}${iso.slice(8, 10)}T${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}Z`;
}

/**
 * RFC 5545 REQ-data.11 TEXT: backslash, semicolon and comma are escaped with a backslash, a line break
 * becomes `\n`. Other control characters are not allowed in TEXT and are dropped.
 */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .split('')
    .filter((char) => !isForbiddenControl(char.charCodeAt(0)))
    .join('');
}

/** RFC 5545 REQ-data-derived-ids.11: TEXT may hold HTAB but no other control character. */
const isForbiddenControl = (code: number) => (code < 0x20 && code !== 0x09) || code === 0x7f;

const ICS_LINE_OCTETS = 75;

function utf8Length(codePoint: number): number {
  if (codePoint < 0x80) return 1;
  if (codePoint < 0x800) return 2;
  if (codePoint < 0x10000) return 3;
  return 4;
}

/**
 * RFC 5545 REQ-data-appointment Lines longer than 75 octets are folded: a CRLF followed by one space is
 * inserted so that no line exceeds 75 octets (the leading space counts). A fold never splits a UTF-8
 * character.
 */
export function foldIcsLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > ICS_LINE_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n');
}

/**
 * Calendar events as an iCalendar object (RFC 5545): one VEVENT per event with UID, DTSTAMP (`now`), DTSTART
 * and DTEND in UTC form, SUMMARY, LOCATION and DESCRIPTION; TEXT values escaped, long lines folded at 75
 * octets, every line ending in CRLF.
 */
export function toIcs(
  events: readonly CalendarEvent[],
  { now, prodId = '-//Sentinel Health//Calendar//EN' }: { now: Date; prodId?: string },
): string {
  const stamp = icsDateTime(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${prodId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  for (const event of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeIcsText(event.id)}@sentinel-health`,
      `DTSTAMP:${stamp}`,
      `DTSTART:${icsDateTime(event.start)}`,
      `DTEND:${icsDateTime(event.end)}`,
      `SUMMARY:${escapeIcsText(event.title)}`,
    );
    if (event.location !== '') lines.push(`LOCATION:${escapeIcsText(event.location)}`);
    if (event.description !== '') lines.push(`DESCRIPTION:${escapeIcsText(event.description)}`);
    lines.push('END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}
