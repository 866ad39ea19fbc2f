import { ASSISTANT_ERRORS, CALENDAR_TEXTS, calendarEventsFromAppointments } from '@sentinel/domain';
import { CalendarEventListResponseSchema, VaultConnectionSchema } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW_ISO, seed, PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import { createScenarios } from './scenarios';
import { BASE_URL, call, eventsOf as eventsOfChat, useMockApi } from '../../test/testkit';
import { connectCalendarFor } from './vault';

const ctx = useMockApi();

const eventsOf = (json: unknown) => CalendarEventListResponseSchema.parse(json).items;
const appointmentIdsOf = (json: unknown) => eventsOf(json).map((event) => event.appointmentId);

describe('the calendar connection (token vault consent)', () => {
  it('is not connected until the user consents', async () => {
    const answer = await call('jane', 'getCalendarConnection');
    expect(answer.status).toBe(200);
    expect(answer.json).toStrictEqual({
      connection: 'calendar',
      connected: false,
      scopes: [],
      connectedAt: null,
    });
  });

  it('connects with the scopes consented to, stamped with the clock, and says so on the next read', async () => {
    const connected = await call('jane', 'connectCalendar', {
      body: { scopes: ['calendar:read', 'calendar:write'] },
    });
    expect(connected.status).toBe(200);
    const expected = {
      connection: 'calendar',
      connected: true,
      scopes: ['calendar:read', 'calendar:write'],
      connectedAt: FIXED_NOW_ISO,
    };
    expect(VaultConnectionSchema.parse(connected.json)).toStrictEqual(expected);
    expect((await call('jane', 'getCalendarConnection')).json).toStrictEqual(expected);
  });

  it('keeps each user’s connection to themselves', async () => {
    await call('jane', 'connectCalendar', { body: { scopes: ['calendar:read'] } });
    expect((await call('john', 'getCalendarConnection')).json).toMatchObject({ connected: false });
    expect((await call('john', 'listCalendarEvents')).status).toBe(409);
  });

  it('refuses a connection without the read scope, and connects nothing', async () => {
    const refused = await call('jane', 'connectCalendar', { body: { scopes: ['calendar:write'] } });
    expect(refused.status).toBe(400);
    expect((await call('jane', 'getCalendarConnection')).json).toMatchObject({ connected: false });
  });

  it('disconnects with 204, after which the events are refused again', async () => {
    await call('jane', 'connectCalendar', { body: { scopes: ['calendar:read'] } });
    const gone = await call('jane', 'disconnectCalendar');
    expect(gone.status).toBe(204);
    expect(gone.text).toBe('');
    expect((await call('jane', 'getCalendarConnection')).json).toMatchObject({
      connected: false,
      scopes: [],
    });
    expect((await call('jane', 'listCalendarEvents')).status).toBe(409);
  });

  it('writes an audit row for connecting and disconnecting, naming the scopes and no one’s data', async () => {
    await call('jane', 'connectCalendar', { body: { scopes: ['calendar:read'] } });
    await call('jane', 'disconnectCalendar');
    const rows = ctx.api.store.audit.filter((row) => row.resourceType === 'calendar');
    expect(rows.map((row) => [row.action, row.outcome, row.reason])).toStrictEqual([
      ['create', 'allowed', 'consented to calendar:read'],
      ['delete', 'allowed', 'consent withdrawn'],
    ]);
    expect(rows.every((row) => row.actorSub === PERSONAS.jane.sub)).toBe(true);
  });
});

describe('the calendar’s events', () => {
  it("answers 409 'Connect your calendar first.' before the calendar is connected", async () => {
    const answer = await call('jane', 'listCalendarEvents');
    expect(answer.status).toBe(409);
    expect(answer.json).toStrictEqual({ error: 'conflict', message: CALENDAR_TEXTS.connectFirst });
  });

  it('gives a patient her own appointments as events, mapped by the domain, cancelled ones left out', async () => {
    await call('jane', 'connectCalendar', { body: { scopes: ['calendar:read'] } });
    const answer = await call('jane', 'listCalendarEvents');
    expect(answer.status).toBe(200);
    const janes = seed().appointments.filter((a) => a.patientEmail === PERSONAS.jane.email);
    expect(eventsOf(answer.json)).toStrictEqual(calendarEventsFromAppointments(janes));
    expect(appointmentIdsOf(answer.json)).toStrictEqual([
      'apt-001',
      'apt-002',
      'apt-004',
      'apt-005',
      'apt-006',
    ]);
    expect(answer.text).not.toMatch(/John|Roe/);
  });

  it('gives a doctor the appointments where they are the doctor', async () => {
    await call('ben', 'connectCalendar', { body: { scopes: ['calendar:read'] } });
    expect(appointmentIdsOf((await call('ben', 'listCalendarEvents')).json)).toStrictEqual([
      'apt-007',
      'apt-009',
      'apt-006',
    ]);
  });

  it('gives an admin every appointment that takes place', async () => {
    await call('sam', 'connectCalendar', { body: { scopes: ['calendar:read'] } });
    const ids = appointmentIdsOf((await call('sam', 'listCalendarEvents')).json);
    const expected = seed().appointments.filter((a) => a.status !== 'cancelled');
    expect(new Set(ids)).toStrictEqual(new Set(expected.map((a) => a.id)));
  });

  it('audits a patient’s listing against her own patient id, and a refused one as denied', async () => {
    await call('jane', 'listCalendarEvents');
    await call('jane', 'connectCalendar', { body: { scopes: ['calendar:read'] } });
    await call('jane', 'listCalendarEvents');
    const rows = ctx.api.store.audit.filter(
      (row) => row.action === 'list' && row.resourceType === 'calendar',
    );
    expect(rows.map((row) => [row.outcome, row.reason, row.patientId])).toStrictEqual([
      ['denied', 'calendar not connected', PERSONAS.jane.patientId],
      ['allowed', 'calendar events: 5', PERSONAS.jane.patientId],
    ]);
  });

  it('starts disconnected again after a reset', async () => {
    await call('jane', 'connectCalendar', { body: { scopes: ['calendar:read'] } });
    ctx.api.reset();
    expect((await call('jane', 'getCalendarConnection')).json).toMatchObject({ connected: false });
  });
});

describe('the assistant’s calendar tool on the mock calendar', () => {
  const toolOf = async (who: PersonaKey, content: string) => {
    const answer = await call(who, 'chat', { body: { messages: [{ role: 'user', content }] } });
    return eventsOfChat(answer.text).find((e) => e.type === 'tool');
  };

  it('asks for consent until the calendar is connected, then lists the upcoming appointments', async () => {
    expect(await toolOf('jane', 'Show my upcoming appointments')).toMatchObject({
      tool: 'google_calendar_medical',
      outcome: 'consent_required',
      message: CALENDAR_TEXTS.consentRequired,
    });
    connectCalendarFor(ctx.api.store, PERSONAS.jane.sub, ['calendar:read']);
    const tool = await toolOf('jane', 'Show my upcoming appointments');
    expect(tool).toMatchObject({ outcome: 'ok', message: CALENDAR_TEXTS.eventsListed(3) });
    expect(tool?.type === 'tool' && tool.events?.map((e) => e.appointmentId)).toStrictEqual([
      'apt-004',
      'apt-005',
      'apt-006',
    ]);
  });

  it('schedules for a doctor with the write scope: the event joins her calendar’s events', async () => {
    connectCalendarFor(ctx.api.store, PERSONAS.alice.sub, ['calendar:read', 'calendar:write']);
    const tool = await toolOf('alice', 'Schedule a follow-up on 2026-11-20 at 10:30');
    expect(tool).toMatchObject({ outcome: 'ok' });
    const listed = eventsOf((await call('alice', 'listCalendarEvents')).json);
    expect(tool?.type === 'tool' && tool.events?.[0]).toStrictEqual(listed.at(-1));
    expect(listed.at(-1)).toMatchObject({ start: '2026-11-20T10:30:00.000Z', appointmentId: null });
  });
});

describe('calendar scenarios for stories', () => {
  const scenarios = createScenarios({ baseUrl: BASE_URL });

  it('calendar connected: its API starts every run with the consent recorded, whatever the last run did', async () => {
    const connected = scenarios.calendarConnected('jane');
    ctx.server.resetHandlers(...connected.handlers);
    await connected.seed();
    expect((await call('jane', 'getCalendarConnection')).json).toMatchObject({
      connected: true,
      scopes: ['calendar:read'],
    });
    expect(appointmentIdsOf((await call('jane', 'listCalendarEvents')).json)).toHaveLength(5);
    await call('jane', 'disconnectCalendar');
    await connected.seed();
    expect((await call('jane', 'getCalendarConnection')).json).toMatchObject({ connected: true });
    expect((await call('john', 'getCalendarConnection')).json).toMatchObject({ connected: false });
  });

  it('calendar unavailable: the events answer 500 with the calendar failure text (REQ-err-calendar)', async () => {
    ctx.server.use(...scenarios.calendarUnavailable());
    await call('jane', 'connectCalendar', { body: { scopes: ['calendar:read'] } });
    const answer = await call('jane', 'listCalendarEvents');
    expect(answer.status).toBe(500);
    expect(answer.json).toStrictEqual({ error: 'internal', message: ASSISTANT_ERRORS.calendarFailure });
    expect(CALENDAR_TEXTS.failure).toMatch(/^Unable to access calendar at this time/);
  });
});
