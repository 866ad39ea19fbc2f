/**
 * The two sides of the contract: the MSW mock API (packages/mocks) behind `setupServer`, and the real API
 * server (apps/api) listening on a free port of 127.0.0.1 and called with fetch over a real socket. Both are
 * called the same way and their answers reduced to the same shape, so they can be compared with one `toEqual`.
 */
import {
  TEST_ISSUER,
  createTestDatabase,
  signAccessToken,
  startTestServer,
  type TestServer,
  type TokenExchanger,
} from '@sentinel/api/testkit';
import { startCalendarService, type RunningCalendar } from '@sentinel/calendar/testkit';
import {
  JSON_CONTENT_TYPE,
  SSE_CONTENT_TYPE,
  parseSseEvents,
  type AuditEvent,
} from '@sentinel/domain/contract';
import { loadKnowledge } from '@sentinel/knowledge/node';
import { authorizationFor, createMockApi, type MockApi } from '@sentinel/mocks';
import { PERSONAS, PERSONA_KEYS, type PersonaKey } from '@sentinel/demo-data';
import { createLocalJWKSet, exportJWK, generateKeyPair } from 'jose';
import { http, passthrough } from 'msw';
import { setupServer } from 'msw/node';
import { SIGN_IN_METHODS, type Scenario, type SignIn } from './scenarios';

/**
 * What a call answered, reduced to what the contract fixes. Other headers are not compared: the server's
 * `Cache-Control: no-store` keeps patient data out of browser and proxy caches, while the mock's answers come
 * from an in-process interceptor or a service worker and never reach an HTTP cache.
 */
export type Observed = {
  readonly status: number;
  /**
   * The media type without parameters. Normalised because the server says `application/json; charset=utf-8`
   * and MSW's `HttpResponse.json` says `application/json`: JSON is UTF-8 either way (RFC 8259), so the
   * parameter carries no information.
   */
  readonly contentType: string | null;
  /** The 401 challenge (RFC 6750), which clients read to know how to sign in. */
  readonly wwwAuthenticate: string | null;
  /** Parsed JSON, the parsed event list of a stream, null for an empty body, else the text. */
  readonly body: unknown;
};

export type Target = {
  readonly side: 'mock' | 'server';
  call(scenario: Scenario): Promise<Observed>;
};

export const MOCK_ORIGIN = 'http://mock.test';

function requestInit(scenario: Scenario, authorization: string | undefined): RequestInit {
  const headers = new Headers();
  if (authorization) headers.set('authorization', authorization);
  const text = scenario.rawBody ?? (scenario.body === undefined ? undefined : JSON.stringify(scenario.body));
  if (text !== undefined) headers.set('content-type', JSON_CONTENT_TYPE);
  for (const [name, value] of Object.entries(scenario.headers ?? {})) {
    if (value) headers.set(name, value);
    else headers.delete(name);
  }
  // Bytes rather than a string, so fetch adds no text/plain content type of its own.
  return {
    method: scenario.method,
    headers,
    ...(text === undefined ? {} : { body: new TextEncoder().encode(text) }),
  };
}

async function observe(response: Response): Promise<Observed> {
  const contentType = response.headers.get('content-type')?.split(';')[0]?.trim().toLowerCase() ?? null;
  const text = await response.text();
  let body: unknown = text === '' ? null : text;
  if (text && contentType === JSON_CONTENT_TYPE) body = JSON.parse(text) as unknown;
  if (text && contentType === SSE_CONTENT_TYPE) {
    const { events, rest } = parseSseEvents(text);
    body = rest.trim() ? { events, unfinishedFrame: rest } : { events };
  }
  return {
    status: response.status,
    contentType,
    wwwAuthenticate: response.headers.get('www-authenticate'),
    body,
  };
}

/** The Authorization header value for a persona's sign-in (by default the usual one). */
export type TokenFor = (persona: PersonaKey, signIn?: SignIn) => string;

/** Both sides agree on a persona's identity but not on the token: mock tokens name it, the server's are JWTs. */
const authorizationOf = (scenario: Scenario, tokenFor: TokenFor) =>
  scenario.persona ? tokenFor(scenario.persona, scenario.signIn) : undefined;

/** The mock's tokens: the persona, and the sign-in's methods when not the usual ones. */
const mockAuthorization: TokenFor = (persona, signIn) =>
  authorizationFor(persona, signIn ? { amr: SIGN_IN_METHODS[signIn] } : {});

// --- The mock -------------------------------------------------------------------------------------------------

export type MockSide = {
  readonly target: Target;
  /** Back to the seeded data, audit rows and id counters (a fresh mock). */
  readonly reset: () => void;
  /** The audit rows in the mock's store, oldest first. */
  readonly auditRows: () => Promise<readonly AuditEvent[]>;
  readonly msw: ReturnType<typeof setupServer>;
  /** The mock API, for work no route does (the assistant filing an approval request). */
  readonly api: MockApi;
};

/**
 * The mock API on an MSW node server that fails on any request it does not handle. Requests to the real server
 * (127.0.0.1, any port) pass through untouched: MSW patches the global fetch, which both sides use.
 */
export function createMockSide(): MockSide {
  const knowledge = loadKnowledge();
  if (!knowledge.ok) throw new Error(knowledge.error.message);
  const api: MockApi = createMockApi({ baseUrl: MOCK_ORIGIN, knowledge: knowledge.value });
  const msw = setupServer(
    ...api.handlers,
    http.all(/^http:\/\/127\.0\.0\.1:\d+\//, () => passthrough()),
  );
  const target: Target = {
    side: 'mock',
    call: async (scenario) =>
      observe(
        await fetch(
          `${MOCK_ORIGIN}${scenario.path}`,
          requestInit(scenario, authorizationOf(scenario, mockAuthorization)),
        ),
      ),
  };
  return { target, reset: api.reset, auditRows: async () => [...api.store.audit], msw, api };
}

// --- The server -----------------------------------------------------------------------------------------------

export type Keys = Awaited<ReturnType<typeof generateKeyPair>>;

/** One RS256 key pair for every server of a run: generating one takes about a second on two cores. */
export async function createKeys(): Promise<Keys> {
  return generateKeyPair('RS256', { extractable: true });
}

/**
 * Access tokens per persona and sign-in (the usual one, as signAccessToken gives it, and each of
 * SIGN_IN_METHODS), signed once with the run's key and accepted by every server that uses it.
 */
export async function createTokens(keys: Keys): Promise<TokenFor> {
  const tokens = new Map<string, string>();
  const signIns = [undefined, ...(Object.keys(SIGN_IN_METHODS) as SignIn[])];
  for (const key of PERSONA_KEYS) {
    for (const signIn of signIns) {
      const claims = signIn ? { amr: [...SIGN_IN_METHODS[signIn]] } : {};
      tokens.set(`${key} ${signIn ?? ''}`, `Bearer ${await signAccessToken(keys.privateKey, key, claims)}`);
    }
  }
  return (persona, signIn) => {
    const token = tokens.get(`${persona} ${signIn ?? ''}`);
    if (!token) throw new Error(`No token for ${persona} ${signIn ?? ''}`);
    return token;
  };
}

// --- The token vault's calendar (REQ-tool-vault) ---------------------------------------------------------

const CALENDAR_AUDIENCE = 'urn:sentinel:calendar';
const calendars = new Map<Keys, Promise<RunningCalendar>>();

/**
 * The real calendar service (apps/calendar, seeded on the fixed clock like both sides) for every server of a
 * run, on 127.0.0.1 so MSW lets the server's calls through. It checks calendar tokens signed with the run's key.
 */
function calendarFor(keys: Keys): Promise<RunningCalendar> {
  let running = calendars.get(keys);
  if (!running) {
    running = exportJWK(keys.publicKey).then((jwk) =>
      startCalendarService({
        issuer: TEST_ISSUER,
        keys: createLocalJWKSet({ keys: [{ ...jwk, kid: 'test-key', alg: 'RS256', use: 'sig' }] }),
        host: '127.0.0.1',
      }),
    );
    calendars.set(keys, running);
  }
  return running;
}

/** Stops the calendar services `startServerSide` started. */
export async function closeCalendars(): Promise<void> {
  const running = [...calendars.values()];
  calendars.clear();
  for (const calendar of running) await (await calendar).close();
}

/**
 * The identity provider's token exchange as the contract needs it: a calendar token for the same subject and
 * the one scope asked for, signed with the run's key like the provider's (roles and permissions of the persona).
 * The exchange itself runs against the real provider in apps/api's vault tests.
 */
function exchangeWith(keys: Keys): TokenExchanger {
  return async ({ sub, scope }) => {
    const persona = PERSONA_KEYS.find((key) => PERSONAS[key].sub === sub);
    const accessToken = await signAccessToken(keys.privateKey, persona ?? { sub }, {
      aud: CALENDAR_AUDIENCE,
      scope,
      client_id: 'sentinel-api',
    });
    return { accessToken, expiresIn: 300 };
  };
}

export type ServerSide = {
  readonly target: Target;
  readonly server: TestServer;
  /** The audit rows in the server's store, oldest first. */
  readonly auditRows: () => Promise<readonly AuditEvent[]>;
  readonly close: () => Promise<void>;
};

/**
 * A fresh API server (clock at FIXED_NOW) on a free port, on a seeded SQLite store in a temporary folder, or
 * with `postgresUrl` on a new PostgreSQL database dropped when the server closes.
 */
export async function startServerSide(
  keys: Keys,
  tokenFor: TokenFor,
  postgresUrl?: string,
): Promise<ServerSide> {
  const database = postgresUrl ? await createTestDatabase(postgresUrl) : undefined;
  const calendar = await calendarFor(keys);
  const server = await startTestServer({
    key: keys,
    ...(database ? { databaseUrl: database.url } : {}),
    vault: { calendarUrl: calendar.url, exchange: exchangeWith(keys) },
  });
  const origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
  const target: Target = {
    side: 'server',
    call: async (scenario) =>
      observe(
        await fetch(`${origin}${scenario.path}`, requestInit(scenario, authorizationOf(scenario, tokenFor))),
      ),
  };
  return {
    target,
    server,
    auditRows: () => server.store.transaction((tx) => tx.listAudit({ all: true })),
    close: async () => {
      await server.close();
      await database?.drop();
    },
  };
}
