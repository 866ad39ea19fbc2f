import { describe, expect, it } from 'vitest';
import {
  CALENDAR_TEXTS,
  calendarEventFromAppointment,
  calendarEventsFromAppointments,
  compareCalendarEvents,
  escapeIcsText,
  foldIcsLine,
  icsDateTime,
  toIcs,
} from './calendar';
import { CalendarEventSchema, type CalendarEvent } from './contract/pillars';
import type { Appointment } from './entities';
import { ASSISTANT_ERRORS } from './texts';

const NOW = new Date('2026-11-02T14:30:00.000Z');

const appointment = (over: Partial<Appointment> = {}): Appointment => ({
  id: 'apt-002',
  patientName: 'Jane Doe',
  patientEmail: 'jane.doe@example.com',
  doctorName: 'Dr. Alice Smith',
  date: '2026-11-04',
  time: '09:30',
  type: 'follow-up',
  status: 'confirmed',
  notes: 'Foot examination and kidney function results.',
  ...over,
});

const event = (over: Partial<CalendarEvent> = {}): CalendarEvent => ({
  id: 'evt-1',
  title: 'Follow-up with Dr. Alice Smith',
  start: '2026-11-04T09:30:00.000Z',
  end: '2026-11-04T10:00:00.000Z',
  location: 'Sentinel Health Clinic',
  description: 'Bring the glucose log.',
  appointmentId: 'apt-002',
  ...over,
});

/** Reads an iCalendar text back: unfold, split into properties, unescape TEXT. Enough for our own output. */
function parseIcs(text: string): Record<string, string>[] {
  const unfolded = text.replace(/\r\n /g, '');
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | undefined;
  for (const line of unfolded.split('\r\n')) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = undefined;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon)] = line
        .slice(colon + 1)
        .replace(/\\(.)/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
    }
  }
  return events;
}

const octets = (s: string) => new TextEncoder().encode(s).length;

describe('an appointment as a calendar event', () => {
  it('starts at the appointment date and time, lasts 30 minutes and is titled by type and doctor', () => {
    const e = calendarEventFromAppointment(appointment());
    expect(e).toEqual({
      id: 'apt-evt-apt-002',
      title: 'Follow-up with Dr. Alice Smith',
      start: '2026-11-04T09:30:00.000Z',
      end: '2026-11-04T10:00:00.000Z',
      location: CALENDAR_TEXTS.defaultLocation,
      description: 'Foot examination and kidney function results.',
      appointmentId: 'apt-002',
    });
    expect(CalendarEventSchema.safeParse(e).success).toBe(true);
  });

  it('takes another length when told', () => {
    expect(calendarEventFromAppointment(appointment(), { minutes: 45 })?.end).toBe(
      '2026-11-04T10:15:00.000Z',
    );
  });

  it('names the visit without a doctor, and calls an untyped one an appointment', () => {
    expect(calendarEventFromAppointment(appointment({ doctorName: ' ' }))?.title).toBe('Follow-up');
    expect(calendarEventFromAppointment(appointment({ type: '' }))?.title).toBe(
      'Appointment with Dr. Alice Smith',
    );
    expect(calendarEventFromAppointment(appointment({ type: 'specialist' }))?.title).toBe(
      'Specialist visit with Dr. Alice Smith',
    );
  });

  it('starts an appointment without a time at 09:00', () => {
    expect(calendarEventFromAppointment(appointment({ time: '' }))?.start).toBe('2026-11-04T09:00:00.000Z');
  });

  it('has no event for an appointment without a date', () => {
    expect(calendarEventFromAppointment(appointment({ date: '' }))).toBeUndefined();
  });

  it('lists events earliest first, skipping undated and cancelled appointments', () => {
    const list = calendarEventsFromAppointments([
      appointment({ id: 'late', date: '2026-12-01' }),
      appointment({ id: 'undated', date: '' }),
      appointment({ id: 'cancelled', status: 'cancelled' }),
      appointment({ id: 'early', date: '2026-11-03' }),
      appointment({ id: 'done', date: '2026-10-01', status: 'completed' }),
    ]);
    expect(list.map((e) => e.appointmentId)).toEqual(['done', 'early', 'late']);
  });

  it('orders events at the same time by id', () => {
    expect(compareCalendarEvents(event({ id: 'b' }), event({ id: 'a' }))).toBeGreaterThan(0);
    expect(compareCalendarEvents(event({ id: 'a' }), event({ id: 'b' }))).toBeLessThan(0);
    expect(compareCalendarEvents(event(), event())).toBe(0);
  });
});

describe('the calendar texts', () => {
  it('asks to connect first and reuses the calendar failure (REQ-err-calendar)', () => {
    expect(CALENDAR_TEXTS.connectFirst).toBe('Connect your calendar first.');
    expect(CALENDAR_TEXTS.failure).toBe(ASSISTANT_ERRORS.calendarFailure);
    expect(CALENDAR_TEXTS.failure.startsWith('Unable to access calendar at this time')).toBe(true);
  });

  it('counts listed events', () => {
    expect(CALENDAR_TEXTS.eventsListed(0)).toBe('No calendar events.');
    expect(CALENDAR_TEXTS.eventsListed(1)).toBe('1 calendar event.');
    expect(CALENDAR_TEXTS.eventsListed(3)).toBe('3 calendar events.');
    expect(CALENDAR_TEXTS.eventScheduled('Check-up')).toBe('Scheduled "Check-up".');
  });
});

describe('iCalendar text (RFC 5545)', () => {
  it('writes UTC date-times', () => {
    expect(icsDateTime(NOW)).toBe('20261102T143000Z');
    expect(icsDateTime('2026-11-04T11:30:00+02:00')).toBe('20261104T093000Z');
  });

  it('escapes backslash, semicolon, comma and line breaks', () => {
    expect(escapeIcsText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeIcsText('bell\u0007 tab\tend')).toBe('bell tab\tend');
  });

  it('leaves a line of 75 octets alone and folds a longer one with CRLF and a space', () => {
    const exact = 'x'.repeat(75);
    expect(foldIcsLine(exact)).toBe(exact);
    const folded = foldIcsLine('y'.repeat(160));
    const lines = folded.split('\r\n');
    expect(lines.map((l) => l.length)).toEqual([75, 75, 12]);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe('y'.repeat(160));
  });

  it('never splits a UTF-8 character when folding', () => {
    // 'é' is 2 octets, '€' 3 and '𝄞' 4: whichever lands on the 75th octet must move to the next line whole.
    for (const char of ['é', '€', '𝄞']) {
      const line = `DESCRIPTION:${char.repeat(60)}`;
      const lines = foldIcsLine(line).split('\r\n');
      expect(lines.every((l) => octets(l) <= 75)).toBe(true);
      expect(lines.every((l) => new TextDecoder().decode(new TextEncoder().encode(l)) === l)).toBe(true);
      expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(line);
    }
  });

  it('writes a calendar with one event per calendar event, CRLF line endings and a final CRLF', () => {
    const text = toIcs([event(), event({ id: 'evt-2' })], {
      now: NOW,
      prodId: '-//Sentinel Health//Test//EN',
    });
    expect(text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Sentinel Health//Test//EN\r\n')).toBe(
      true,
    );
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(text.match(/^BEGIN:VEVENT$/gm)).toHaveLength(2);
    expect(text).toContain('DTSTAMP:20261102T143000Z\r\n');
    expect(text.split('\r\n').every((l) => octets(l) <= 75)).toBe(true);
  });

  it('gives back every field after writing and reading (round trip)', () => {
    const tricky = event({
      title: 'Follow-up with Dr. Alice Smith; bring log, meter\\strips',
      location: 'Clinic, 2nd floor; Room 4',
      description: `Line one, with comma;\nLine two — “quoted” ${'é'.repeat(50)}\nDone.`,
    });
    const [parsed] = parseIcs(toIcs([tricky], { now: NOW, prodId: '-//x//y//EN' }));
    expect(parsed).toEqual({
      UID: 'evt-1@sentinel-health',
      DTSTAMP: '20261102T143000Z',
      DTSTART: '20261104T093000Z',
      DTEND: '20261104T100000Z',
      SUMMARY: tricky.title,
      LOCATION: tricky.location,
      DESCRIPTION: tricky.description,
    });
  });

  it('leaves out an empty location and description, and writes an empty calendar when there are no events', () => {
    const [parsed] = parseIcs(toIcs([event({ location: '', description: '' })], { now: NOW }));
    expect(parsed).not.toHaveProperty('LOCATION');
    expect(parsed).not.toHaveProperty('DESCRIPTION');
    expect(toIcs([], { now: NOW })).toBe(
      'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Sentinel Health//Calendar//EN\r\nCALSCALE:GREGORIAN\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n',
    );
  });
});
