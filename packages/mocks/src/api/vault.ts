/**
 * The mock calendar behind the token vault (REQ-tool-names; REQ-product-pillars tool control through a token
 * vault, REQ-tool the calendar tool google_calendar_medical). The vault's routes are the server's
 * (@sentinel/service vaultRoutes) over `mockVault`; the assistant's calendar tool stays here with the demo
 * chat. The calendar's events are the caller's appointments as the domain maps them
 * (`calendarEventsFromAppointments`), plus the events the calendar tool scheduled.
 */
import {
  CALENDAR_TEXTS,
  TOOLS,
  TOOL_TEXTS,
  accountClaims,
  authorizeToolAction,
  buildCurrentUser,
  calendarEventsFromAppointments,
  compareCalendarEvents,
  ok,
  resolveToolAction,
  slotTimes,
  visibleTo,
  type Appointment,
  type CurrentUser,
  type Result,
} from '@sentinel/domain';
import type { CalendarEvent, CalendarScope, ChatToolEvent, VaultConnection } from '@sentinel/domain/contract';
import { auditPatientOf, grantedScopes, vaultConnectionOf, type Caller, type Vault } from '@sentinel/service';
import { appendAudit, type CalendarGrant, type MockStore } from './store';

/** What the calendar tool's schedule action needs from the question (the domain's `SlotDraft`). */
export type CalendarToolParams = {
  readonly slot?: { readonly date: string; readonly time: string; readonly title: string };
};

/** The most events one tool answer carries (`ChatToolEventSchema`). */
const MAX_TOOL_EVENTS = 50;

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Records the user's consent: the calendar is connected with these scopes (read is always among them, as
 * `VaultConnectSchema` requires), stamped with the store's clock. Connecting again replaces the grant.
 */
export function connectCalendarFor(
  store: MockStore,
  sub: string,
  scopes: readonly CalendarScope[],
): VaultConnection {
  const grant: CalendarGrant = { scopes: grantedScopes(scopes), connectedAt: store.now.toISOString() };
  store.calendarConnections.set(sub, grant);
  return vaultConnectionOf({ sub, ...grant });
}

/**
 * The appointments on a user's calendar: a patient's own (REQ-access ownership), a doctor's the ones where
 * they are the doctor, an admin's all of them.
 */
export function calendarAppointmentsFor(
  appointments: readonly Appointment[],
  user: CurrentUser,
): Appointment[] {
  if (user.role === 'patient') return visibleTo(appointments, user);
  if (user.role === 'doctor') return appointments.filter((a) => same(a.doctorName, user.name));
  return [...appointments];
}

/** Every event on the user's calendar, earliest first: their appointments and what the tool scheduled. */
export function calendarEventsFor(store: MockStore, user: CurrentUser): CalendarEvent[] {
  const fromAppointments = calendarEventsFromAppointments(calendarAppointmentsFor(store.appointments, user));
  const scheduled = store.calendarEvents.get(user.sub) ?? [];
  return [...fromAppointments, ...scheduled].sort(compareCalendarEvents);
}

/**
 * The token vault over the mock calendar: a user's events are their appointments and what the calendar tool
 * scheduled, read from the store's committed view. A subject without an account has no calendar to read.
 */
export function mockVault(store: MockStore): Vault {
  const userOf = (sub: string) => {
    const account = store.users.find((user) => user.id === sub);
    const built = account ? buildCurrentUser(accountClaims(sub, account)) : undefined;
    if (!built?.ok) throw new Error(`No calendar user ${sub}`);
    return built.value;
  };
  return {
    listEvents: async ({ sub }) => calendarEventsFor(store, userOf(sub)),
    addEvent: async ({ sub }, draft) => {
      const event: CalendarEvent = { id: store.nextId('evt'), ...draft };
      store.calendarEvents.set(sub, [...(store.calendarEvents.get(sub) ?? []), event]);
      return event;
    },
    // The mock calendar keeps no tokens.
    forget: () => undefined,
  };
}

/** A slot as a calendar event: the domain's `slotTimes` (UTC, 30 minutes), at the clinic. */
function eventFromSlot(id: string, slot: NonNullable<CalendarToolParams['slot']>): CalendarEvent | undefined {
  if (Number.isNaN(Date.parse(`${slot.date}T${slot.time}:00Z`))) return undefined;
  const { start, end } = slotTimes(slot);
  return {
    id,
    title: slot.title.trim().slice(0, 300) || CALENDAR_TEXTS.defaultTitle,
    start,
    end,
    location: CALENDAR_TEXTS.defaultLocation,
    description: '',
    appointmentId: null,
  };
}

type ToolAnswer = Omit<ChatToolEvent, 'type' | 'tool' | 'action'>;

function runCalendarAction(
  store: MockStore,
  caller: Caller,
  action: string,
  params: CalendarToolParams,
  now: Date,
): Result<ToolAnswer> {
  const resolved = resolveToolAction(TOOLS.calendar, action);
  if (!resolved.ok) return resolved;
  if (resolved.value.outcome !== 'accepted') {
    return ok({ outcome: 'not_supported', message: resolved.value.message });
  }
  const allowed = authorizeToolAction(caller.knowledgeRole, action);
  if (!allowed.ok) return ok({ outcome: 'denied', message: allowed.error.message });
  const grant = store.calendarConnections.get(caller.user.sub);
  if (!grant) return ok({ outcome: 'consent_required', message: CALENDAR_TEXTS.consentRequired });

  if (action === 'view_appointments') {
    const upcoming = calendarEventsFor(store, caller.user)
      .filter((event) => Date.parse(event.end) > now.getTime())
      .slice(0, MAX_TOOL_EVENTS);
    return ok({ outcome: 'ok', message: CALENDAR_TEXTS.eventsListed(upcoming.length), events: upcoming });
  }

  // schedule_appointment: adding an event needs the write scope and a date and time from the question.
  if (!grant.scopes.includes('calendar:write')) {
    return ok({ outcome: 'consent_required', message: CALENDAR_TEXTS.writeScopeRequired });
  }
  const event = params.slot ? eventFromSlot(store.nextId('evt'), params.slot) : undefined;
  if (!event) return ok({ outcome: 'needs_input', message: TOOL_TEXTS.scheduleNeedsSlot });
  store.calendarEvents.set(caller.user.sub, [...(store.calendarEvents.get(caller.user.sub) ?? []), event]);
  return ok({ outcome: 'ok', message: CALENDAR_TEXTS.eventScheduled(event.title), events: [event] });
}

/**
 * The assistant's calendar tool (REQ-tool-calendar-actions view_appointments and schedule_appointment, REQ-access-matrix appointment schedule access,
 * REQ-tool google_calendar_medical) as one chat `tool` event: `denied` when the caller's role may not take the action
 * (the domain's `authorizeToolAction`), `consent_required` until the calendar is connected (and, to schedule,
 * connected with calendar:write), `needs_input` to schedule without a date and time, otherwise `ok` with the
 * upcoming events (viewing, those ending after `now`) or the event scheduled. Writes one audit row.
 */
export function calendarToolEvent(
  store: MockStore,
  caller: Caller,
  action: string,
  params: CalendarToolParams,
  now: Date,
): ChatToolEvent {
  const result = runCalendarAction(store, caller, action, params, now);
  const answer: ToolAnswer = result.ok
    ? result.value
    : { outcome: 'not_supported', message: result.error.message };
  const outcome = answer.outcome === 'ok' ? 'allowed' : 'denied';
  appendAudit(
    store,
    { sub: caller.user.sub, role: caller.knowledgeRole },
    {
      action: action === 'schedule_appointment' ? 'create' : 'list',
      resourceType: 'calendar',
      resourceId:
        answer.events?.length === 1 && action === 'schedule_appointment' ? answer.events[0]!.id : null,
      patientId: auditPatientOf(caller.user),
      outcome,
      reason: `assistant tool ${TOOLS.calendar} ${action}: ${answer.outcome}${answer.events ? `, ${answer.events.length} event(s)` : ''}`,
    },
  );
  return { type: 'tool', tool: TOOLS.calendar, action, ...answer };
}
