/**
 * Input handling (ASVS V5.1, V13.1.5, V7.1; HIPAA 164.312(c)(1)): every route's body and query schema fuzzed
 * with fast-check. The oracle is the contract's own schema: what `safeParse` refuses must answer 400 (or 413,
 * 415 by size and media type), what it accepts must not be refused as invalid, and nothing answers 500. Bodies
 * over 1 MiB get 413, and carriage returns or line feeds in paths, queries and bodies cannot forge a log line.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { proposeAs, signAccessToken, startTestServer, type TestServer } from '@sentinel/api/testkit';
import {
  JSON_CONTENT_TYPE,
  MAX_REQUEST_BODY_BYTES,
  ROUTES,
  ROUTE_NAMES,
  type HttpMethod,
  type RouteDefinition,
  type RouteName,
} from '@sentinel/domain/contract';
import { OWNERSHIP_TEXTS } from '@sentinel/domain';
import { FIXED_NOW } from '@sentinel/demo-data';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINIMAL_REQUESTS, PROPOSAL } from './requests';
import { createSigningKey, expectContractError, send, type Answer, type Keys } from './support';

/** Property runs per route; each is one request through the in-process server. */
const BODY_RUNS = 150;
const QUERY_RUNS = 60;

let key: Keys;
let adminToken: string;
beforeAll(async () => {
  key = await createSigningKey('test-key');
  // The admin holds every permission, so the permission check never hides what the validation does.
  adminToken = await signAccessToken(key.privateKey, 'sam');
});

/** A fresh server for one route's fuzzing, with the chat limit out of the way and an approval of Sam's. */
async function serverFor(): Promise<{ server: TestServer; approvalId: string }> {
  const server = await startTestServer({ key, chatRateLimit: { requests: 1_000_000 } });
  const proposal = await proposeAs(server.store, 'sam', PROPOSAL, FIXED_NOW);
  if (!proposal.ok) throw new Error(proposal.error.message);
  return { server, approvalId: proposal.value.id };
}

const routeOf = (name: RouteName): RouteDefinition => ROUTES[name];

/** The keys of an object schema (a refined strict object keeps its shape in zod 4). */
const shapeKeys = (schema: unknown): string[] =>
  Object.keys((schema as { shape?: Record<string, unknown> }).shape ?? {});

/** JSON text of an object with exactly these entries, in order (`__proto__` stays an own key, as JSON.parse makes it). */
const objectText = (entries: readonly (readonly [string, unknown])[]) =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(',')}}`;

const hugeString = fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'x'.repeat(n));
const hostileValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ maxLength: 40 }),
  hugeString,
  fc.constantFrom(
    null,
    true,
    0,
    -1,
    1e308,
    '',
    [],
    {},
    '\r\n{"level":60,"msg":"forged"}',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '\u0000',
    '../../../etc/passwd',
    { $ne: null },
  ),
);
const pollutionKey = fc.constantFrom('__proto__', 'constructor', 'prototype');
const extraKey = fc.oneof(
  pollutionKey,
  fc.constantFrom(
    'id',
    'status',
    'doctor',
    'patientId',
    'prescribedBy',
    'permissions',
    'role',
    'refillsUsed',
  ),
  fc.string({ minLength: 1, maxLength: 20 }),
);

/** Body texts around a valid body: random JSON, one field made hostile, an extra key, pollution, broken JSON. */
function bodyTexts(valid: Record<string, unknown>, keys: readonly string[]): fc.Arbitrary<string> {
  const entries = Object.entries(valid);
  return fc.oneof(
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fc
      .record({ key: fc.constantFrom(...(keys.length ? keys : ['_'])), value: hostileValue })
      .map(({ key: field, value }) => objectText([...entries.filter(([k]) => k !== field), [field, value]])),
    fc
      .record({ key: extraKey, value: hostileValue })
      .map(({ key: extra, value }) => objectText([[extra, value], ...entries])),
    pollutionKey.map((polluting) =>
      polluting === '__proto__'
        ? objectText([['__proto__', { polluted: 'yes', isAdmin: true }], ...entries])
        : objectText([[polluting, { prototype: { polluted: 'yes' } }], ...entries]),
    ),
    fc.string({ maxLength: 60 }),
    fc.constant(JSON.stringify(valid)),
  );
}

const contentTypes = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'application/json; charset=utf-8',
      'APPLICATION/JSON',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'application/json-patch+json',
      'text/json',
      '',
    ),
  },
);

const mediaTypeOf = (header: string) => header.split(';')[0]?.trim().toLowerCase() ?? '';

/** What the contract says about a body: 415, 400 (not JSON, or refused by the schema), or accepted. */
function expectedForBody(route: RouteDefinition, contentType: string, text: string): 415 | 400 | 'accepted' {
  if (mediaTypeOf(contentType) !== JSON_CONTENT_TYPE) return 415;
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return 400;
  }
  return route.body?.safeParse(value).success ? 'accepted' : 400;
}

/**
 * The one refusal of a body the schema accepts for what it says rather than its shape: a patient e-mail, name
 * or id that does not name one active patient account (REQ-access-owner): 400 with its own words.
 */
const OWNERSHIP_REFUSALS: readonly string[] = Object.values(OWNERSHIP_TEXTS);

function expectVerdict(answer: Answer, verdict: 415 | 400 | 'accepted', label: string): void {
  if (verdict === 'accepted') {
    expect(
      answer.status,
      `${label}: accepted by the schema, answered ${answer.text.slice(0, 200)}`,
    ).toBeLessThan(500);
    if (answer.status === 400) {
      const refusal = expectContractError(answer, 'invalid_input', label).message;
      if (OWNERSHIP_REFUSALS.includes(refusal)) return;
    }
    expect([400, 413, 415], `${label}: accepted by the schema but refused`).not.toContain(answer.status);
    return;
  }
  expect(answer.status, `${label}: ${answer.text.slice(0, 200)}`).toBe(verdict);
  expectContractError(answer, verdict === 415 ? 'unsupported_media_type' : 'invalid_input', label);
}

const bodyRoutes = ROUTE_NAMES.filter((name) => routeOf(name).body !== undefined);
const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();

describe('fuzzing every body schema', () => {
  it('covers every route that takes a body', () => {
    expect(bodyRoutes.length).toBeGreaterThanOrEqual(10);
    for (const name of bodyRoutes) expect(MINIMAL_REQUESTS[name], name).toBeDefined();
  });

  for (const name of bodyRoutes) {
    it(`${name}: what the schema refuses is 400 or 415, what it accepts is not refused, nothing is 500`, async () => {
      const route = routeOf(name);
      const { server, approvalId } = await serverFor();
      try {
        const minimal = MINIMAL_REQUESTS[name]?.({ approvalId });
        if (!minimal) throw new Error(`no minimal request for ${name}`);
        const valid = (minimal.body ?? {}) as Record<string, unknown>;
        await fc.assert(
          fc.asyncProperty(
            bodyTexts(valid, shapeKeys(route.body)),
            contentTypes,
            async (text, contentType) => {
              const answer = await send(server.app, {
                method: route.method as HttpMethod,
                url: minimal.url,
                token: adminToken,
                payload: text,
                headers: contentType ? { 'content-type': contentType } : {},
              });
              expectVerdict(
                answer,
                expectedForBody(route, contentType, text),
                `${name} ${text.slice(0, 120)}`,
              );
            },
          ),
          { numRuns: BODY_RUNS },
        );
      } finally {
        await server.close();
      }
    });
  }

  it('no body reached Object.prototype (prototype pollution)', () => {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
  });
});

// --- Queries ---------------------------------------------------------------------------------------------------

/** The query object the server's parser makes: repeated keys become arrays; `__proto__` is a key like another. */
function parsedQuery(pairs: readonly (readonly [string, string])[]): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(pairs.map(([a, b]): [string, string] => [a, b]))) {
    const before = Object.hasOwn(query, k) ? query[k] : undefined;
    const value = before === undefined ? v : Array.isArray(before) ? [...before, v] : [before, v];
    Object.defineProperty(query, k, { value, enumerable: true, writable: true, configurable: true });
  }
  return query;
}

const queryKey = fc.oneof(
  fc.constantFrom('q', '__proto__', 'constructor', 'prototype', 'toString', 'access_token', 'id', 'q[]'),
  fc.string({ minLength: 1, maxLength: 20 }),
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', 'diabetes', '   ', '\r\n{"level":60}', '%00', 'a'.repeat(201), '[object Object]'),
  fc.integer({ min: 200, max: 5_000 }).map((n) => 'q'.repeat(n)),
);
const queries = fc.array(fc.tuple(queryKey, queryValue), { maxLength: 4 });

describe('fuzzing every query schema', () => {
  for (const name of ROUTE_NAMES) {
    it(`${name}: a query the schema refuses is 400, one it accepts is not refused, nothing is 500`, async () => {
      const route = routeOf(name);
      const { server, approvalId } = await serverFor();
      try {
        const minimal = MINIMAL_REQUESTS[name]?.({ approvalId });
        if (!minimal) throw new Error(`no minimal request for ${name}`);
        const path = minimal.url.split('?')[0] ?? '';
        await fc.assert(
          fc.asyncProperty(queries, async (pairs) => {
            const search = new URLSearchParams(pairs.map(([a, b]): [string, string] => [a, b])).toString();
            const answer = await send(server.app, {
              method: route.method as HttpMethod,
              url: search ? `${path}?${search}` : path,
              token: adminToken,
              ...(minimal.body === undefined ? {} : { body: minimal.body }),
            });
            const verdict = route.query.safeParse(parsedQuery(pairs)).success ? 'accepted' : 400;
            expectVerdict(answer, verdict, `${name} ?${search.slice(0, 120)}`);
          }),
          { numRuns: QUERY_RUNS },
        );
      } finally {
        await server.close();
      }
    });
  }
});

describe('paths the router does not know', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ key });
  });
  afterAll(async () => {
    await server.close();
  });

  it('any path under /api answers with the contract’s body and never 500', async () => {
    const segment = fc.oneof(
      fc.string({ minLength: 1, maxLength: 30 }).map(encodeURIComponent),
      fc.constantFrom('..', '%2e%2e', '%2F', '%00', '%0d%0a', '%E0%A4%A', '%', ';', '*'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(segment, { minLength: 1, maxLength: 4 }), async (segments) => {
        const url = `/api/${segments.join('/')}`;
        const answer = await send(server.app, { url, token: adminToken });
        expect(answer.status, url).toBeLessThan(500);
        if (answer.status >= 400) expect(answer.json, url).toMatchObject({ error: expect.any(String) });
      }),
      { numRuns: 200 },
    );
  });
});

// --- Sizes ------------------------------------------------------------------------------------------------------

/** A valid chat request padded with JSON whitespace to exactly `bytes` bytes. */
function chatBodyOf(bytes: number): string {
  const text = JSON.stringify({ messages: [{ role: 'user', content: 'Hello' }] });
  return `${text}${' '.repeat(bytes - Buffer.byteLength(text))}`;
}

describe('request sizes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ key });
  });
  afterAll(async () => {
    await server.close();
  });

  const chat = (payload: string) =>
    send(server.app, {
      method: 'POST',
      url: '/api/chat',
      token: adminToken,
      payload,
      headers: { 'content-type': 'application/json' },
    });

  it('reads a body of exactly 1 MiB', async () => {
    expect(Buffer.byteLength(chatBodyOf(MAX_REQUEST_BODY_BYTES))).toBe(1_048_576);
    expect((await chat(chatBodyOf(MAX_REQUEST_BODY_BYTES))).status).toBe(200);
  });

  it('refuses a body one byte over 1 MiB with 413 and the contract’s body', async () => {
    const answer = await chat(chatBodyOf(MAX_REQUEST_BODY_BYTES + 1));
    expect(answer.status).toBe(413);
    expectContractError(answer, 'payload_too_large');
  });

  it('refuses a chunked body without Content-Length once it passes 1 MiB, over a real socket', async () => {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/chat',
          headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      // The server may answer and close before the whole body is written.
      req.on('error', reject);
      const chunk = ' '.repeat(64 * 1024);
      req.write('{"messages":[{"role":"user","content":"Hello"}]}');
      for (let sent = 0; sent <= MAX_REQUEST_BODY_BYTES; sent += chunk.length) req.write(chunk);
      req.end();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({ error: 'payload_too_large' });
  });
});

// --- Log forging -------------------------------------------------------------------------------------------------

describe('log lines cannot be forged', () => {
  it('every line the server logs is one JSON object, whatever CR and LF the requests carry', async () => {
    const chunks: string[] = [];
    const server = await startTestServer({
      key,
      logger: { level: 'trace', stream: { write: (chunk: string) => void chunks.push(chunk) } },
    });
    const forged = '{"level":30,"msg":"request","forged":true,"path":"/api/users","status":200}';
    const marker = 'PHI-MARKER-in-query';
    const token = await signAccessToken(key.privateKey, 'jane');
    const requests: {
      url: string;
      method?: 'POST';
      body?: unknown;
      payload?: string;
      headers?: Record<string, string>;
    }[] = [
      { url: `/api/records/rec-001%0D%0A${encodeURIComponent(forged)}` },
      { url: `/api/records/rec-001\r\n${forged}` },
      { url: `/api/nothing\n${forged}` },
      { url: `/api/knowledge/search?q=${encodeURIComponent(`diabetes\r\n${forged}`)}&x=${marker}` },
      { url: `/api/knowledge/search?q=${marker}` },
      {
        url: '/api/chat',
        method: 'POST',
        body: { messages: [{ role: 'user', content: `Hello\r\n${forged}\n` }], sessionId: `s\n${forged}` },
      },
      { url: '/api/records', method: 'POST', payload: `{"title":"\r\n${forged}` },
      { url: `/api/records/${'%0A'.repeat(50)}` },
      { url: '/api/me', headers: { 'user-agent': `agent ${forged}` } },
    ];
    try {
      for (const request of requests) {
        await send(server.app, {
          ...request,
          token,
          headers: { 'content-type': 'application/json', ...request.headers },
        });
      }
      // A request without a valid token is logged too.
      await send(server.app, { url: `/api/me?${marker}`, token: `forged.${marker}.token` });
    } finally {
      await server.close();
    }
    const lines = chunks
      .join('')
      .split('\n')
      .filter((line) => line.length > 0);
    const entries = lines.map((line) => {
      let parsed: unknown;
      expect(() => (parsed = JSON.parse(line)), line.slice(0, 200)).not.toThrow();
      expect(typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed), line).toBe(true);
      return parsed as Record<string, unknown>;
    });
    const requestLines = entries.filter((entry) => entry.msg === 'request');
    expect(requestLines).toHaveLength(requests.length + 1);
    expect(entries.some((entry) => 'forged' in entry)).toBe(false);
    // Query strings (search text is PHI) and tokens never reach the log.
    expect(lines.join('\n')).not.toContain(marker);
    expect(lines.join('\n')).not.toContain(token);
  });
});
