/**
 * The mock API: MSW handlers for every route of the contract, running the server's route runner and handlers
 * (@sentinel/service) over an in-memory store seeded with the personas' data, on a fixed clock. The same handlers serve Storybook (browser worker, same-origin paths), the
 * unit tests (node server, with a base URL) and the contract tests. There are no test-only branches here:
 * stories that need an error, empty or slow state put a handler from `scenarios.ts` in front.
 */
import { identityStatus, ok, runFgaSamplesLocally } from '@sentinel/domain';
import { ROUTE_NAMES, type RouteName } from '@sentinel/domain/contract';
import type { KnowledgeBundle } from '@sentinel/knowledge';
import { bundledKnowledge } from '@sentinel/knowledge/bundled';
import {
  approvalRoutes,
  assistantRoutes,
  clinicalRoutes,
  confidentialityRoutes,
  knowledgeRoutes,
  localAuthorizer,
  userRoutes,
  vaultRoutes,
  type RouteImpl,
  type RouteImpls,
  type Store,
} from '@sentinel/service';
import type { HttpHandler } from 'msw';
import { FIXED_NOW, seed as seedData, type SeedData } from '@sentinel/demo-data';
import { verifyMockToken } from './auth';
import { malformedPathHandler, routeHandler, routeOrder, type HandlerEnv } from './route';
import { createStore, type MockStore } from './store';
import { mockVault } from './vault';

/**
 * Every route's handler, checked complete by the compiler: the server's (@sentinel/service), the assistant's
 * included. The assistant has no model here (the domain's canned answers) and no chat limit; its tools run on
 * the local authorization model and the mock calendar.
 */
function routeImpls(store: MockStore, backing: Store, now: () => Date): RouteImpls {
  const knowledge = () => store.knowledge();
  const authorizer = localAuthorizer();
  return {
    ...clinicalRoutes,
    ...confidentialityRoutes,
    ...userRoutes,
    ...knowledgeRoutes(knowledge, authorizer),
    ...approvalRoutes,
    ...vaultRoutes(mockVault(store)),
    ...assistantRoutes({
      model: undefined,
      limiter: { consume: () => ({ ok: true }) },
      knowledge,
      tools: { authorizer, calendar: { store: backing, vault: mockVault(store), now } },
      logFailure: () => undefined,
    }),
    // REQ-tool-identity-status: the mock identity service is initialized as soon as it runs.
    identityStatus: async ({ now: at }) => ok(identityStatus(true, at)),
    // REQ-screen-demo-pillars, REQ-kb-explainer: the four fine-grained sample queries, answered by the local
    // evaluator of the model.
    fgaSamples: async () => {
      const results = runFgaSamplesLocally(knowledge().documents);
      return results.ok ? ok({ items: results.value }) : results;
    },
  };
}

export type MockApiOptions = {
  /** The fixed clock (default FIXED_NOW). */
  readonly now?: Date;
  /** The data the store starts with (default `seed(now)`); the store works on a deep copy. */
  readonly seed?: SeedData;
  /** '' (default) for same-origin paths as the browser calls them; an origin for node, e.g. 'http://localhost'. */
  readonly baseUrl?: string;
  /** Pause between chat stream events: 0 (default) in tests, about 15 ms in stories to show tokens arriving. */
  readonly tokenDelayMs?: number;
  /**
   * The knowledge base (default: the bundled one, which needs a Vite-based runtime). Plain node callers pass
   * `loadKnowledge()` from '@sentinel/knowledge/node'.
   */
  readonly knowledge?: KnowledgeBundle;
};

export type MockApi = {
  /** One handler per contract route, literal paths before parameterised ones, after the malformed-path guard. */
  readonly handlers: HttpHandler[];
  /** The live store: read it to check what a call did. */
  readonly store: MockStore;
  /** The same data as the runner's transactional store, for work done as a call does it (`proposeAs`). */
  readonly backing: Store;
  /** Back to the seeded data: audit rows cleared, id counters restarted. */
  readonly reset: () => void;
};

/** A mock API with its own store. Each test or story should make its own, so no state leaks between them. */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const now = options.now ?? FIXED_NOW;
  const given = options.knowledge;
  const { store, backing, reset } = createStore(
    options.seed ?? seedData(now),
    now,
    () => given ?? bundledKnowledge(),
  );
  // The clock is the view's: a test may move it (`store.now.setTime`).
  const clock = () => new Date(store.now.getTime());
  const env: HandlerEnv = {
    runner: { store: backing, verify: verifyMockToken, now: clock },
    baseUrl: options.baseUrl ?? '',
    tokenDelayMs: options.tokenDelayMs ?? 0,
  };
  const impls = routeImpls(store, backing, clock);
  const handlerOf = <N extends RouteName>(name: N) => routeHandler(name, impls[name] as RouteImpl<N>, env);
  return {
    handlers: [malformedPathHandler(env.baseUrl), ...routeOrder(ROUTE_NAMES).map(handlerOf)],
    store,
    backing,
    reset,
  };
}

/**
 * Handlers of one shared default instance, for a quick start (`setupWorker(...handlers)`). Its store lives as
 * long as the page; stories and tests that change data should use `createMockApi()` instead.
 */
export const handlers: HttpHandler[] = createMockApi().handlers;
