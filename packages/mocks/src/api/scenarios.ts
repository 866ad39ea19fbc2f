/**
 * Handler overrides for the states a story shows on purpose (shared/STYLE.md, 6: "a story overrides handlers
 * only to show an error, empty or slow state"). Each is a separate handler put in front of the normal ones
 * (`[...scenario.error('listAppointments'), ...api.handlers]` or `server.use(...)`); the main handlers have no
 * branches for them. Every body still goes through the contract's schemas.
 */
import {
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
  deniedMessageFor,
  type ChatStreamEvent,
  type ErrorCode,
  type ErrorStatus,
  type ResponseBody,
  type RouteDefinition,
  type RouteName,
} from '@sentinel/domain/contract';
import { HttpResponse, delay, type http, type HttpHandler } from 'msw';
import { tokensOf } from './chat';
import { contractResponse, errorResponse, eventStreamResponse } from './respond';
import { METHOD_HANDLERS, routeUrl } from './route';
import { DEMO_ASSISTANT_STATUS } from './users';

/** The routes that answer a list, and so have an empty state. */
export const EMPTYABLE_ROUTES = [
  'listAppointments',
  'listRecords',
  'listPrescriptions',
  'listUsers',
  'listKnowledge',
  'searchKnowledge',
  'listAudit',
] as const satisfies readonly RouteName[];
export type EmptyableRoute = (typeof EMPTYABLE_ROUTES)[number];

/** The error code the API uses for a status. */
export function errorCodeFor(status: ErrorStatus): ErrorCode {
  return ERROR_CODE_NAMES.find((code) => ERROR_CODES[code] === status) ?? 'internal';
}

/** A knowledge list with nothing in it, for the signed-out default context (§3: patient, family-medicine). */
function emptyKnowledgeList(): ResponseBody<'listKnowledge'> {
  const { role, specializations } = knowledgeContextFor(undefined);
  const viewer = { role, specializations };
  return {
    items: [],
    stats: computeAccessStats(0, 0, viewer),
    summary: computeAccessSummary([], viewer, isDocumentAccessible),
    context: { role, specializations },
  };
}

const EMPTY_BODIES: { readonly [N in EmptyableRoute]: () => ResponseBody<N> } = {
  listAppointments: () => ({ items: [] }),
  listRecords: () => ({ items: [] }),
  listPrescriptions: () => ({ items: [] }),
  listUsers: () => ({ items: [] }),
  listKnowledge: emptyKnowledgeList,
  searchKnowledge: () => ({ items: [] }),
  listAudit: () => ({ items: [] }),
};

/** The first words of the reply a dropped chat stream gets out before the connection is lost. */
const DROPPED_AFTER_TOKENS = 4;

/** The start of a reply: its metadata and its first few words. */
function partialReply(): ChatStreamEvent[] {
  return [
    { type: 'meta', actions: [], knowledgeRefs: [], sources: [], withheldCount: 0, emergency: false },
    ...tokensOf(CANNED_ANSWERS.general)
      .slice(0, DROPPED_AFTER_TOKENS)
      .map((text): ChatStreamEvent => ({ type: 'token', text })),
  ];
}

/** The same answer, except that its body stays open after the last byte instead of closing. */
function stallAfterBody(response: Response): Response {
  if (!response.body) return response;
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>();
  // Rejects when the reader cancels (the user's Stop); nothing to do then.
  response.body.pipeTo(writable, { preventClose: true }).catch(() => undefined);
  return new HttpResponse(readable, { status: response.status, headers: response.headers });
}

export type ScenarioOptions = {
  /** Must match the `baseUrl` of the mock API the scenarios are put in front of ('' by default). */
  readonly baseUrl?: string;
  /** Pause between chat stream events, as for the mock API. */
  readonly tokenDelayMs?: number;
};

/** The scenario helpers for one base URL. */
export function createScenarios(options: ScenarioOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const on = (name: RouteName, resolver: Parameters<typeof http.get>[1]): HttpHandler[] => {
    const route: RouteDefinition = ROUTES[name];
    return [METHOD_HANDLERS[route.method](routeUrl(name, baseUrl), resolver)];
  };

  return {
    /** The route answers an error with the contract's body (default 500, the technical-difficulties state). */
    error(name: RouteName, status: ErrorStatus = ERROR_CODES.internal): HttpHandler[] {
      const code = errorCodeFor(status);
      return on(name, () => errorResponse(code, DEFAULT_ERROR_MESSAGES[code]));
    },

    /** The route answers an empty list (and, for the knowledge list, empty stats and summary). */
    empty(name: EmptyableRoute): HttpHandler[] {
      return on(name, () => contractResponse(ROUTES[name], EMPTY_BODIES[name]()));
    },

    /** The route never answers, so the loading state stays on screen. */
    slow(name: RouteName): HttpHandler[] {
      return on(name, async () => {
        await delay('infinite');
      });
    },

    /** The route refuses with 403 and the spec's alert for it (§6, §8 Alerts). */
    forbidden(name: RouteName): HttpHandler[] {
      return on(name, () => errorResponse('forbidden', deniedMessageFor(name)));
    },

    /**
     * The caller has sent too many requests: 429 with the contract's body and a Retry-After header in seconds,
     * as the API's per-user limits answer (the chat limit, issue 8 rate limits).
     */
    rateLimited(name: RouteName, retryAfterSeconds = 30): HttpHandler[] {
      return on(name, () => {
        const response = errorResponse('rate_limited');
        response.headers.set('Retry-After', String(retryAfterSeconds));
        return response;
      });
    },

    /** The assistant reports itself unavailable (§2 Chat panel: the not-available state). */
    assistantUnavailable(): HttpHandler[] {
      const unavailable = { provider: DEMO_ASSISTANT_STATUS.provider, demo: true, available: false };
      return on('assistantStatus', () => contractResponse(ROUTES.assistantStatus, unavailable));
    },

    /** The chat stream starts (meta and a few tokens), then the connection drops: no disclaimer, no done. */
    chatDrops(): HttpHandler[] {
      return on('chat', () =>
        eventStreamResponse(ROUTES.chat, partialReply(), {
          tokenDelayMs: options.tokenDelayMs ?? 0,
          end: 'error',
        }),
      );
    },

    /**
     * The chat stream starts (meta and a few tokens), then stalls: the connection stays open and nothing more
     * arrives, so the reply is still streaming when the user presses Stop.
     */
    chatStalls(): HttpHandler[] {
      return on('chat', () =>
        stallAfterBody(
          eventStreamResponse(ROUTES.chat, partialReply(), { tokenDelayMs: options.tokenDelayMs ?? 0 }),
        ),
      );
    },
  };
}

export type Scenarios = ReturnType<typeof createScenarios>;

/** Scenarios for same-origin paths, as stories use them. */
export const scenario: Scenarios = createScenarios();
