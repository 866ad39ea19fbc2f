/**
 * The token vault end to end on real parts: API access tokens from the embedded identity provider's sign-in,
 * the API's token exchange with its run-time client secret, and the calendar service checking the exchanged
 * tokens against the provider's JWKS.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  CALENDAR_TEXTS,
  PERMISSION_ALERTS,
  TOOL_TEXTS,
  calendarEventsFromAppointments,
} from '@sentinel/domain';
import type { AuditEvent, CalendarEvent, VaultConnection } from '@sentinel/domain/contract';
import { FIXED_NOW, PERSONAS, seed, type PersonaKey } from '@sentinel/demo-data';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolveCaller, runCalendarTool, type CalendarToolRequest } from '@sentinel/service';
import { buildServer } from '../server';
import { openStore } from '../store/index';
import type { Store } from '../store/types';
import { KNOWLEDGE, TEST_AUDIENCE } from '../testkit';
import type { VaultSettings } from './settings';
import { startVaultStack, type VaultStack } from './testSupport';
import { createVault, type Vault } from './vault';

let stack: VaultStack;

beforeAll(async () => {
  stack = await startVaultStack();
  // Sign the personas in once; their API access tokens live an hour.
  await Promise.all((['jane', 'john', 'alice', 'sam'] as const).map((who) => stack.accessTokenOf(who)));
});
afterAll(() => stack.close());

type Api = { app: FastifyInstance; store: Store; vault: Vault; close: () => Promise<void> };

async function startApi(vault: VaultSettings = stack.settings, dataDir?: string): Promise<Api> {
  const folder = dataDir ?? mkdtempSync(path.join(tmpdir(), 'sentinel-api-vault-'));
  const store = await openStore({ dataDir: folder, seed: seed(FIXED_NOW) });
  const app = await buildServer({
    settings: {
      issuer: stack.idp.issuer,
      audience: TEST_AUDIENCE,
      jwksUrl: `${stack.idp.url}/.well-known/jwks.json`,
      portalDist: undefined,
      adminEmail: undefined,
    },
    store,
    knowledge: () => KNOWLEDGE,
    now: () => FIXED_NOW,
    vault,
  });
  await app.ready();
  return {
    app,
    store,
    vault: createVault(vault),
    close: async () => {
      await app.close();
      await store.close();
      if (!dataDir) rmSync(folder, { recursive: true, force: true });
    },
  };
}

let api: Api;
beforeEach(async () => {
  api = await startApi();
});
afterEach(() => api.close());

async function call(
  who: PersonaKey,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  body?: unknown,
  on = api,
) {
  const res = await on.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${await stack.accessTokenOf(who)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  return { status: res.statusCode, body: res.body ? (JSON.parse(res.body) as unknown) : undefined };
}

const connect = (who: PersonaKey, scopes: string[] = ['calendar:read'], on = api) =>
  call(who, 'POST', '/api/vault/calendar', { scopes }, on);
const listEvents = (who: PersonaKey, on = api) => call(who, 'GET', '/api/calendar/events', undefined, on);
const itemsOf = (answer: { body: unknown }) => (answer.body as { items: CalendarEvent[] }).items;

async function auditRows(): Promise<AuditEvent[]> {
  return api.store.transaction((tx) => tx.listAudit({ all: true }));
}

/** The events the domain makes of a patient's (or a doctor's) seeded appointments. */
const expectedEvents = (match: (a: { patientEmail: string; doctorName: string }) => boolean) =>
  calendarEventsFromAppointments(seed(FIXED_NOW).appointments.filter(match));

describe('the calendar connection (consent)', () => {
  it('is not connected until the user connects, then records the scopes and the time', async () => {
    expect(await call('jane', 'GET', '/api/vault/calendar')).toEqual({
      status: 200,
      body: { connection: 'calendar', connected: false, scopes: [], connectedAt: null },
    });
    const connected: VaultConnection = {
      connection: 'calendar',
      connected: true,
      scopes: ['calendar:read', 'calendar:write'],
      connectedAt: FIXED_NOW.toISOString(),
    };
    // Read is always granted, and first.
    expect(await connect('jane', ['calendar:write', 'calendar:read'])).toEqual({
      status: 200,
      body: connected,
    });
    expect(await call('jane', 'GET', '/api/vault/calendar')).toEqual({ status: 200, body: connected });
    // John's connection is his own.
    expect(((await call('john', 'GET', '/api/vault/calendar')).body as VaultConnection).connected).toBe(
      false,
    );
  });

  it('refuses a connection without calendar:read', async () => {
    const res = await connect('jane', ['calendar:write']);
    expect(res.status).toBe(400);
  });

  it('is withdrawn by disconnecting, and the audit trail says so', async () => {
    await connect('jane');
    expect((await call('jane', 'DELETE', '/api/vault/calendar')).status).toBe(204);
    expect((await call('jane', 'DELETE', '/api/vault/calendar')).status).toBe(204);
    expect(((await call('jane', 'GET', '/api/vault/calendar')).body as VaultConnection).connected).toBe(
      false,
    );
    expect((await listEvents('jane')).status).toBe(409);
    const rows = (await auditRows()).filter((row) => row.resourceType === 'calendar');
    expect(rows.map((row) => [row.action, row.resourceId, row.outcome, row.reason])).toEqual([
      ['create', 'calendar', 'allowed', 'consented to calendar:read'],
      ['delete', 'calendar', 'allowed', 'consent withdrawn'],
      ['delete', 'calendar', 'allowed', 'was not connected'],
      ['list', null, 'denied', 'calendar not connected'],
    ]);
  });

  it('survives a restart of the API (kept in the store)', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinel-api-vault-keep-'));
    try {
      const first = await startApi(stack.settings, dataDir);
      await connect('john', ['calendar:read'], first);
      await first.close();
      const again = await startApi(stack.settings, dataDir);
      try {
        const answer = await call('john', 'GET', '/api/vault/calendar', undefined, again);
        expect((answer.body as VaultConnection).connected).toBe(true);
        expect((await listEvents('john', again)).status).toBe(200);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('listing calendar events through the token vault', () => {
  it("answers 409 'Connect your calendar first.' before the user connected", async () => {
    expect(await listEvents('jane')).toEqual({
      status: 409,
      body: { error: 'conflict', message: CALENDAR_TEXTS.connectFirst },
    });
  });

  it("gives Jane the events of her appointments and never John's", async () => {
    await connect('jane');
    await connect('john');
    const jane = await listEvents('jane');
    const john = await listEvents('john');
    expect(jane.status).toBe(200);
    expect(itemsOf(jane)).toEqual(expectedEvents((a) => a.patientEmail === PERSONAS.jane.email));
    expect(itemsOf(john)).toEqual(expectedEvents((a) => a.patientEmail === PERSONAS.john.email));
    const johns = new Set(itemsOf(john).map((e) => e.id));
    expect(itemsOf(jane).filter((e) => johns.has(e.id))).toEqual([]);
    const row = (await auditRows()).find((r) => r.action === 'list' && r.actorSub === PERSONAS.jane.sub);
    expect(row).toMatchObject({
      resourceType: 'calendar',
      patientId: PERSONAS.jane.patientId,
      outcome: 'allowed',
      reason: `calendar events: ${itemsOf(jane).length}`,
    });
  });

  it('gives a doctor the events where she is the doctor', async () => {
    await connect('alice');
    expect(itemsOf(await listEvents('alice'))).toEqual(
      expectedEvents((a) => a.doctorName === PERSONAS.alice.name),
    );
  });

  it('answers 500 with the calendar failure text (REQ-err-calendar) when the calendar is down, without the upstream error', async () => {
    const down = await startApi({ ...stack.settings, calendarUrl: 'http://localhost:9' });
    try {
      await connect('jane', ['calendar:read'], down);
      const res = await listEvents('jane', down);
      expect(res).toEqual({ status: 500, body: { error: 'internal', message: CALENDAR_TEXTS.failure } });
      expect(res.body).toEqual({
        error: 'internal',
        message: 'Unable to access calendar at this time. Please try again later.',
      });
    } finally {
      await down.close();
    }
  });

  it('holds no database transaction while it waits for the calendar: other calls answer meanwhile', async () => {
    // A calendar that takes the request and answers only when told to.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const calendarReached = new Promise<void>((resolve) => {
      reached = resolve;
    });
    const slow = createServer((_req, res) => {
      reached();
      void released.then(() => res.writeHead(503).end());
    });
    await new Promise<void>((resolve) => slow.listen(0, 'localhost', resolve));
    const port = (slow.address() as AddressInfo).port;
    const waiting = await startApi({ ...stack.settings, calendarUrl: `http://localhost:${port}` });
    try {
      await connect('jane', ['calendar:read'], waiting);
      const events = listEvents('jane', waiting);
      await calendarReached;
      // On SQLite every transaction waits for the one before: this would hang behind a held transaction.
      const records = call('alice', 'GET', '/api/records', undefined, waiting);
      const first = await Promise.race([records.then(() => 'records'), events.then(() => 'calendar')]);
      expect(first).toBe('records');
      expect((await records).status).toBe(200);
      release();
      expect(await events).toEqual({
        status: 500,
        body: { error: 'internal', message: CALENDAR_TEXTS.failure },
      });
      const rows = await waiting.store.transaction((tx) => tx.listAudit({ all: true }));
      const lists = rows.filter((r) => r.resourceType === 'calendar' && r.action === 'list');
      expect(lists).toEqual([
        expect.objectContaining({
          outcome: 'denied',
          reason: 'calendar unavailable',
          patientId: PERSONAS.jane.patientId,
        }),
      ]);
    } finally {
      release();
      await waiting.close();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('answers 500 with the calendar failure text (REQ-err-calendar) when the identity provider refuses the exchange', async () => {
    const exchange = stack.settings.exchange as Exclude<
      VaultSettings['exchange'],
      (...args: never[]) => unknown
    >;
    const wrongSecret = await startApi({
      ...stack.settings,
      exchange: { ...exchange, clientSecret: { value: 'not-the-api-client-secret' } },
    });
    try {
      await connect('jane', ['calendar:read'], wrongSecret);
      const res = await listEvents('jane', wrongSecret);
      expect(res).toEqual({ status: 500, body: { error: 'internal', message: CALENDAR_TEXTS.failure } });
      expect(JSON.stringify(res.body)).not.toMatch(/invalid_client|secret/);
    } finally {
      await wrongSecret.close();
    }
  });
});

describe('the vault’s calendar tokens', () => {
  /** A fetch that counts calls to the token endpoint and to the calendar. */
  function countingFetch(refuseCalendarOnce = false) {
    const counts = { exchange: 0, calendar: 0 };
    let refused = false;
    const counted: typeof fetch = async (input, init) => {
      const url = String(input);
      if (url.endsWith('/oauth/token')) counts.exchange += 1;
      else {
        counts.calendar += 1;
        if (refuseCalendarOnce && !refused) {
          refused = true;
          return new Response('{}', { status: 401 });
        }
      }
      return fetch(input, init);
    };
    return { counts, counted };
  }

  const userOf = async (who: PersonaKey) => ({
    sub: PERSONAS[who].sub,
    accessToken: await stack.accessTokenOf(who),
  });

  it('exchanges once per user and scope, and again after forget', async () => {
    const { counts, counted } = countingFetch();
    const vault = createVault(stack.settings, { fetch: counted });
    const jane = await userOf('jane');
    await Promise.all([vault.listEvents(jane), vault.listEvents(jane)]);
    await vault.listEvents(jane);
    expect(counts).toEqual({ exchange: 1, calendar: 3 });
    await vault.listEvents(await userOf('john'));
    expect(counts.exchange).toBe(2);
    vault.forget(jane.sub);
    await vault.listEvents(jane);
    expect(counts.exchange).toBe(3);
  });

  it('exchanges again once the cached token is within 60 seconds of its expiry', async () => {
    const { counts, counted } = countingFetch();
    let clock = Date.now();
    const vault = createVault(stack.settings, { fetch: counted, now: () => new Date(clock) });
    const jane = await userOf('jane');
    await vault.listEvents(jane);
    clock += 239_000; // the token lives 300 s: still fresh 61 s before it expires
    await vault.listEvents(jane);
    expect(counts.exchange).toBe(1);
    clock += 2_000;
    await vault.listEvents(jane);
    expect(counts.exchange).toBe(2);
  });

  it('replaces a token the calendar refuses with a fresh one, once', async () => {
    const { counts, counted } = countingFetch(true);
    const vault = createVault(stack.settings, { fetch: counted });
    const events = await vault.listEvents(await userOf('jane'));
    expect(events.length).toBeGreaterThan(0);
    expect(counts).toEqual({ exchange: 2, calendar: 2 });
  });

  it('never gives a patient a token that can write the calendar', async () => {
    const vault = createVault(stack.settings);
    const draft = {
      title: 'Sneaky',
      start: '2026-11-20T10:00:00.000Z',
      end: '2026-11-20T10:30:00.000Z',
      location: '',
      description: '',
      appointmentId: null,
    };
    await expect(vault.addEvent(await userOf('jane'), draft)).rejects.toThrow(/exchange/);
  });
});

describe('the calendar tool (runCalendarTool)', () => {
  async function request(
    who: PersonaKey,
    action: CalendarToolRequest['action'],
    params?: CalendarToolRequest['params'],
  ) {
    const caller = await api.store.transaction(async (tx) => {
      const resolved = await resolveCaller(tx, { sub: PERSONAS[who].sub, amr: [] });
      if (!resolved.ok) throw new Error(resolved.error.message);
      return resolved.value;
    });
    return { caller, accessToken: await stack.accessTokenOf(who), action, ...(params ? { params } : {}) };
  }
  const deps = () => ({ store: api.store, vault: api.vault, now: () => FIXED_NOW });
  const slot = { title: 'Follow-up', start: '2026-11-20T10:00:00.000Z', end: '2026-11-20T10:30:00.000Z' };

  it('asks to connect the calendar first, and audits the call', async () => {
    const event = await runCalendarTool(deps(), await request('jane', 'view_appointments'));
    expect(event).toEqual({
      type: 'tool',
      tool: 'google_calendar_medical',
      action: 'view_appointments',
      outcome: 'consent_required',
      message: CALENDAR_TEXTS.consentRequired,
    });
    expect((await auditRows()).at(-1)).toMatchObject({
      actorSub: PERSONAS.jane.sub,
      action: 'list',
      resourceType: 'calendar',
      patientId: PERSONAS.jane.patientId,
      outcome: 'denied',
      reason: 'assistant tool google_calendar_medical view_appointments: consent_required',
    });
  });

  it("lists the patient's upcoming events once connected", async () => {
    await connect('jane');
    const event = await runCalendarTool(deps(), await request('jane', 'view_appointments'));
    const upcoming = expectedEvents((a) => a.patientEmail === PERSONAS.jane.email).filter(
      (e) => Date.parse(e.end) > FIXED_NOW.getTime(),
    );
    expect(upcoming.length).toBeGreaterThan(0);
    expect(event).toMatchObject({ outcome: 'ok', message: CALENDAR_TEXTS.eventsListed(upcoming.length) });
    expect(event.events).toEqual(upcoming);
  });

  it('refuses a patient who asks to schedule (REQ-access-matrix: patients do not write the schedule)', async () => {
    await connect('jane', ['calendar:read', 'calendar:write']);
    const event = await runCalendarTool(deps(), await request('jane', 'schedule_appointment', slot));
    expect(event).toMatchObject({ outcome: 'denied', message: PERMISSION_ALERTS.createAppointments });
  });

  it('schedules for a doctor only with calendar:write, a slot, and on her calendar only', async () => {
    await connect('alice');
    const readOnly = await runCalendarTool(deps(), await request('alice', 'schedule_appointment', slot));
    expect(readOnly).toMatchObject({
      outcome: 'consent_required',
      message: CALENDAR_TEXTS.writeScopeRequired,
    });
    await connect('alice', ['calendar:read', 'calendar:write']);
    const noSlot = await runCalendarTool(deps(), await request('alice', 'schedule_appointment'));
    expect(noSlot).toMatchObject({ outcome: 'needs_input', message: TOOL_TEXTS.scheduleNeedsSlot });

    const done = await runCalendarTool(deps(), await request('alice', 'schedule_appointment', slot));
    expect(done).toMatchObject({ outcome: 'ok', message: CALENDAR_TEXTS.eventScheduled('Follow-up') });
    const added = done.events?.[0];
    expect(added).toMatchObject({ ...slot, location: CALENDAR_TEXTS.defaultLocation, appointmentId: null });
    expect((await auditRows()).at(-1)).toMatchObject({
      action: 'create',
      resourceId: added?.id,
      outcome: 'allowed',
      reason: 'assistant tool google_calendar_medical schedule_appointment: ok, 1 event(s)',
    });
    expect(itemsOf(await listEvents('alice')).map((e) => e.id)).toContain(added?.id);
    await connect('jane');
    await connect('sam');
    expect(itemsOf(await listEvents('jane')).map((e) => e.id)).not.toContain(added?.id);
  });

  it('fails with the calendar failure text (REQ-err-calendar) when the calendar is down', async () => {
    await connect('jane');
    const down = { ...deps(), vault: createVault({ ...stack.settings, calendarUrl: 'http://localhost:9' }) };
    const event = await runCalendarTool(down, await request('jane', 'view_appointments'));
    expect(event).toMatchObject({ outcome: 'failed', message: CALENDAR_TEXTS.failure });
    expect(event.events).toBeUndefined();
  });
});
