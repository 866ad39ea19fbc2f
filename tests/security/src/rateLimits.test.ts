/**
 * Rate limits (ASVS 11.1.4 anti-automation; HIPAA 164.312(a)(1)): the API per user and the chat per user answer
 * 429 with Retry-After and the contract's body, count only the genuine holder of a subject (a forged token can
 * neither spend nor probe someone's allowance), and free the user again once Retry-After has passed. The
 * sign-in limits of the identity provider are proven in apps/idp (src/idp.test.ts, "rate limiting").
 */
import { signAccessToken } from '@sentinel/api/testkit';
import type { ServerOptions } from '@sentinel/api';
import { errorBody } from '@sentinel/domain/contract';
import type { JWK } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createSigningKey,
  send,
  startApiServer,
  startJwksServer,
  type ApiServer,
  type CountingServer,
  type Keys,
} from './support';

let issuerKey: Keys & { jwk: JWK };
let attackerKey: Keys & { jwk: JWK };
let jwks: CountingServer;
let api: ApiServer | undefined;

beforeAll(async () => {
  issuerKey = await createSigningKey('test-key');
  attackerKey = await createSigningKey('test-key');
  jwks = await startJwksServer([issuerKey.jwk]);
});
afterAll(async () => {
  await jwks.close();
});
afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** A server whose per-user API limit is `requests` a minute on a clock the test moves. */
async function limitedServer(requests: number, extra: Partial<ServerOptions> = {}) {
  let now = 0;
  api = await startApiServer({
    jwksUrl: `${jwks.origin}/.well-known/jwks.json`,
    apiRateLimit: { limit: { requests, windowSeconds: 60 }, now: () => now },
    ...(extra.chatRateLimit ? { chatRateLimit: extra.chatRateLimit } : {}),
  });
  return {
    app: api.app,
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

const jane = () => signAccessToken(issuerKey.privateKey, 'jane');

describe('the API limit per user', () => {
  it('answers the call past the limit 429 with Retry-After, the contract body and the usual headers', async () => {
    const { app } = await limitedServer(3);
    const token = await jane();
    for (let i = 0; i < 3; i += 1) expect((await send(app, { url: '/api/me', token })).status).toBe(200);
    const refused = await send(app, { url: '/api/records', token });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual(errorBody('rate_limited', ''));
    // 3 a minute: the next call is allowed 20 seconds after the first.
    expect(refused.headers['retry-after']).toBe('20');
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(refused.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('limits every route of the user, writes and the chat included, but never the health probe', async () => {
    const { app } = await limitedServer(1);
    const token = await jane();
    expect((await send(app, { url: '/api/appointments', token })).status).toBe(200);
    const calls = [
      send(app, { method: 'POST', url: '/api/appointments', token, body: {} }),
      send(app, {
        method: 'POST',
        url: '/api/chat',
        token,
        body: { messages: [{ role: 'user', content: 'Hi' }] },
      }),
      send(app, { url: '/api/knowledge', token }),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.status).toBe(429);
    for (let i = 0; i < 5; i += 1) expect((await send(app, { url: '/api/health' })).status).toBe(200);
  });

  it("one user's calls do not slow another user down", async () => {
    const { app } = await limitedServer(2);
    const janeToken = await jane();
    const johnToken = await signAccessToken(issuerKey.privateKey, 'john');
    for (let i = 0; i < 2; i += 1) await send(app, { url: '/api/me', token: janeToken });
    expect((await send(app, { url: '/api/me', token: janeToken })).status).toBe(429);
    expect((await send(app, { url: '/api/me', token: johnToken })).status).toBe(200);
    expect((await send(app, { url: '/api/me', token: johnToken })).status).toBe(200);
  });

  it("a forged token naming Jane neither spends Jane's allowance nor learns that it is used up", async () => {
    const { app } = await limitedServer(2);
    const forged = await signAccessToken(attackerKey.privateKey, 'jane');
    for (let i = 0; i < 10; i += 1)
      expect((await send(app, { url: '/api/me', token: forged })).status).toBe(401);
    const token = await jane();
    expect((await send(app, { url: '/api/me', token })).status).toBe(200);
    expect((await send(app, { url: '/api/me', token })).status).toBe(200);
    expect((await send(app, { url: '/api/me', token })).status).toBe(429);
    // Jane is over her limit now; the forgery still gets the same 401 as before.
    const probe = await send(app, { url: '/api/me', token: forged });
    expect(probe.status).toBe(401);
    expect(probe.headers['retry-after']).toBeUndefined();
  });

  it('lets the user in again once Retry-After has passed, and not before', async () => {
    const { app, advance } = await limitedServer(2);
    const token = await jane();
    await send(app, { url: '/api/me', token });
    await send(app, { url: '/api/me', token });
    const refused = await send(app, { url: '/api/me', token });
    const wait = Number(refused.headers['retry-after']);
    expect(wait).toBe(30);
    advance(wait - 1);
    expect((await send(app, { url: '/api/me', token })).status).toBe(429);
    advance(1);
    expect((await send(app, { url: '/api/me', token })).status).toBe(200);
  });

  it('takes its size from API_RATE_LIMIT when the server is built without one, and off switches it off', async () => {
    const before = process.env.API_RATE_LIMIT;
    try {
      process.env.API_RATE_LIMIT = '2/60s';
      api = await startApiServer({ jwksUrl: `${jwks.origin}/.well-known/jwks.json` });
      const token = await jane();
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await send(api.app, { url: '/api/me', token })).status);
      expect(statuses).toEqual([200, 200, 429]);
      await api.close();

      process.env.API_RATE_LIMIT = 'off';
      api = await startApiServer({ jwksUrl: `${jwks.origin}/.well-known/jwks.json` });
      for (let i = 0; i < 5; i += 1)
        expect((await send(api.app, { url: '/api/me', token })).status).toBe(200);
    } finally {
      if (before === undefined) delete process.env.API_RATE_LIMIT;
      else process.env.API_RATE_LIMIT = before;
    }
  });
});

describe('the chat limit per user', () => {
  it('refuses the chat past its own limit with 429 and Retry-After while the rest of the API still answers', async () => {
    let now = 0;
    const { app } = await limitedServer(1000, {
      chatRateLimit: { requests: 2, windowMs: 60_000, now: () => now },
    });
    const token = await jane();
    const chat = () =>
      send(app, {
        method: 'POST',
        url: '/api/chat',
        token,
        body: { messages: [{ role: 'user', content: 'What helps with sleep?' }] },
      });
    expect((await chat()).status).toBe(200);
    expect((await chat()).status).toBe(200);
    const refused = await chat();
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual(errorBody('rate_limited', ''));
    expect(refused.headers['retry-after']).toBe('60');
    expect((await send(app, { url: '/api/records', token })).status).toBe(200);
    now = 60_001;
    expect((await chat()).status).toBe(200);
  });

  it('counts the chat limit per user: Jane at her limit does not stop John', async () => {
    const { app } = await limitedServer(1000, {
      chatRateLimit: { requests: 1, windowMs: 60_000, now: () => 0 },
    });
    const body = { messages: [{ role: 'user', content: 'Hello' }] };
    const janeToken = await jane();
    const johnToken = await signAccessToken(issuerKey.privateKey, 'john');
    expect((await send(app, { method: 'POST', url: '/api/chat', token: janeToken, body })).status).toBe(200);
    expect((await send(app, { method: 'POST', url: '/api/chat', token: janeToken, body })).status).toBe(429);
    expect((await send(app, { method: 'POST', url: '/api/chat', token: johnToken, body })).status).toBe(200);
  });
});
