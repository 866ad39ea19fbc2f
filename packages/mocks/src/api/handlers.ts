/**
 * The mock API: one MSW handler for every path under /api, running the server's route runner and handlers
 * (@sentinel/service) over an in-memory store seeded with the personas' data, on a fixed clock, so mock and
 * server cannot differ. It serves Storybook (browser worker, same-origin paths), the unit tests (node server,
 * with a base URL) and the contract tests. There are no test-only branches here: stories that need an error,
 * empty or slow state put a handler from `scenarios.ts` in front.
 */
import { ok, runFgaSamplesLocally } from '@sentinel/domain';
import { MAX_REQUEST_BODY_BYTES, ROUTES, matchRoute, type RouteName } from '@sentinel/domain/contract';
import type { KnowledgeBundle } from '@sentinel/knowledge';
import { bundledKnowledge } from '@sentinel/knowledge/bundled';
import {
  ContractDriftError,
  approvalRoutes,
  assistantRoutes,
  clinicalRoutes,
  confidentialityRoutes,
  knowledgeRoutes,
  localAuthorizer,
  createMemoryIdentityAdmin,
  createMemoryMailer,
  runRoute,
  userRoutes,
  type MemoryIdentityAdmin,
  type MemoryMailer,
  vaultRoutes,
  type RouteImpl,
  type RouteImpls,
  type RunnerEnv,
  type Store,
} from '@sentinel/service';
import { http, type HttpHandler } from 'msw';
import { FIXED_NOW, seed as seedData, type SeedData } from '@sentinel/demo-data';
import { bearerTokenOf, verifyMockToken } from './auth';
import { answerResponse, errorResponse } from './respond';
import { createStore, type MockStore } from './store';
import { mockVault } from './vault';

/**
 * Every route's handler, checked complete by the compiler: the server's (@sentinel/service), the assistant's
 * included. The assistant has no model here (the domain's canned answers) and no chat limit; its tools run on
 * the local authorization model and the mock calendar.
 */
function routeImpls(
  store: MockStore,
  backing: Store,
  now: () => Date,
  knowledge: () => KnowledgeBundle,
  people: { identity: MemoryIdentityAdmin; mailer: MemoryMailer },
) {
  const authorizer = localAuthorizer();
  const vault = mockVault(store);
  return {
    ...clinicalRoutes,
    ...confidentialityRoutes,
    ...userRoutes({ ...people, store: backing }),
    ...knowledgeRoutes(knowledge, authorizer),
    ...approvalRoutes,
    ...vaultRoutes(vault),
    ...assistantRoutes({
      model: undefined,
      limiter: { consume: () => ({ ok: true }) },
      knowledge,
      tools: { authorizer, calendar: { store: backing, vault, now } },
      logFailure: () => undefined,
    }),
    // REQ-screen-demo-pillars, REQ-kb-explainer: the fine-grained sample queries, on the local evaluator.
    fgaSamples: async () => {
      const results = runFgaSamplesLocally(knowledge().documents);
      return results.ok ? ok({ items: results.value }) : results;
    },
  } satisfies RouteImpls;
}

/**
 * The query of a request as the server's parser gives it: a key given more than once becomes a list (which
 * the route's schema then refuses), rather than silently keeping one of the values.
 */
function queryOf(url: URL): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    query[key] = values.length === 1 ? (values[0] ?? '') : values;
  }
  return query;
}

/** Whether a path's percent-encoding is malformed: the server answers 400 for it, before any route. */
function malformed(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/**
 * The MSW handler of the whole API. The route is the contract's (`matchRoute`: literal segments first); only
 * what Fastify does before a handler is done here. A request no route matches answers 404 with the contract's
 * body (a malformed path 400), as on the server, which takes no trailing slash and no other method either. A body over the limit is
 * refused before anything else, token included, as Fastify's `bodyLimit` does (a declared length over it
 * without reading the body).
 */
function apiHandler(
  impls: RouteImpls,
  runner: RunnerEnv,
  baseUrl: string,
  tokenDelayMs: number,
): HttpHandler {
  const origin = baseUrl ? baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '[a-z]+://[^/]+';
  return http.all(new RegExp(`^${origin}/api/`), async ({ request }) => {
    const url = new URL(request.url);
    const matched = matchRoute(request.method, url.pathname);
    if (!matched) return errorResponse(malformed(url.pathname) ? 'invalid_input' : 'not_found');
    const declared = Number(request.headers.get('content-length') ?? 0);
    const bytes = declared > MAX_REQUEST_BODY_BYTES ? undefined : await request.arrayBuffer();
    if (!bytes || bytes.byteLength > MAX_REQUEST_BODY_BYTES) return errorResponse('payload_too_large');
    const name: RouteName = matched.name;
    const authorization = request.headers.get('authorization') ?? undefined;
    try {
      const answer = await runRoute(name, impls[name] as RouteImpl<RouteName>, runner, {
        authorization,
        accessToken: bearerTokenOf(authorization),
        params: matched.params,
        query: queryOf(url),
        contentType: request.headers.get('content-type') ?? undefined,
        body: ROUTES[name].body ? new TextDecoder().decode(bytes) : '',
      });
      return answerResponse(answer, tokenDelayMs);
    } catch (error) {
      // Our own answer broke the contract: a bug in a handler, named precisely (any other fault is MSW's 500).
      if (!(error instanceof ContractDriftError)) throw error;
      return errorResponse('internal', `The mock answer does not match the API contract: ${error.message}`);
    }
  });
}

export type MockApiOptions = {
  /** The fixed clock (default FIXED_NOW). */
  readonly now?: Date;
  /** The data the store starts with (default `seed(now)`); the store keeps copies. */
  readonly seed?: SeedData;
  /** '' (default) for same-origin paths as the browser calls them; an origin for node, e.g. 'http://localhost'. */
  readonly baseUrl?: string;
  /** Pause between chat stream events: 0 (default) in tests, about 15 ms in stories to show tokens arriving. */
  readonly tokenDelayMs?: number;
  /** The knowledge base (default: the bundled one, for Vite); node passes '@sentinel/knowledge/node' `loadKnowledge()`. */
  readonly knowledge?: KnowledgeBundle;
};

export type MockApi = {
  /** The handlers of every contract route (put a scenario's in front of them). */
  readonly handlers: HttpHandler[];
  /** The store's committed data: read it to check what a call did; `store.seed` adds rows between calls. */
  readonly store: MockStore;
  /** The same data as the runner's transactional store, for work done as a call does it (`proposeAs`). */
  readonly backing: Store;
  /**
   * The identity provider's accounts (REQ-users-sign-in): one per seeded user, plus the ones the admin adds;
   * `identity.seedAccount` puts in an invited, expired or enrolled one.
   */
  readonly identity: MemoryIdentityAdmin;
  /** Every e-mail the API sent (invitations), oldest first. */
  readonly mailer: MemoryMailer;
  /** Back to the seeded data: audit rows cleared, id counters restarted, accounts and mail as at the start. */
  readonly reset: () => void;
};

/** A mock API with its own store. Each test or story should make its own, so no state leaks between them. */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const now = options.now ?? FIXED_NOW;
  const seed = options.seed ?? seedData(now);
  const { store, backing, reset: resetStore } = createStore(seed, now);
  const identity = createMemoryIdentityAdmin(seed.users);
  const mailer = createMemoryMailer();
  const reset = () => {
    resetStore();
    identity.reset();
    mailer.clear();
  };
  // Loaded on the first knowledge or chat call, so that importing the mocks needs no bundler.
  let knowledge = options.knowledge;
  const loadKnowledge = () => (knowledge ??= bundledKnowledge());
  // The clock is the store's: a test may move it (`store.now.setTime`).
  const clock = () => new Date(store.now.getTime());
  const runner: RunnerEnv = { store: backing, verify: verifyMockToken, now: clock };
  const impls = routeImpls(store, backing, clock, loadKnowledge, { identity, mailer });
  const handler = apiHandler(impls, runner, options.baseUrl ?? '', options.tokenDelayMs ?? 0);
  return { handlers: [handler], store, backing, identity, mailer, reset };
}
