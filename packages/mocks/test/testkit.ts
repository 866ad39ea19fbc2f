/**
 * Test support for the mock API: a node MSW server that refuses unhandled requests, a fresh mock API per test,
 * and a `call` helper that talks to it with the global fetch as a browser client would. Every answer is checked
 * for the contract-drift 500, so a test passing also shows that no route ever answered a body outside the
 * contract.
 */
import { ROUTES, parseSseEvents, type ChatStreamEvent, type RouteName } from '@sentinel/domain/contract';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { PersonaKey } from '@sentinel/demo-data';
import { authorizationFor } from '../src/api/auth';
import { createMockApi, type MockApi, type MockApiOptions } from '../src/api/handlers';

export const BASE_URL = 'http://localhost';

export type CallOptions = {
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string>>;
  /** Sent as JSON with `Content-Type: application/json`, unless `rawBody` or `headers` say otherwise. */
  readonly body?: unknown;
  readonly rawBody?: string;
  readonly headers?: Readonly<Record<string, string>>;
};

export type CallResult = {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The parsed JSON body; undefined for an empty or non-JSON body. */
  readonly json: unknown;
};

/** The part of a contract-drift answer the checks look for. */
const DRIFT_MARK = 'does not match the API contract';

/** The URL of a route call, with the path parameters percent-encoded and the query appended. */
export function urlOf(name: RouteName, options: Pick<CallOptions, 'params' | 'query'> = {}): string {
  const path = ROUTES[name].path.replace(/:(\w+)/g, (_, key: string) =>
    encodeURIComponent(options.params?.[key] ?? ''),
  );
  const query = new URLSearchParams(options.query ?? {}).toString();
  return `${BASE_URL}${path}${query ? `?${query}` : ''}`;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Calls a route as `who` (null: without a token). Throws if the answer is the contract-drift 500. */
export async function call(
  who: PersonaKey | null,
  name: RouteName,
  options: CallOptions = {},
): Promise<CallResult> {
  const route = ROUTES[name];
  const hasBody = options.body !== undefined || options.rawBody !== undefined;
  const headers: Record<string, string> = {
    ...(who ? { Authorization: authorizationFor(who) } : {}),
    ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
    ...options.headers,
  };
  const response = await fetch(urlOf(name, options), {
    method: route.method,
    headers,
    ...(hasBody ? { body: options.rawBody ?? JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  if (response.status === 500 && text.includes(DRIFT_MARK)) {
    throw new Error(`Contract drift on ${name}: ${text}`);
  }
  return { status: response.status, headers: response.headers, text, json: parseJson(text) };
}

/** The events of a complete event-stream body, read with the contract's parser. */
export function eventsOf(text: string): ChatStreamEvent[] {
  const { events, rest } = parseSseEvents(text);
  if (rest.trim()) throw new Error(`Unfinished stream frame: ${rest}`);
  return events;
}

/**
 * Starts one MSW node server for the test file and gives every test a fresh mock API on it. Read the current
 * API through the returned getter.
 */
export function useMockApi(options: Omit<MockApiOptions, 'baseUrl'> = {}): {
  readonly api: MockApi;
  readonly server: ReturnType<typeof setupServer>;
  /** Replaces this test's mock API with one made from other options (a custom seed, a token delay). */
  readonly restart: (next: Omit<MockApiOptions, 'baseUrl'>) => MockApi;
} {
  const server = setupServer();
  let current: MockApi | undefined;
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  const restart = (next: Omit<MockApiOptions, 'baseUrl'>) => {
    const api = createMockApi({ ...next, baseUrl: BASE_URL });
    server.resetHandlers(...api.handlers);
    current = api;
    return api;
  };
  beforeEach(() => {
    restart(options);
  });
  afterAll(() => server.close());
  return {
    server,
    restart,
    get api() {
      if (!current) throw new Error('The mock API exists only inside a test.');
      return current;
    },
  };
}
