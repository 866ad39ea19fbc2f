/**
 * Pure helpers of the calendar panel (token vault, REQ-tool-vault): its texts, which events are upcoming, how
 * an event's time and the connection's time read, and the .ics download built in the browser with the domain's
 * `toIcs` (nothing is sent anywhere: the file is made from the events already on screen).
 */
import {
  CALENDAR_TEXTS,
  ICS_CONTENT_TYPE,
  ICS_FILE_NAME,
  formatLastLogin,
  formatTimeOfDay,
  toIcs,
  type Locale,
} from '@sentinel/domain';
import type { CalendarEvent, CalendarScope } from '@sentinel/domain/contract';

/** The panel's wording; the domain's calendar texts where it has them. */
export const CALENDAR_CONNECT_TEXTS = {
  title: CALENDAR_TEXTS.title,
  description: 'Your appointments in your own calendar, and for the assistant when you allow it.',
  loading: 'Loading your calendar...',
  connectionLabel: 'Calendar connection',
  connected: CALENDAR_TEXTS.connected,
  notConnected: CALENDAR_TEXTS.notConnected,
  /** How the token vault works, in words a patient can follow (REQ-product-pillars). */
  howItWorks:
    'When you connect, Sentinel Health exchanges your sign-in token at the identity provider for a token that only opens your calendar (token exchange) and keeps it in the token vault. The assistant uses that calendar-scoped token; it never sees your password, and you can disconnect at any time.',
  scopesLegend: 'What the assistant may do in your calendar',
  required: 'Required',
  optional: 'Optional',
  connect: CALENDAR_TEXTS.connect,
  connecting: 'Connecting...',
  grantedTitle: 'Permissions granted',
  connectedAt: (when: string) => `Connected ${when}`,
  disconnect: CALENDAR_TEXTS.disconnect,
  disconnectTitle: 'Disconnect your calendar?',
  disconnectConfirm:
    'The token vault deletes the calendar token: the assistant can no longer see or add appointments in your calendar. You can connect it again at any time.',
  disconnectConfirmLabel: 'Disconnect',
  eventsTitle: 'Upcoming appointments',
  eventsLoading: 'Loading your appointments...',
  noEvents: CALENDAR_TEXTS.noEvents,
  noEventsHint: 'Appointments you book appear here.',
  downloadIcs: CALENDAR_TEXTS.downloadIcs,
  downloadHint: 'Adds these appointments to any calendar app (an iCalendar file).',
  retry: 'Retry',
  /** REQ-err-calendar Calendar failure. */
  failure: CALENDAR_TEXTS.failure,
} as const;

/** Each calendar scope in words, with its technical name shown too (colour is never the only signal). */
export const CALENDAR_SCOPE_LABELS: Readonly<Record<CalendarScope, string>> = {
  'calendar:read': 'See your appointments',
  'calendar:write': 'Add appointments for you',
};

/** The read scope cannot be left out (`VaultConnectSchema`); write is the user's choice. */
export const REQUIRED_SCOPE: CalendarScope = 'calendar:read';

/** The events that have not ended by `now`, earliest first (the server sends them sorted). */
export function upcomingEvents(events: readonly CalendarEvent[], now: Date): CalendarEvent[] {
  return events.filter((event) => Date.parse(event.end) > now.getTime());
}

/**
 * When an event takes place, in the viewer's zone, e.g. 'Mon, Nov 2, 2026, 4:30 – 5:00 PM'. Events are instants
 * (ISO with offset), so a calendar app that imports the .ics shows the same times.
 */
export function formatEventTime(
  event: Pick<CalendarEvent, 'start' | 'end'>,
  { locale = 'en-US', timeZone = 'UTC' }: Locale = {},
): string {
  const start = new Date(event.start);
  const end = new Date(event.end);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).formatRange(start, end);
}

/** When the calendar was connected, relative to now: 'Today at 2:30 PM', '3 days ago at 9:00 AM'. */
export function formatConnectedAt(iso: string, now: Date, locale: Locale = {}): string {
  return `${formatLastLogin(iso, now, locale)} at ${formatTimeOfDay(iso, locale)}`;
}

/** The .ics file of `events` as a Blob (RFC 5545 text from the domain's `toIcs`). */
export function icsBlobOf(events: readonly CalendarEvent[], now: Date): Blob {
  return new Blob([toIcs(events, { now })], { type: ICS_CONTENT_TYPE });
}

/**
 * Saves the events as sentinel-appointments.ics: the file is made in the browser and handed to the browser's
 * download through a temporary object URL, released straight after.
 */
export function downloadIcs(events: readonly CalendarEvent[], now: Date, doc: Document = document): void {
  const url = URL.createObjectURL(icsBlobOf(events, now));
  const link = doc.createElement('a');
  link.href = url;
  link.download = ICS_FILE_NAME;
  link.hidden = true;
  doc.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click's task, so the download has started reading the object URL.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
