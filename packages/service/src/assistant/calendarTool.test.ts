import { CALENDAR_TEXTS, PERMISSION_ALERTS, ROUTE_TEXTS, TOOL_TEXTS } from '@sentinel/domain';
import { ChatToolEventSchema, type CalendarEvent, type CalendarScope } from '@sentinel/domain/contract';
import { FIXED_NOW, PERSONAS, seed, type PersonaKey } from '@sentinel/demo-data';
import { beforeEach, describe, expect, it } from 'vitest';
import { callerOfAccount, type Caller } from '../caller';
import type { Vault } from '../handlers/vault';
import { openMemoryStore } from '../store/memory';
import type { Store } from '../store/types';
import { runCalendarTool, type CalendarToolRequest } from './calendarTool';

const HOUR_MS = 3_600_000;
const at = (hours: number) => new Date(FIXED_NOW.getTime() + hours * HOUR_MS).toISOString();
const event = (id: string, startHours: number): CalendarEvent => ({
  id,
  title: id,
  start: at(startHours),
  end: at(startHours + 0.5),
  location: '',
  description: '',
  appointmentId: null,
});

/** A calendar that holds each user's events in memory and fails when told to. */
function fakeVault() {
  const events = new Map<string, CalendarEvent[]>();
  let failing = false;
  const vault: Vault = {
    listEvents: async ({ sub }) => {
      if (failing) throw new Error('calendar down');
      return events.get(sub) ?? [];
    },
    addEvent: async ({ sub }, draft) => {
      if (failing) throw new Error('calendar down');
      const added = { id: `evt-${(events.get(sub)?.length ?? 0) + 1}`, ...draft };
      events.set(sub, [...(events.get(sub) ?? []), added]);
      return added;
    },
    forget: () => undefined,
  };
  return { vault, events, fail: () => (failing = true) };
}

let store: Store;
let calendar: ReturnType<typeof fakeVault>;

beforeEach(() => {
  store = openMemoryStore({ seed: seed(FIXED_NOW) });
  calendar = fakeVault();
});

async function callerOf(key: PersonaKey): Promise<Caller> {
  const account = await store.transaction((tx) => tx.getUser(PERSONAS[key].sub));
  const caller = callerOfAccount({ sub: PERSONAS[key].sub, amr: ['pwd', 'otp'] }, account);
  if (!caller.ok) throw new Error(caller.error.message);
  return caller.value;
}

const connect = (key: PersonaKey, scopes: CalendarScope[]) =>
  store.transaction((tx) =>
    tx.putVaultConnection({ sub: PERSONAS[key].sub, scopes, connectedAt: FIXED_NOW.toISOString() }),
  );

async function run(
  key: PersonaKey,
  action: CalendarToolRequest['action'],
  params?: CalendarToolRequest['params'],
) {
  const deps = { store, vault: calendar.vault, now: () => FIXED_NOW };
  const tool = await runCalendarTool(deps, {
    caller: await callerOf(key),
    accessToken: 'token',
    action,
    params,
  });
  return ChatToolEventSchema.parse(tool);
}

const SLOT = { title: 'Follow-up', start: '2026-11-20T10:30:00.000Z', end: '2026-11-20T11:00:00.000Z' };

describe('the assistant’s calendar tool (REQ-tool-calendar-actions)', () => {
  it('asks for consent while the calendar is not connected', async () => {
    expect(await run('jane', 'view_appointments')).toStrictEqual({
      type: 'tool',
      tool: 'google_calendar_medical',
      action: 'view_appointments',
      outcome: 'consent_required',
      message: CALENDAR_TEXTS.consentRequired,
    });
  });

  it('shows a connected user the events that have not ended yet', async () => {
    await connect('jane', ['calendar:read']);
    calendar.events.set(PERSONAS.jane.sub, [event('past', -2), event('soon', 1), event('later', 48)]);
    const tool = await run('jane', 'view_appointments');
    expect(tool).toMatchObject({ outcome: 'ok', message: CALENDAR_TEXTS.eventsListed(2) });
    expect(tool.events?.map((e) => e.id)).toStrictEqual(['soon', 'later']);
  });

  it('denies a role the appointment schedule is not open to, connected or not (REQ-access-matrix)', async () => {
    await connect('phil', ['calendar:read']);
    const tool = await run('phil', 'view_appointments');
    expect(tool).toMatchObject({ outcome: 'denied', message: ROUTE_TEXTS.accessDeniedBody });
    expect(tool.events).toBeUndefined();
  });

  it('denies a patient scheduling, with the permission alert, and adds nothing', async () => {
    await connect('jane', ['calendar:read', 'calendar:write']);
    const tool = await run('jane', 'schedule_appointment', SLOT);
    expect(tool).toMatchObject({ outcome: 'denied', message: PERMISSION_ALERTS.createAppointments });
    expect(calendar.events.size).toBe(0);
  });

  it('asks a doctor for the write scope before scheduling', async () => {
    await connect('alice', ['calendar:read']);
    expect(await run('alice', 'schedule_appointment', SLOT)).toMatchObject({
      outcome: 'consent_required',
      message: CALENDAR_TEXTS.writeScopeRequired,
    });
  });

  it('asks for a date and time when the question gives none', async () => {
    await connect('alice', ['calendar:read', 'calendar:write']);
    expect(await run('alice', 'schedule_appointment')).toMatchObject({
      outcome: 'needs_input',
      message: TOOL_TEXTS.scheduleNeedsSlot,
    });
  });

  it('schedules for a doctor with the write scope, at the clinic', async () => {
    await connect('alice', ['calendar:read', 'calendar:write']);
    const tool = await run('alice', 'schedule_appointment', SLOT);
    expect(tool).toMatchObject({
      outcome: 'ok',
      message: CALENDAR_TEXTS.eventScheduled('Follow-up'),
      events: [{ ...SLOT, location: CALENDAR_TEXTS.defaultLocation, appointmentId: null }],
    });
    expect(calendar.events.get(PERSONAS.alice.sub)).toStrictEqual(tool.events);
  });

  it('says the calendar failed, without throwing, when the calendar is down', async () => {
    await connect('alice', ['calendar:read', 'calendar:write']);
    calendar.fail();
    expect(await run('alice', 'view_appointments')).toMatchObject({
      outcome: 'failed',
      message: CALENDAR_TEXTS.failure,
    });
  });

  it('writes one audit row per call, allowed only for an answer', async () => {
    await run('jane', 'view_appointments');
    await connect('jane', ['calendar:read']);
    await run('jane', 'view_appointments');
    const rows = await store.transaction((tx) => tx.listAudit({ all: true }));
    expect(rows.map((row) => [row.action, row.resourceType, row.outcome, row.reason])).toStrictEqual([
      [
        'list',
        'calendar',
        'denied',
        'assistant tool google_calendar_medical view_appointments: consent_required',
      ],
      [
        'list',
        'calendar',
        'allowed',
        'assistant tool google_calendar_medical view_appointments: ok, 0 event(s)',
      ],
    ]);
  });
});
