/**
 * Access control (ASVS V4.1, V4.2; HIPAA 164.312(a)(1)): every role against every contract route, deny by
 * default; other patients' items are indistinguishable from missing ones (IDOR, fuzzed with fast-check); and the
 * API fails closed when the identity provider's key set or the store fails.
 */
import { proposeAs, signAccessToken, startTestServer, type TestServer } from '@sentinel/api/testkit';
import { openStore } from '@sentinel/api/store';
import {
  IdParamSchema,
  ROUTES,
  ROUTE_NAMES,
  canCallRoute,
  deniedMessageFor,
  errorBody,
  matchRoute,
  type HttpMethod,
  type RouteName,
} from '@sentinel/domain/contract';
import { FIXED_NOW, PERSONAS, seed, type PersonaKey } from '@sentinel/demo-data';
import fc from 'fast-check';
import type { JWK } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createSigningKey,
  expectContractError,
  send,
  startApiServer,
  startCountingServer,
  startJwksServer,
  type App,
  type CountingServer,
  type Keys,
} from './support';
import { MINIMAL_REQUESTS, PROPOSAL, REFUSED_BY_ROLE, type MatrixContext } from './requests';

/** The six roles of REQ-access, one persona each. */
const ROLE_PERSONAS = [
  'jane',
  'alice',
  'sam',
  'nora',
  'phil',
  'dana',
] as const satisfies readonly PersonaKey[];

const SEEDED = seed(FIXED_NOW);
const JANE_EMAIL = PERSONAS.jane.email;

let key: Keys & { jwk: JWK };
beforeAll(async () => {
  key = await createSigningKey('test-key');
});

describe('the role x route x method matrix, deny by default', () => {
  it('has a minimal request for every contract route and none for a route the contract lacks', () => {
    const missing = ROUTE_NAMES.filter((name) => !Object.hasOwn(MINIMAL_REQUESTS, name));
    const unknown = Object.keys(MINIMAL_REQUESTS).filter((name) => !Object.hasOwn(ROUTES, name));
    expect(missing, 'contract routes without a minimal request here (add them)').toEqual([]);
    expect(unknown, 'entries for routes the contract no longer has').toEqual([]);
  });

  it('each minimal request is a request of its own route', () => {
    for (const [name, request] of Object.entries(MINIMAL_REQUESTS)) {
      const route = ROUTES[name as RouteName];
      const { url } = request({ approvalId: 'apr-1001' });
      expect(matchRoute(route.method, url.split('?')[0] ?? '')?.name, `${name}: ${url}`).toBe(name);
    }
  });

  it('the server answers no /api route outside the contract but the public health probe', async () => {
    const server = await startTestServer({ key });
    try {
      const served = routesOf(server.app).filter((route) => route.includes(' /api'));
      const contract = ROUTE_NAMES.map((name) => `${ROUTES[name].method} ${ROUTES[name].path}`);
      expect(served.sort()).toEqual([...contract, 'GET /api/health'].sort());
    } finally {
      await server.close();
    }
  });

  for (const persona of ROLE_PERSONAS) {
    const { role, permissions } = PERSONAS[persona];
    it(`${persona} (${role}) gets 403 on exactly the routes whose permission the role lacks`, async () => {
      const server = await startTestServer({ key });
      try {
        const token = await signAccessToken(key.privateKey, persona);
        const mayPropose = permissions.includes('write:prescriptions');
        const proposal = await proposeAs(server.store, mayPropose ? persona : 'alice', PROPOSAL, FIXED_NOW);
        if (!proposal.ok) throw new Error(proposal.error.message);
        const ctx: MatrixContext = { approvalId: proposal.value.id };

        const wrong: string[] = [];
        for (const [name, minimal] of Object.entries(MINIMAL_REQUESTS)) {
          const route = ROUTES[name as RouteName];
          const request = minimal(ctx);
          const answer = await send(server.app, {
            method: route.method as HttpMethod,
            url: request.url,
            token,
            ...(request.body === undefined ? {} : { body: request.body }),
          });
          const allowed = canCallRoute(name as RouteName, { permissions });
          const line = `${route.method} ${request.url} (${route.permission}) -> ${answer.status}`;
          if (allowed && REFUSED_BY_ROLE[name]?.includes(role)) {
            if (answer.status !== 403) wrong.push(`${line}, expected the ${role} refused by role with 403`);
          } else if (!allowed) {
            const expected = errorBody('forbidden', deniedMessageFor(name as RouteName));
            if (answer.status !== 403 || JSON.stringify(answer.json) !== JSON.stringify(expected)) {
              wrong.push(
                `${line}, expected 403 ${JSON.stringify(expected)}, got ${answer.text.slice(0, 200)}`,
              );
            }
          } else if ([400, 401, 403].includes(answer.status) || answer.status >= 500) {
            wrong.push(`${line}, expected an answer that is not a refusal: ${answer.text.slice(0, 200)}`);
          }
        }
        expect(wrong, `${persona}: answers that break the matrix`).toEqual([]);
      } finally {
        await server.close();
      }
    });
  }
});

/** "METHOD /path" of every route the server registered (HEAD twins of GET routes left out). */
function routesOf(app: App): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const at = line.indexOf('── ');
    if (at < 0) continue;
    const depth = (at - 1) / 4;
    const match = /^(\S+)(?: \(([^)]*)\))?$/.exec(line.slice(at + 3).trim());
    if (!match?.[1]) throw new Error(`unexpected route line: ${line}`);
    stack.length = depth;
    stack.push(match[1]);
    for (const method of match[2]?.split(', ') ?? []) {
      if (method !== 'HEAD') routes.push(`${method} ${stack.join('')}`);
    }
  }
  return routes;
}

// --- IDOR ----------------------------------------------------------------------------------------------------

/** Ids the path schema accepts (1 to 100 characters, no spaces or control characters). */
const validId = fc
  .string({ minLength: 1, maxLength: 100, unit: 'grapheme' })
  .filter((id) => IdParamSchema.safeParse(id).success && id !== '.' && id !== '..');
/** Ids shaped like ours (rec-007, apt-010, rx-005, apr-1001) with numbers the seed never used. */
const idLike = (prefix: string) =>
  fc.nat({ max: 99_999 }).map((n) => `${prefix}-${String(n).padStart(3, '0')}`);

const othersIds = {
  records: SEEDED.records.filter((r) => r.patientEmail !== JANE_EMAIL).map((r) => r.id),
  appointments: SEEDED.appointments.filter((a) => a.patientEmail !== JANE_EMAIL).map((a) => a.id),
  prescriptions: SEEDED.prescriptions.filter((p) => p.patientEmail !== JANE_EMAIL).map((p) => p.id),
};
const janesIds = new Set(
  [...SEEDED.records, ...SEEDED.appointments, ...SEEDED.prescriptions]
    .filter((item) => item.patientEmail === JANE_EMAIL)
    .map((item) => item.id),
);

/** Words of other patients that must never reach Jane: names, e-mails and the titles of their items. */
const othersWords = [
  ...SEEDED.users
    .filter((u) => u.email !== JANE_EMAIL && u.role === 'patient')
    .flatMap((u) => [u.email, u.name]),
  ...SEEDED.records.filter((r) => r.patientEmail !== JANE_EMAIL).map((r) => r.title),
  ...SEEDED.prescriptions.filter((p) => p.patientEmail !== JANE_EMAIL).map((p) => p.medication),
].filter((word) => word.length > 3);

type IdorRoute = {
  readonly label: string;
  readonly method: HttpMethod;
  readonly url: (id: string) => string;
  readonly body?: unknown;
  readonly others: readonly string[];
  readonly prefix: string;
};

const IDOR_ROUTES: readonly IdorRoute[] = [
  {
    label: 'GET /api/records/:id',
    method: 'GET',
    url: (id) => `/api/records/${encodeURIComponent(id)}`,
    others: othersIds.records,
    prefix: 'rec',
  },
  {
    label: 'PATCH /api/records/:id',
    method: 'PATCH',
    url: (id) => `/api/records/${encodeURIComponent(id)}`,
    body: { title: 'Mine now' },
    others: othersIds.records,
    prefix: 'rec',
  },
  {
    label: 'PATCH /api/appointments/:id',
    method: 'PATCH',
    url: (id) => `/api/appointments/${encodeURIComponent(id)}`,
    body: { status: 'cancelled' },
    others: othersIds.appointments,
    prefix: 'apt',
  },
  {
    label: 'POST /api/prescriptions/:id/refill',
    method: 'POST',
    url: (id) => `/api/prescriptions/${encodeURIComponent(id)}/refill`,
    others: othersIds.prescriptions,
    prefix: 'rx',
  },
];

describe('other patients’ items are indistinguishable from missing ones (IDOR)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ key });
  });
  afterAll(async () => {
    await server.close();
  });

  it('the seed gives other patients items on every route fuzzed below', () => {
    for (const route of IDOR_ROUTES) expect(route.others.length, route.label).toBeGreaterThan(0);
  });

  for (const route of IDOR_ROUTES) {
    it(`Jane on ${route.label} gets for other patients’ ids and random ids exactly what a missing id gets`, async () => {
      const token = await signAccessToken(key.privateKey, 'jane');
      const call = (id: string) =>
        send(server.app, {
          method: route.method,
          url: route.url(id),
          token,
          ...(route.body === undefined ? {} : { body: route.body }),
        });
      const missing = await call(`${route.prefix}-does-not-exist`);
      // Reading is open to every signed-in user (then 404); writing needs a permission patients lack (403).
      expect(missing.status).toBe(route.method === 'GET' ? 404 : 403);
      const ids = fc.oneof(
        { weight: 2, arbitrary: fc.constantFrom(...route.others) },
        { weight: 1, arbitrary: idLike(route.prefix) },
        { weight: 1, arbitrary: validId },
      );
      await fc.assert(
        fc.asyncProperty(
          ids.filter((id) => !janesIds.has(id)),
          async (id) => {
            const answer = await call(id);
            expect(answer.status, id).toBe(missing.status);
            expect(answer.json, id).toEqual(missing.json);
            for (const word of othersWords) expect(answer.text).not.toContain(word);
          },
        ),
        { numRuns: 120 },
      );
    });
  }

  it('Jane still reads her own record, so the 404s above are about ownership', async () => {
    const token = await signAccessToken(key.privateKey, 'jane');
    const own = [...janesIds].find((id) => id.startsWith('rec-')) ?? '';
    const answer = await send(server.app, { url: `/api/records/${own}`, token });
    expect(answer.status).toBe(200);
  });

  it('an id the path schema refuses is 400 whoever owns nothing by it, never 500', async () => {
    const token = await signAccessToken(key.privateKey, 'jane');
    const badId = fc.oneof(
      fc.string({ minLength: 101, maxLength: 300 }).filter((id) => !id.includes('/')),
      fc.constantFrom(' ', 'rec 001', '\t', 'rec-001\u0000', '\u007f'),
    );
    await fc.assert(
      fc.asyncProperty(badId, async (id) => {
        const answer = await send(server.app, { url: `/api/records/${encodeURIComponent(id)}`, token });
        expect(answer.status, JSON.stringify(id)).toBe(400);
        expectContractError(answer, 'invalid_input');
      }),
      { numRuns: 60 },
    );
  });

  it('a clinician’s approval request is as missing to every other clinician', async () => {
    const proposal = await proposeAs(server.store, 'alice', PROPOSAL, FIXED_NOW);
    if (!proposal.ok) throw new Error(proposal.error.message);
    const token = await signAccessToken(key.privateKey, 'ben');
    const read = (id: string) => send(server.app, { url: `/api/approvals/${encodeURIComponent(id)}`, token });
    const decide = (id: string) =>
      send(server.app, {
        method: 'POST',
        url: `/api/approvals/${encodeURIComponent(id)}/decision`,
        token,
        body: { decision: 'approve' },
      });
    const [missingRead, missingDecide] = [await read('apr-99999'), await decide('apr-99999')];
    expect(missingRead.status).toBe(404);
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constant(proposal.value.id), idLike('apr'), validId), async (id) => {
        expect((await read(id)).json).toEqual(missingRead.json);
        expect((await decide(id)).json).toEqual(missingDecide.json);
      }),
      { numRuns: 60 },
    );
    // The proposal is still pending: Dr. Carter's approval attempts changed nothing.
    const alice = await signAccessToken(key.privateKey, 'alice');
    const still = await send(server.app, { url: `/api/approvals/${proposal.value.id}`, token: alice });
    expect(still.json).toMatchObject({ status: 'pending' });
  });
});

// --- Fail closed ---------------------------------------------------------------------------------------------

describe('failing closed', () => {
  const started: { close: () => Promise<void> }[] = [];
  afterEach(async () => {
    for (const item of started.splice(0)) await item.close();
  });

  async function jwksAnswering(status: number, body: string): Promise<CountingServer> {
    const server = await startCountingServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    });
    started.push(server);
    return server;
  }

  /** Words of an internal failure that must not reach a caller. */
  const INTERNALS = /ECONNREFUSED|JWKS|jose|127\.0\.0\.1|stack|SQLITE|sqlite|\/var\/|SELECT|Error:/;

  const failures: readonly { name: string; jwksUrl: () => Promise<string> }[] = [
    { name: 'answers 500', jwksUrl: async () => `${(await jwksAnswering(500, '{}')).origin}/jwks.json` },
    { name: 'answers HTML', jwksUrl: async () => `${(await jwksAnswering(200, '<html>')).origin}/jwks.json` },
    {
      name: 'lists no keys',
      jwksUrl: async () => `${(await jwksAnswering(200, '{"keys":[]}')).origin}/jwks.json`,
    },
    {
      name: 'refuses connections',
      jwksUrl: async () => {
        const closed = await startCountingServer(() => undefined);
        await closed.close();
        return `${closed.origin}/jwks.json`;
      },
    },
  ];

  for (const failure of failures) {
    it(`answers 401 without details when the identity provider’s key set ${failure.name}`, async () => {
      const api = await startApiServer({ jwksUrl: await failure.jwksUrl() });
      started.push(api);
      const token = await signAccessToken(key.privateKey, 'jane');
      for (const url of ['/api/me', '/api/records', '/api/records/rec-001']) {
        const answer = await send(api.app, { url, token });
        expect(answer.status, url).toBe(401);
        expectContractError(answer, 'unauthorized', url);
        expect(answer.text).not.toMatch(INTERNALS);
      }
    });
  }

  it('the same token is accepted once the key set is reachable, so the 401s above come from the key set', async () => {
    const keySet = await startJwksServer([key.jwk]);
    started.push(keySet);
    const api = await startApiServer({ jwksUrl: `${keySet.origin}/.well-known/jwks.json` });
    started.push(api);
    const answer = await send(api.app, {
      url: '/api/me',
      token: await signAccessToken(key.privateKey, 'jane'),
    });
    expect(answer.status).toBe(200);
  });

  it('answers 500 with the contract’s body and no internals when the store fails', async () => {
    const keySet = await startJwksServer([key.jwk]);
    started.push(keySet);
    const real = await openStore({ dataDir: ':memory:', seed: seed(FIXED_NOW) });
    const secret = 'SQLITE_IOERR: disk I/O error at /var/lib/sentinel/sentinel.db during SELECT * FROM users';
    const failing = Object.assign(Object.create(real) as typeof real, {
      transaction: async () => {
        throw new Error(secret);
      },
    });
    const api = await startApiServer({ jwksUrl: `${keySet.origin}/.well-known/jwks.json`, store: failing });
    started.push(api);
    const token = await signAccessToken(key.privateKey, 'jane');
    for (const [method, url, body] of [
      ['GET', '/api/me', undefined],
      ['GET', '/api/records/rec-001', undefined],
      ['POST', '/api/chat', { messages: [{ role: 'user', content: 'Hello' }] }],
    ] as const) {
      const answer = await send(api.app, { method, url, token, ...(body ? { body } : {}) });
      expect(answer.status, url).toBe(500);
      expect(answer.json, url).toEqual(errorBody('internal', ''));
      expect(answer.text).not.toMatch(INTERNALS);
    }
  });

  it('answers 500 without internals when the store has closed underneath the server', async () => {
    const server = await startTestServer({ key });
    const token = await signAccessToken(key.privateKey, 'jane');
    expect((await send(server.app, { url: '/api/records', token })).status).toBe(200);
    await server.store.close();
    const answer = await send(server.app, { url: '/api/records', token });
    expect(answer.status).toBe(500);
    expect(answer.json).toEqual(errorBody('internal', ''));
    expect(answer.text).not.toMatch(INTERNALS);
    await server.close();
  });
});
