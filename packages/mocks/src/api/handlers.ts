/**
 * The mock API: MSW handlers for every route of the contract over an in-memory store seeded with the
 * personas' data, on a fixed clock. The same handlers serve Storybook (browser worker, same-origin paths), the
 * unit tests (node server, with a base URL) and the contract tests. There are no test-only branches here:
 * stories that need an error, empty or slow state put a handler from `scenarios.ts` in front.
 */
import { ROUTE_NAMES, type RouteName } from '@sentinel/domain/contract';
import type { KnowledgeBundle } from '@sentinel/knowledge';
import { bundledKnowledge } from '@sentinel/knowledge/bundled';
import type { HttpHandler } from 'msw';
import { FIXED_NOW } from '../clock';
import { seed as seedData, type SeedData } from '../fixtures/index';
import { approvalRoutes } from './approvals';
import { chatRoutes } from './chat';
import { clinicalRoutes } from './clinical';
import { confidentialityRoutes } from './confidentiality';
import { knowledgeRoutes } from './knowledge';
import {
  malformedPathHandler,
  routeHandler,
  routeOrder,
  type HandlerEnv,
  type RouteImpl,
  type RouteImpls,
} from './route';
import { createStore, type MockStore } from './store';
import { userRoutes } from './users';
import { vaultRoutes } from './vault';

/** The policy of every route, checked complete by the compiler. */
export const ROUTE_IMPLS: RouteImpls = {
  ...clinicalRoutes,
  ...confidentialityRoutes,
  ...userRoutes,
  ...knowledgeRoutes,
  ...chatRoutes,
  ...approvalRoutes,
  ...vaultRoutes,
};

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
  /** Back to the seeded data: audit rows cleared, id counters restarted. */
  readonly reset: () => void;
};

/** A mock API with its own store. Each test or story should make its own, so no state leaks between them. */
export function createMockApi(options: MockApiOptions = {}): MockApi {
  const now = options.now ?? FIXED_NOW;
  const given = options.knowledge;
  const { store, reset } = createStore(options.seed ?? seedData(now), now, () => given ?? bundledKnowledge());
  const env: HandlerEnv = { store, baseUrl: options.baseUrl ?? '', tokenDelayMs: options.tokenDelayMs ?? 0 };
  const handlerOf = <N extends RouteName>(name: N) =>
    routeHandler(name, ROUTE_IMPLS[name] as RouteImpl<N>, env);
  return {
    handlers: [malformedPathHandler(env.baseUrl), ...routeOrder(ROUTE_NAMES).map(handlerOf)],
    store,
    reset,
  };
}

/**
 * Handlers of one shared default instance, for a quick start (`setupWorker(...handlers)`). Its store lives as
 * long as the page; stories and tests that change data should use `createMockApi()` instead.
 */
export const handlers: HttpHandler[] = createMockApi().handlers;
