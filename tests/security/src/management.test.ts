/**
 * The provider's Management API (/api/v2/, REQ-users-sign-in; ASVS 4.1 access control, 13.1 API, 5.1 input
 * validation; HIPAA 164.312(a)(1)): only the API's own client-credentials token for this audience, holding the
 * route's scope, is let in; a missing, forged, user's or other audience's token is 401, a token short of the
 * scope 403, before anything is read or changed. Every write route is fuzzed with fast-check (random JSON,
 * wrong types, broken JSON, other media types, huge bodies, odd paths): what it refuses is 4xx with Auth0's
 * error body, never 500, and nothing outside the request changes.
 */
import { PERSONAS } from '@sentinel/demo-data';
import fc from 'fast-check';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CLIENT_SECRET, managementToken, startProvider, userTokens, type Provider } from './provider';
import { compactJwt, createSigningKey, noSignature, rsaSigner } from './support';

let provider: Provider;
beforeAll(async () => {
  provider = await startProvider();
});
afterAll(async () => {
  await provider.close();
});

const jane = PERSONAS.jane;
const JANE = encodeURIComponent(jane.sub);
const CONNECTION = 'Username-Password-Authentication';
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';

type Answer = { status: number; body: unknown; type: string };

async function call(
  method: string,
  route: string,
  options: { token?: string; body?: unknown; raw?: string; type?: string } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const raw = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  if (raw !== undefined) headers['content-type'] = options.type ?? 'application/json';
  const res = await fetch(`${provider.idp.url}/api/v2${route}`, {
    method,
    headers,
    ...(raw === undefined ? {} : { body: raw }),
  });
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  return {
    status: res.status,
    body: type.startsWith('application/json') && text ? JSON.parse(text) : text,
    type,
  };
}

/** Auth0's error body: status, its text, a message and a code. */
const expectAuth0Error = (answer: Answer, status: number, label = '') => {
  expect(answer.status, label).toBe(status);
  expect(answer.body, label).toMatchObject({ statusCode: status, message: expect.any(String) });
};

/** What each route of the Management API needs, with a request that would succeed with the scope. */
const ROUTES: readonly { method: string; route: string; scope: string; body?: unknown }[] = [
  { method: 'GET', route: '/users', scope: 'read:users' },
  { method: 'GET', route: `/users/${JANE}`, scope: 'read:users' },
  { method: 'GET', route: `/users-by-email?email=${encodeURIComponent(jane.email)}`, scope: 'read:users' },
  { method: 'GET', route: `/users/${JANE}/roles`, scope: 'read:users' },
  { method: 'GET', route: '/roles', scope: 'read:roles' },
  {
    method: 'POST',
    route: '/users',
    scope: 'create:users',
    body: { connection: CONNECTION, email: 'x@clinic.example' },
  },
  { method: 'PATCH', route: `/users/${JANE}`, scope: 'update:users', body: { blocked: true } },
  { method: 'DELETE', route: `/users/${JANE}`, scope: 'delete:users' },
  { method: 'POST', route: `/users/${JANE}/roles`, scope: 'update:users', body: { roles: [] } },
  { method: 'DELETE', route: `/users/${JANE}/authenticators`, scope: 'update:users' },
  {
    method: 'POST',
    route: '/tickets/password-change',
    scope: 'create:user_tickets',
    body: { user_id: jane.sub },
  },
];

/** Jane is unchanged: not blocked, still there, still signing in with her password. */
async function expectJaneUntouched() {
  const account = await provider.idp.directory.find(jane.sub);
  expect(account?.blocked ?? false).toBe(false);
  expect((await provider.idp.directory.authenticate(jane.email, jane.password)).ok).toBe(true);
}

describe('who may call the Management API', () => {
  it('refuses every route without a token, or with a malformed, unsigned or foreign-signed one (401)', async () => {
    const real = await managementToken(provider.idp);
    const claims = decodeJwt(real);
    // The provider's own claims, under no signature and under a stranger's key named like the provider's.
    const { kid } = JSON.parse(Buffer.from(real.split('.')[0] ?? '', 'base64url').toString()) as {
      kid: string;
    };
    const stranger = await createSigningKey(kid);
    const forged = [
      undefined,
      'not-a-jwt',
      compactJwt({ alg: 'none', typ: 'at+jwt' }, claims, noSignature),
      compactJwt({ alg: 'RS256', typ: 'at+jwt', kid }, claims, rsaSigner(stranger.privateKey)),
      `${real.slice(0, -6)}${real.slice(-6).split('').reverse().join('')}`,
    ];
    for (const { method, route, body } of ROUTES) {
      for (const token of forged) {
        const answer = await call(method, route, { ...(token ? { token } : {}), ...(body ? { body } : {}) });
        expectAuth0Error(answer, 401, `${method} ${route} with ${token?.slice(0, 12) ?? 'no token'}`);
      }
    }
    await expectJaneUntouched();
  });

  it('refuses a signed-in user’s own access token and id token, and an API client token for another audience', async () => {
    const user = await userTokens(provider.idp, jane);
    // The API's client, by token exchange, gets a token for the calendar: the right client, the wrong audience.
    const exchanged = await fetch(`${provider.idp.url}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`sentinel-api:${API_CLIENT_SECRET}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: TOKEN_EXCHANGE,
        subject_token_type: ACCESS_TOKEN_TYPE,
        requested_token_type: ACCESS_TOKEN_TYPE,
        subject_token: user.accessToken,
        audience: 'urn:sentinel:calendar',
        scope: 'calendar:read',
      }),
    });
    expect(exchanged.status).toBe(200);
    const calendarToken = ((await exchanged.json()) as { access_token: string }).access_token;
    expect(decodeJwt(calendarToken).client_id).toBe('sentinel-api');
    const tokens = {
      'user access token': user.accessToken,
      'id token': user.idToken,
      'calendar token': calendarToken,
    };
    for (const [label, token] of Object.entries(tokens)) {
      for (const { method, route, body } of ROUTES) {
        expectAuth0Error(
          await call(method, route, { token, ...(body ? { body } : {}) }),
          401,
          `${label}: ${method} ${route}`,
        );
      }
    }
    await expectJaneUntouched();
  });

  it('refuses a token without the route’s scope (403) and takes the same call with it', async () => {
    const readRoles = await managementToken(provider.idp, 'read:roles');
    for (const { method, route, scope, body } of ROUTES.filter((r) => r.scope !== 'read:roles')) {
      const answer = await call(method, route, { token: readRoles, ...(body ? { body } : {}) });
      expectAuth0Error(answer, 403, `${method} ${route}`);
      expect(answer.body, route).toMatchObject({
        errorCode: 'insufficient_scope',
        message: expect.stringContaining(scope),
      });
    }
    await expectJaneUntouched();
    const withScope = await managementToken(provider.idp, 'read:users');
    expect((await call('GET', `/users/${JANE}`, { token: withScope })).status).toBe(200);
  });

  it('gives the Management API audience to no sign-in and to no other client', async () => {
    const wrongSecret = await fetch(`${provider.idp.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'sentinel-api',
        client_secret: `${API_CLIENT_SECRET}x`,
        audience: `${provider.idp.issuer}api/v2/`,
      }),
    });
    expect(wrongSecret.status).toBe(401);
    const portal = await fetch(`${provider.idp.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'sentinel-portal',
        audience: `${provider.idp.issuer}api/v2/`,
      }),
    });
    expect(portal.status).toBeGreaterThanOrEqual(400);
    expect(portal.status).toBeLessThan(500);
  });
});

/** What a write route may answer to anything it is sent: a success, or a refusal of the request; never 5xx. */
const ACCEPTABLE = new Set([200, 201, 204, 400, 404, 409, 413, 415]);

const anyJson = fc.jsonValue({ maxDepth: 3 });
/** Values of every type, for fields that expect one. */
const anyValue = fc.oneof(
  fc.string({ maxLength: 300 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 }), { maxKeys: 3 }),
  fc.constantFrom('__proto__', 'constructor', '', ' ', '\u0000', 'a'.repeat(5000)),
);
/** Bodies shaped like each route's, with any value in any field and keys it does not know. */
const metadata = fc.oneof(fc.dictionary(fc.string({ maxLength: 12 }), anyJson, { maxKeys: 4 }), anyValue);
const usersBody: fc.Arbitrary<unknown> = fc.record(
  {
    connection: fc.oneof(fc.constant(CONNECTION), anyValue),
    email: fc.oneof(fc.emailAddress(), anyValue),
    password: fc.oneof(fc.constant('quartz meadow lantern 58'), anyValue),
    name: anyValue,
    given_name: anyValue,
    family_name: anyValue,
    blocked: anyValue,
    app_metadata: metadata,
    picture: anyValue,
    extra: anyValue,
  },
  { requiredKeys: [] },
);
const userPatch: fc.Arbitrary<unknown> = fc.record(
  {
    email: fc.oneof(fc.emailAddress(), anyValue),
    name: anyValue,
    blocked: fc.oneof(
      fc.constant(false),
      anyValue.filter((value) => value !== true),
    ),
    password: anyValue,
    app_metadata: metadata,
    user_metadata: anyValue,
    connection: anyValue,
  },
  { requiredKeys: [] },
);
const rolesBody: fc.Arbitrary<unknown> = fc.record(
  { roles: fc.oneof(fc.array(anyValue, { maxLength: 3 }), anyValue) },
  { requiredKeys: [] },
);
const ticketBody: fc.Arbitrary<unknown> = fc.record(
  {
    user_id: fc.oneof(fc.constant(jane.sub), anyValue),
    ttl_sec: fc.oneof(fc.integer({ min: -10, max: 10_000_000 }), anyValue),
    result_url: anyValue,
    includeEmailInRedirect: anyValue,
  },
  { requiredKeys: [] },
);
const WRITES: readonly { method: string; route: string; shaped: fc.Arbitrary<unknown> }[] = [
  { method: 'POST', route: '/users', shaped: usersBody },
  { method: 'PATCH', route: `/users/${JANE}`, shaped: userPatch },
  { method: 'POST', route: `/users/${JANE}/roles`, shaped: rolesBody },
  { method: 'DELETE', route: `/users/${JANE}/roles`, shaped: rolesBody },
  { method: 'POST', route: '/tickets/password-change', shaped: ticketBody },
];

describe('input fuzzing of the Management API (fast-check)', () => {
  let token: string;
  beforeAll(async () => {
    token = await managementToken(provider.idp);
  });

  const expectRefusedOrDone = (answer: Answer, label: string) => {
    expect(
      ACCEPTABLE.has(answer.status),
      `${label}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`,
    ).toBe(true);
    if (answer.status >= 400) expectAuth0Error(answer, answer.status, label);
  };

  it('answers any JSON value sent to a write route with success or a 4xx, never 500', async () => {
    for (const { method, route } of WRITES) {
      await fc.assert(
        fc.asyncProperty(anyJson, async (body) => {
          expectRefusedOrDone(
            await call(method, route, { token, raw: JSON.stringify(body) }),
            `${method} ${route}`,
          );
        }),
        { numRuns: 40 },
      );
    }
  });

  it('answers bodies of each route’s shape with any type in any field with a success or an Auth0 error, never 500', async () => {
    for (const { method, route, shaped } of WRITES) {
      await fc.assert(
        fc.asyncProperty(shaped, async (body) => {
          const answer = await call(method, route, { token, body });
          expectRefusedOrDone(answer, `${method} ${route} ${JSON.stringify(body).slice(0, 200)}`);
        }),
        { numRuns: 60 },
      );
    }
    // Jane may have been renamed or given a ticket, but was never blocked or deleted by a refused request.
    expect(await provider.idp.directory.find(jane.sub)).toBeDefined();
  });

  it('answers broken JSON with 400, another media type with 415 and a body past 64 KiB with 413', async () => {
    for (const { method, route } of WRITES) {
      await fc.assert(
        fc.asyncProperty(
          fc.string({ minLength: 1, maxLength: 200 }).filter((text) => {
            try {
              JSON.parse(text);
              return false;
            } catch {
              return text.trim() !== '';
            }
          }),
          async (text) => {
            const answer = await call(method, route, { token, raw: text });
            expectAuth0Error(answer, 400, `${method} ${route} ${JSON.stringify(text)}`);
          },
        ),
        { numRuns: 25 },
      );
      expectAuth0Error(await call(method, route, { token, raw: '{"a":1}', type: 'text/plain' }), 415, route);
      const huge = JSON.stringify({ name: 'x'.repeat(70 * 1024) });
      expectAuth0Error(await call(method, route, { token, raw: huge }), 413, route);
      // Nested deeper than any parser's stack, yet under the size limit: refused as JSON it cannot take.
      const deep = `${'['.repeat(30_000)}${']'.repeat(30_000)}`;
      expect((await call(method, route, { token, raw: deep })).status, `${route} deeply nested`).toBe(400);
    }
  });

  it('answers any path and query under /api/v2/ with a success or a 4xx, never 500', async () => {
    const segment = fc.oneof(
      fc.string({ maxLength: 30 }).map(encodeURIComponent),
      fc.constantFrom('%', '%E0%A4%A', '..', '%2F', 'users', 'roles', JANE, '%00', 'a'.repeat(3000)),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'PUT'),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        fc.dictionary(
          fc.constantFrom('page', 'per_page', 'include_totals', 'email', 'q', 'name_filter', 'x'),
          fc.oneof(fc.string({ maxLength: 20 }), fc.integer().map(String)),
          { maxKeys: 3 },
        ),
        async (method, segments, query) => {
          const route = `/${segments.join('/')}?${new URLSearchParams(query)}`;
          const answer = await call(method, route, { token, ...(method === 'GET' ? {} : { body: {} }) });
          expect(answer.status, `${method} ${route}`).toBeLessThan(500);
        },
      ),
      { numRuns: 80 },
    );
  });
});
