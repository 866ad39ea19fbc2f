/**
 * The assistant's calendar tool through the token vault (REQ-tool-calendar-actions view_appointments and
 * schedule_appointment, REQ-access appointment schedule access, REQ-tool google_calendar_medical, REQ-err
 * calendar failure), as one chat `tool` event: `denied` when the caller's role may not take the action, `consent_required`
 * until the calendar is connected (and, to schedule, connected with calendar:write), `needs_input` to
 * schedule without a slot, `failed` with the REQ-model-errors text when the identity provider or the calendar
 * fails, otherwise `ok` with the upcoming events or the event scheduled. It runs after the chat's transaction
 * (network calls hold no database transaction) and writes its own audit row.
 */
import { CALENDAR_TEXTS, TOOLS, TOOL_TEXTS, authorizeToolAction } from '@sentinel/domain';
import type { CalendarEvent, ChatToolEvent } from '@sentinel/domain/contract';
import type { Caller } from '../caller';
import { auditPatientOf, type Vault } from '../handlers/vault';
import type { Store } from '../store/types';

/** The most events one tool answer carries (`ChatToolEventSchema`). */
export const MAX_TOOL_EVENTS = 50;

export type CalendarToolDeps = {
  readonly store: Store;
  readonly vault: Vault;
  /** The clock: which events are upcoming, and the audit row's time. */
  readonly now: () => Date;
};

export type CalendarToolAction = 'view_appointments' | 'schedule_appointment';

export type CalendarToolRequest = {
  readonly caller: Caller;
  /** The caller's verified API access token (`RouteContext.accessToken`): the vault exchanges it. */
  readonly accessToken: string;
  readonly action: CalendarToolAction;
  /** The slot to schedule (ISO 8601 times, e.g. from the domain's `slotTimes`); without it nothing is scheduled. */
  readonly params?: { readonly title: string; readonly start: string; readonly end: string } | undefined;
};

type ToolAnswer = Omit<ChatToolEvent, 'type' | 'tool' | 'action'>;

async function answer(deps: CalendarToolDeps, request: CalendarToolRequest, now: Date): Promise<ToolAnswer> {
  const { caller, action, params } = request;
  const allowed = authorizeToolAction(caller.knowledgeRole, action);
  if (!allowed.ok) return { outcome: 'denied', message: allowed.error.message };
  const connection = await deps.store.transaction((tx) => tx.getVaultConnection(caller.user.sub));
  if (!connection) return { outcome: 'consent_required', message: CALENDAR_TEXTS.consentRequired };
  const user = { sub: caller.user.sub, accessToken: request.accessToken };

  if (action === 'view_appointments') {
    try {
      const upcoming = (await deps.vault.listEvents(user))
        .filter((event) => Date.parse(event.end) > now.getTime())
        .slice(0, MAX_TOOL_EVENTS);
      return { outcome: 'ok', message: CALENDAR_TEXTS.eventsListed(upcoming.length), events: upcoming };
    } catch {
      return { outcome: 'failed', message: CALENDAR_TEXTS.failure };
    }
  }

  if (!connection.scopes.includes('calendar:write')) {
    return { outcome: 'consent_required', message: CALENDAR_TEXTS.writeScopeRequired };
  }
  if (!params) return { outcome: 'needs_input', message: TOOL_TEXTS.scheduleNeedsSlot };
  const draft: Omit<CalendarEvent, 'id'> = {
    title: params.title.trim().slice(0, 300) || CALENDAR_TEXTS.defaultTitle,
    start: params.start,
    end: params.end,
    location: CALENDAR_TEXTS.defaultLocation,
    description: '',
    appointmentId: null,
  };
  try {
    const event = await deps.vault.addEvent(user, draft);
    return { outcome: 'ok', message: CALENDAR_TEXTS.eventScheduled(event.title), events: [event] };
  } catch {
    return { outcome: 'failed', message: CALENDAR_TEXTS.failure };
  }
}

/**
 * Runs the calendar tool for the chat and returns its `tool` event; never rejects for a calendar failure (the
 * event says `failed`). Writes one audit row like the mock API's: list or create on `calendar`, allowed only
 * when the outcome is `ok`.
 */
export async function runCalendarTool(
  deps: CalendarToolDeps,
  request: CalendarToolRequest,
): Promise<ChatToolEvent> {
  const now = deps.now();
  const result = await answer(deps, request, now);
  const { caller, action } = request;
  const scheduled =
    action === 'schedule_appointment' && result.events?.length === 1 ? result.events[0] : undefined;
  await deps.store.transaction(async (tx) =>
    tx.appendAudit({
      timestamp: now.toISOString(),
      actorSub: caller.user.sub,
      actorRole: caller.knowledgeRole,
      action: action === 'schedule_appointment' ? 'create' : 'list',
      resourceType: 'calendar',
      resourceId: scheduled?.id ?? null,
      patientId: auditPatientOf(caller.user),
      outcome: result.outcome === 'ok' ? 'allowed' : 'denied',
      reason: `assistant tool ${TOOLS.calendar} ${action}: ${result.outcome}${result.events ? `, ${result.events.length} event(s)` : ''}`,
    }),
  );
  return { type: 'tool', tool: TOOLS.calendar, action, ...result };
}
