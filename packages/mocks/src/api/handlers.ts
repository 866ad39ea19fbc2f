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
  clinicalRoutes,
  confidentialityRoutes,
  knowledgeRoutes,
  localAuthorizer,
  outsideTransaction,
  userRoutes,
  vaultRoutes,
  type ChatStream,
  type RouteImpl,
  type RouteImpls,
} from '@sentinel/service';
import type { HttpHandler } from 'msw';
import { FIXED_NOW } from '../clock';
import { seed as seedData, type SeedData } from '../fixtures/index';
import { verifyMockToken } from './auth';
import { chatRoutes } from './chat';
import { DEMO_ASSISTANT_STATUS } from './demo-status';
import {
  malformedPathHandler,
  routeHandler,
  routeOrder,
  type HandlerEnv,
  type MockChatRoutes,
} from './route';
import { createStore, type MockStore } from './store';
import { mockVault } from './vault';

/**
 * Every route's handler, checked complete by the compiler: the server's (@sentinel/service), except the
 * assistant's routes, which are the built-in demo's until the assistant pipeline moves there too.
 */
function routeImpls(store: MockStore): RouteImpls {
  const knowledge = () => store.knowledge();
  return {
    ...clinicalRoutes,
    ...confidentialityRoutes,
    ...userRoutes,
    ...knowledgeRoutes(knowledge, localAuthorizer()),
    ...approvalRoutes,
    ...vaultRoutes(mockVault(store)),
    assistantStatus: async () => ok({ ...DEMO_ASSISTANT_STATUS }),
    // REQ-tool-identity-status: the mock identity service is initialized as soon as it runs.
    identityStatus: async ({ now }) => ok(identityStatus(true, now)),
    // REQ-screen-demo-pillars, REQ-kb-explainer: the four fine-grained sample queries, answered by the local
    // evaluator of the model.
    fgaSamples: async () => {
      const results = runFgaSamplesLocally(knowledge().documents);
      return results.ok ? ok({ items: results.value }) : results;
    },
    // The demo chat changes the store's view (a tool's approval request, its audit rows): after the checks.
    chat: async ({ caller, body }) =>
      ok(
        outsideTransaction<ChatStream>(async (audit) => {
          const reply: ReturnType<MockChatRoutes['chat']> = chatRoutes.chat({ store, caller, body, audit });
          if (!reply.ok) return reply;
          return ok(async function* events() {
            yield* reply.value;
          });
        }),
      ),
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
  const env: HandlerEnv = {
    // The clock is the view's: a test may move it (`store.now.setTime`).
    runner: { store: backing, verify: verifyMockToken, now: () => new Date(store.now.getTime()) },
    baseUrl: options.baseUrl ?? '',
    tokenDelayMs: options.tokenDelayMs ?? 0,
  };
  const impls = routeImpls(store);
  const handlerOf = <N extends RouteName>(name: N) => routeHandler(name, impls[name] as RouteImpl<N>, env);
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
