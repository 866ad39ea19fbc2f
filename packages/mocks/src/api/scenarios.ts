/**
 * Handler overrides for the states a story shows on purpose (REQ-screen-states: "a story overrides handlers
 * only to show an error, empty or slow state"). Each is a separate handler put in front of the normal ones
 * (`[...scenario.error('listAppointments'), ...api.handlers]` or `server.use(...)`); the main handlers have no
 * branches for them. Every body still goes through the contract's schemas.
 */
import {
  CALENDAR_TEXTS,
  CANNED_ANSWERS,
  computeAccessStats,
  computeAccessSummary,
  isDocumentAccessible,
  knowledgeContextFor,
} from '@sentinel/domain';
import {
  DEFAULT_ERROR_MESSAGES,
  ERROR_CODES,
  ERROR_CODE_NAMES,
  ROUTES,
  ROUTE_NAMES,
  deniedMessageFor,
  type ApprovalStatus,
  type CalendarScope,
  type ChatStreamEvent,
  type ErrorCode,
  type ErrorStatus,
  type ResponseBody,
  type RouteDefinition,
  type RouteName,
} from '@sentinel/domain/contract';
import { delay, http, type HttpHandler } from 'msw';
import { PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import { seedApprovalRequests } from './approvals';
import { DEMO_ASSISTANT_STATUS, wordTokens } from '@sentinel/service';
import { createMockApi, type MockApi, type MockApiOptions } from './handlers';
import { contractResponse, errorResponse, eventStreamResponse } from './respond';
import { connectCalendarFor } from './vault';

/** The routes that answer a list, and so have an empty state. */
export const EMPTYABLE_ROUTES = [
  'listAppointments',
  'listRecords',
  'listPrescriptions',
  'listUsers',
  'listKnowledge',
  'searchKnowledge',
  'listAudit',
  'listCalendarEvents',
  'listApprovals',
  'listEmergencyAccess',
] as const satisfies readonly RouteName[];
export type EmptyableRoute = (typeof EMPTYABLE_ROUTES)[number];

/**
 * The whole-API scenarios QA switches between in Storybook's toolbar: every screen shows its normal, empty,
 * error, loading (slow), access-denied (forbidden) or assistant-not-available state without a story of its own.
 */
export const API_SCENARIOS = ['normal', 'empty', 'error', 'slow', 'forbidden', 'modelUnavailable'] as const;
export type ApiScenario = (typeof API_SCENARIOS)[number];

/** Narrows outside text (a toolbar global, a URL) to a scenario name. */
export function isApiScenario(value: unknown): value is ApiScenario {
  return typeof value === 'string' && (API_SCENARIOS as readonly string[]).includes(value);
}

/**
 * The routes that say who the caller is. A whole-API scenario leaves them alone, so a screen in the error or
 * slow scenario still knows its user and shows that user's failed or loading screen, not a sign-in problem.
 */
export const SESSION_ROUTES = ['getMe'] as const satisfies readonly RouteName[];

/**
 * The routes a whole-API scenario takes over, fixed paths before ones with parameters: MSW answers with the
 * first handler that matches, so GET /api/knowledge/search gets the search route's answer (and its own 403
 * alert), not that of /api/knowledge/:id.
 */
const DATA_ROUTES: readonly RouteName[] = ROUTE_NAMES.filter(
  (name) => !(SESSION_ROUTES as readonly RouteName[]).includes(name),
).sort((a, b) => Number(ROUTES[a].path.includes(':')) - Number(ROUTES[b].path.includes(':')));

/** The error code the API uses for a status. */
export function errorCodeFor(status: ErrorStatus): ErrorCode {
  return ERROR_CODE_NAMES.find((code) => ERROR_CODES[code] === status) ?? 'internal';
}

/** An empty knowledge list, for the signed-out default context (REQ-data-access-context). */
function emptyKnowledgeList(): ResponseBody<'listKnowledge'> {
  const context = knowledgeContextFor(undefined);
  const viewer = { role: context.role, specializations: context.specializations };
  const summary = computeAccessSummary([], viewer, isDocumentAccessible);
  return { items: [], stats: computeAccessStats(0, 0, viewer), summary, context: viewer };
}

/** The start of a reply: its metadata and its first four words, all a dropped stream gets out. */
function partialReply(): ChatStreamEvent[] {
  const words = wordTokens(CANNED_ANSWERS.general).slice(0, 4);
  return [
    { type: 'meta', actions: [], knowledgeRefs: [], sources: [], withheldCount: 0, emergency: false },
    ...words.map((text): ChatStreamEvent => ({ type: 'token', text })),
  ];
}

/**
 * A mock API of its own, seeded for one story: `seed` (a Storybook loader, or a `beforeEach`) resets its store
 * and writes the story's data again, so every run starts from the same state, whatever the last one did.
 */
export type SeededScenario = {
  readonly api: MockApi;
  /** Every route of that API (put them in place of the default `api` handlers). */
  readonly handlers: HttpHandler[];
  readonly seed: () => Promise<Record<string, never>>;
};

/** `baseUrl` must match the mock API's the scenarios are put in front of; `tokenDelayMs` is as for it. */
export type ScenarioOptions = Pick<MockApiOptions, 'baseUrl' | 'tokenDelayMs'>;

/** The scenario helpers for one base URL. */
export function createScenarios(options: ScenarioOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const on = (name: RouteName, resolver: Parameters<typeof http.get>[1]): HttpHandler[] => {
    const route: RouteDefinition = ROUTES[name];
    const method = route.method.toLowerCase() as Lowercase<RouteDefinition['method']>;
    return [http[method](`${baseUrl}${route.path}`, resolver)];
  };

  const tokenDelayMs = options.tokenDelayMs ?? 0;
  const seeded = (write: (api: MockApi) => void): SeededScenario => {
    const api = createMockApi({ baseUrl, tokenDelayMs });
    const seed = async () => {
      api.reset();
      write(api);
      return {};
    };
    return { api, handlers: api.handlers, seed };
  };
  const partialChat = (stall: boolean) => () =>
    eventStreamResponse(ROUTES.chat, partialReply(), { tokenDelayMs, stall });

  const scenarios = {
    /**
     * The calendar service cannot be reached: the events answer 500 with the REQ-err calendar failure text
     * ('Unable to access calendar at this time...'), as the API does when the token exchange or the service fails.
     */
    calendarUnavailable(): HttpHandler[] {
      return on('listCalendarEvents', () => errorResponse('internal', CALENDAR_TEXTS.failure));
    },

    /**
     * `who` has connected the calendar with `scopes` (read only by default), in a mock API of its own seeded as
     * usual otherwise (token vault, REQ-tool-vault). Its handlers answer every route, so connecting,
     * disconnecting and the events all act on that connection.
     */
    calendarConnected(who: PersonaKey, scopes: readonly CalendarScope[] = ['calendar:read']): SeededScenario {
      return seeded((api) => connectCalendarFor(api.store, PERSONAS[who].sub, scopes));
    },

    /**
     * `who` has approval requests in these states (asynchronous authorization, REQ-tool-approvals), one per
     * entry, in a mock API of its own seeded as usual otherwise (`seedApprovalRequests`: pending ones with
     * minutes left, an expired one never looked at, an approved one with its prescription written, a denied
     * one). Its handlers answer every route, so approving and denying act on those requests.
     */
    approvalsFor(who: PersonaKey, states: readonly ApprovalStatus[]): SeededScenario {
      return seeded((api) => seedApprovalRequests(api.store, who, states));
    },

    /** The route answers an error with the contract's body (default 500, the technical-difficulties state). */
    error(name: RouteName, status: ErrorStatus = ERROR_CODES.internal): HttpHandler[] {
      const code = errorCodeFor(status);
      return on(name, () => errorResponse(code, DEFAULT_ERROR_MESSAGES[code]));
    },

    /** The route answers an empty list (and, for the knowledge list, empty stats and summary). */
    empty(name: EmptyableRoute): HttpHandler[] {
      const body = name === 'listKnowledge' ? emptyKnowledgeList() : { items: [] };
      return on(name, () => contractResponse(ROUTES[name], body));
    },

    /** The route never answers, so the loading state stays on screen. */
    slow(name: RouteName): HttpHandler[] {
      return on(name, () => delay('infinite'));
    },

    /** The route refuses with 403 and the spec's alert for it (REQ-access-server, REQ-err). */
    forbidden(name: RouteName): HttpHandler[] {
      return on(name, () => errorResponse('forbidden', deniedMessageFor(name)));
    },

    /**
     * The caller has sent too many requests: 429 with the contract's body and a Retry-After header in seconds,
     * as the API's per-user limits answer (the chat limit, REQ-sec-api-rate).
     */
    rateLimited(name: RouteName, retryAfterSeconds = 30): HttpHandler[] {
      return on(name, () => {
        const response = errorResponse('rate_limited');
        response.headers.set('Retry-After', String(retryAfterSeconds));
        return response;
      });
    },

    /** The assistant reports itself unavailable (REQ-chat-unavailable: the not-available state). */
    assistantUnavailable(): HttpHandler[] {
      const unavailable = { provider: DEMO_ASSISTANT_STATUS.provider, demo: true, available: false };
      return on('assistantStatus', () => contractResponse(ROUTES.assistantStatus, unavailable));
    },

    /**
     * The chat stream starts (meta and a few tokens), then the connection drops: the body ends there, with no
     * disclaimer and no done, so the client reads a reply cut off. It ends cleanly rather than failing: when a
     * service worker's body fails, Chromium fails the page's body at once and drops the bytes the page had not
     * read yet, so through MSW's worker the page would sometimes get no word of the reply at all.
     */
    chatDrops(): HttpHandler[] {
      return on('chat', partialChat(false));
    },

    /**
     * The chat stream starts (meta and a few tokens), then stalls: the connection stays open and nothing more
     * arrives, so the reply is still streaming when the user presses Stop.
     */
    chatStalls(): HttpHandler[] {
      return on('chat', partialChat(true));
    },

    /**
     * A whole-API scenario (the toolbar's Scenario in Storybook): handlers for every route it changes, to put in
     * front of the normal ones. `error`, `slow` and `forbidden` take over every route but the session ones
     * (`SESSION_ROUTES`); `empty` answers every list route (`EMPTYABLE_ROUTES`) with an empty list;
     * `modelUnavailable` has the assistant report itself unavailable; `normal` changes nothing. A story's own
     * route overrides go in front of these, so they still win.
     */
    everywhere(kind: ApiScenario): HttpHandler[] {
      switch (kind) {
        case 'normal':
          return [];
        case 'empty':
          return EMPTYABLE_ROUTES.flatMap((name) => scenarios.empty(name));
        case 'error':
          return DATA_ROUTES.flatMap((name) => scenarios.error(name));
        case 'slow':
          return DATA_ROUTES.flatMap((name) => scenarios.slow(name));
        case 'forbidden':
          return DATA_ROUTES.flatMap((name) => scenarios.forbidden(name));
        case 'modelUnavailable':
          return scenarios.assistantUnavailable();
        default:
          throw new Error(
            `Unknown API scenario "${String(kind as unknown)}": use one of ${API_SCENARIOS.join(', ')}.`,
          );
      }
    },
  };
  return scenarios;
}

export type Scenarios = ReturnType<typeof createScenarios>;

/** Scenarios for same-origin paths, as stories use them. */
export const scenario: Scenarios = createScenarios();
