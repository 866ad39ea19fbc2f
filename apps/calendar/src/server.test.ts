import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLAIM_NAMESPACE, calendarEventIdFor } from '@sentinel/domain';
import { CalendarEventListResponseSchema, CalendarEventSchema } from '@sentinel/domain/contract';
import { FIXED_NOW, PERSONAS, seed, type PersonaKey } from '@sentinel/demo-data';
import { SignJWT, createLocalJWKSet, exportJWK, generateKeyPair, type JWK, type JWTPayload } from 'jose';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCalendarService, type RunningCalendar } from './testkit';
import { EVENTS_FILE } from './store';

const ISSUER = 'http://localhost:4000/';
const AUDIENCE = 'urn:sentinel:calendar';

type Keys = Awaited<ReturnType<typeof generateKeyPair>>;
let keys: Keys;
let otherKeys: Keys;
let jwk: JWK;
const running: RunningCalendar[] = [];
const folders: string[] = [];

beforeAll(async () => {
  keys = await generateKeyPair('RS256', { extractable: true });
  otherKeys = await generateKeyPair('RS256', { extractable: true });
  jwk = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
});

afterEach(async () => {
  for (const service of running.splice(0)) await service.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

async function start(options: { dataDir?: string; now?: () => Date } = {}) {
  const service = await startCalendarService({
    issuer: ISSUER,
    keys: createLocalJWKSet({ keys: [jwk] }),
    ...options,
  });
  running.push(service);
  return service;
}

/** A calendar token as the identity provider's token exchange issues it, with claims overridden as given. */
async function tokenFor(who: PersonaKey, claims: JWTPayload = {}, key = keys.privateKey) {
  const persona = PERSONAS[who];
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({
    scope: 'calendar:read calendar:write',
    client_id: 'sentinel-api',
    [`${CLAIM_NAMESPACE}roles`]: [...persona.roles],
    ...claims,
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: 'k1' })
    .setIssuer(claims.iss ?? ISSUER)
    .setAudience(claims.aud ?? AUDIENCE)
    .setSubject(persona.sub)
    .setIssuedAt(claims.iat ?? iat)
    .setExpirationTime(claims.exp ?? iat + 300)
    .sign(key);
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function eventsOf(service: RunningCalendar, who: PersonaKey) {
  const res = await fetch(`${service.url}/events`, { headers: auth(await tokenFor(who)) });
  expect(res.status).toBe(200);
  return CalendarEventListResponseSchema.parse(await res.json()).items;
}

const appointmentsOf = (
  predicate: (a: { patientEmail: string; doctorName: string; status: string }) => boolean,
) =>
  seed(FIXED_NOW)
    .appointments.filter((a) => a.status !== 'cancelled' && predicate(a))
    .map((a) => a.id)
    .sort();

const newEvent = {
  title: 'Follow-up with Dr. Alice Smith',
  start: '2026-11-20T10:00:00.000Z',
  end: '2026-11-20T10:30:00.000Z',
};

describe('tokens', () => {
  it('answers 401 without a token, with a bare Bearer challenge', async () => {
    const service = await start();
    const res = await fetch(`${service.url}/events`);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer realm="sentinel-calendar"');
    expect(await res.json()).toMatchObject({ error: 'unauthorized' });
  });

  it('answers 401 invalid_token for a wrong audience, a wrong issuer, an expired token or a foreign key', async () => {
    const service = await start();
    const now = Math.floor(Date.now() / 1000);
    const refused = [
      await tokenFor('jane', { aud: 'https://api.sentinel-health.example' }),
      await tokenFor('jane', { iss: 'https://evil.example/' }),
      await tokenFor('jane', { iat: now - 900, exp: now - 600 }),
      await tokenFor('jane', {}, otherKeys.privateKey),
      'not-a-jwt',
    ];
    for (const token of refused) {
      const res = await fetch(`${service.url}/events`, { headers: auth(token) });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
    }
  });

  it('answers 403 insufficient_scope when the token lacks the scope of the call', async () => {
    const service = await start();
    const readOnly = await tokenFor('alice', { scope: 'calendar:read' });
    const writeOnly = await tokenFor('alice', { scope: 'calendar:write' });
    const noScope = await tokenFor('alice', { scope: 'read:health_data' });

    const post = await fetch(`${service.url}/events`, {
      method: 'POST',
      headers: { ...auth(readOnly), 'content-type': 'application/json' },
      body: JSON.stringify(newEvent),
    });
    expect(post.status).toBe(403);
    expect(post.headers.get('www-authenticate')).toContain('scope="calendar:write"');
    expect(await post.json()).toMatchObject({ error: 'insufficient_scope' });

    for (const token of [writeOnly, noScope]) {
      const get = await fetch(`${service.url}/events`, { headers: auth(token) });
      expect(get.status).toBe(403);
      expect(get.headers.get('www-authenticate')).toContain('scope="calendar:read"');
    }
    expect((await fetch(`${service.url}/events`, { headers: auth(readOnly) })).status).toBe(200);
  });

  it("fetches the keys from the issuer's JWKS URL", async () => {
    const jwksServer: Server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, 'localhost', resolve));
    try {
      const { port } = jwksServer.address() as AddressInfo;
      const service = await startCalendarService({
        issuer: ISSUER,
        keys: `http://localhost:${port}/.well-known/jwks.json`,
      });
      running.push(service);
      expect((await fetch(`${service.url}/events`, { headers: auth(await tokenFor('jane')) })).status).toBe(
        200,
      );
      const foreign = await tokenFor('jane', {}, otherKeys.privateKey);
      expect((await fetch(`${service.url}/events`, { headers: auth(foreign) })).status).toBe(401);
    } finally {
      await new Promise((resolve) => jwksServer.close(resolve));
    }
  });
});

describe('whose events', () => {
  it("a patient sees the events of their own appointments, and Jane never sees John's", async () => {
    const service = await start();
    const jane = await eventsOf(service, 'jane');
    const john = await eventsOf(service, 'john');
    expect(jane.map((e) => e.appointmentId).sort()).toEqual(
      appointmentsOf((a) => a.patientEmail === PERSONAS.jane.email),
    );
    expect(john.map((e) => e.appointmentId).sort()).toEqual(
      appointmentsOf((a) => a.patientEmail === PERSONAS.john.email),
    );
    expect(jane.length).toBeGreaterThan(0);
    const johns = new Set(john.map((e) => e.id));
    expect(jane.filter((e) => johns.has(e.id))).toEqual([]);
    expect(jane.every((e) => CalendarEventSchema.safeParse(e).success)).toBe(true);
  });

  it('a doctor sees the events where they are the doctor, earliest first', async () => {
    const service = await start();
    const alice = await eventsOf(service, 'alice');
    expect(alice.map((e) => e.appointmentId).sort()).toEqual(
      appointmentsOf((a) => a.doctorName === PERSONAS.alice.name),
    );
    expect(alice.map((e) => e.start)).toEqual(alice.map((e) => e.start).sort());
    expect(alice[0]?.id).toBe(calendarEventIdFor(alice[0]?.appointmentId ?? ''));
  });

  it('the administrator reads the whole schedule; a nurse has no events of her own', async () => {
    const service = await start();
    expect((await eventsOf(service, 'sam')).length).toBe(appointmentsOf(() => true).length);
    expect(await eventsOf(service, 'nora')).toEqual([]);
  });

  it('an event added by one user is on their calendar only', async () => {
    const service = await start();
    const res = await fetch(`${service.url}/events`, {
      method: 'POST',
      headers: { ...auth(await tokenFor('alice')), 'content-type': 'application/json' },
      body: JSON.stringify(newEvent),
    });
    expect(res.status).toBe(201);
    const added = CalendarEventSchema.parse(await res.json());
    expect(added).toEqual({
      ...newEvent,
      id: 'evt-1001',
      location: '',
      description: '',
      appointmentId: null,
    });
    expect((await eventsOf(service, 'alice')).map((e) => e.id)).toContain('evt-1001');
    expect((await eventsOf(service, 'jane')).map((e) => e.id)).not.toContain('evt-1001');
    expect((await eventsOf(service, 'ben')).map((e) => e.id)).not.toContain('evt-1001');
  });

  it('refuses an event that ends before it starts, or has no title', async () => {
    const service = await start();
    for (const body of [
      { ...newEvent, end: '2026-11-20T09:00:00.000Z' },
      { ...newEvent, title: '' },
      { ...newEvent, owners: ['someone-else'] },
    ]) {
      const res = await fetch(`${service.url}/events`, {
        method: 'POST',
        headers: { ...auth(await tokenFor('alice')), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_input' });
    }
  });
});

describe('persistence', () => {
  it('keeps added events across a restart, in a file written whole', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinel-calendar-keep-'));
    folders.push(dataDir);
    const first = await start({ dataDir });
    const token = await tokenFor('ben');
    const add = (title: string) =>
      fetch(`${first.url}/events`, {
        method: 'POST',
        headers: { ...auth(token), 'content-type': 'application/json' },
        body: JSON.stringify({ ...newEvent, title }),
      });
    // Concurrent writes are serialized: both land, with distinct ids.
    const [a, b] = await Promise.all([add('First'), add('Second')]);
    expect([a.status, b.status]).toEqual([201, 201]);
    await first.close();
    running.splice(running.indexOf(first), 1);

    expect(readdirSync(dataDir)).toEqual([EVENTS_FILE]);
    const onDisk = JSON.parse(readFileSync(path.join(dataDir, EVENTS_FILE), 'utf8')) as {
      nextNumber: number;
    };
    expect(onDisk.nextNumber).toBe(1003);

    const again = await start({ dataDir });
    const titles = (await eventsOf(again, 'ben')).filter((e) => e.appointmentId === null).map((e) => e.title);
    expect(titles.sort()).toEqual(['First', 'Second']);
    const next = await fetch(`${again.url}/events`, {
      method: 'POST',
      headers: { ...auth(token), 'content-type': 'application/json' },
      body: JSON.stringify(newEvent),
    });
    expect(((await next.json()) as { id: string }).id).toBe('evt-1003');
  });

  it('seeds only on first start: a restart does not bring back the seed over the file', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinel-calendar-seed-'));
    folders.push(dataDir);
    const first = await startCalendarService({
      issuer: ISSUER,
      keys: createLocalJWKSet({ keys: [jwk] }),
      dataDir,
      seed: [],
    });
    await first.close();
    expect(existsSync(path.join(dataDir, EVENTS_FILE))).toBe(true);
    const again = await start({ dataDir });
    expect(await eventsOf(again, 'jane')).toEqual([]);
  });

  it('answers the health check without a token', async () => {
    const service = await start();
    const res = await fetch(`${service.url}/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
  });
});
