/**
 * One MSW handler per contract route, built the way the server handles a request: authenticate, check the
 * second factor the caller's role needs (the domain's checkSecondFactor), check the route's permission (§6),
 * validate path, query and body with the route's schemas, run the route's policy, write the audit row, and
 * answer through the contract's response schema.
 */
import { checkSecondFactor, parseWith, type Result } from '@sentinel/domain';
import {
  IdParamSchema,
  JSON_CONTENT_TYPE,
  MAX_REQUEST_BODY_BYTES,
  ROUTES,
  canCallRoute,
  deniedMessageFor,
  type ChatStreamEvent,
  type ParsedRequestBody,
  type ResponseBody,
  type RouteDefinition,
  type RouteName,
  type RouteParams,
  type RouteQuery,
} from '@sentinel/domain/contract';
import { http, type HttpHandler } from 'msw';
import { authenticate, type Caller } from './auth';
import { contractResponse, domainErrorResponse, errorResponse, eventStreamResponse } from './respond';
import { appendAudit, type MockStore } from './store';

/** What a route's policy answers: the response body, or for the chat route the events of the stream. */
export type RouteOutput<N extends RouteName> = N extends 'chat'
  ? readonly ChatStreamEvent[]
  : ResponseBody<N>;

/** What the audit row of a call says, when the route's policy knows better than the defaults. */
export type AuditDetail = {
  readonly reason?: string;
  readonly resourceId?: string | null;
  /** The one patient whose data the call touched (see `AuditEventSchema`). */
  readonly patientId?: string | null;
};

/** Everything a route's policy works with; params, query and body are already valid. */
export type RouteContext<N extends RouteName> = {
  readonly store: MockStore;
  readonly caller: Caller;
  readonly params: RouteParams<N>;
  readonly query: RouteQuery<N>;
  readonly body: ParsedRequestBody<N>;
  /** Sets the reason (and resource id) of this call's audit row; later calls win per field. */
  readonly audit: (detail: AuditDetail) => void;
};

/** The policy of one route. A failure's code gives the status (`errorResponseFor`). */
export type RouteImpl<N extends RouteName> = (ctx: RouteContext<N>) => Result<RouteOutput<N>>;

/** The policy of every route: the mock API is complete only when this table is. */
export type RouteImpls = { readonly [N in RouteName]: RouteImpl<N> };

export type HandlerEnv = {
  readonly store: MockStore;
  /** '' for same-origin paths (the browser), or an origin such as 'http://localhost' (node tests). */
  readonly baseUrl: string;
  readonly tokenDelayMs: number;
};

/** The URL pattern MSW matches for a route. */
export const routeUrl = (name: RouteName, baseUrl = ''): string => `${baseUrl}${ROUTES[name].path}`;

/** MSW's handler factory for each contract method. */
export const METHOD_HANDLERS = {
  GET: http.get,
  POST: http.post,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

/** Literal segments first, so '/api/knowledge/search' is tried before '/api/knowledge/:id' (as `matchRoute`). */
export function routeOrder(names: readonly RouteName[]): RouteName[] {
  const literals = (name: RouteName) =>
    ROUTES[name].path.split('/').filter((segment) => segment && !segment.startsWith(':')).length;
  return [...names].sort((a, b) => literals(b) - literals(a));
}

const mediaTypeOf = (header: string | null) => (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * Whether a request body is over the limit. Checked before anything else, token included, as on the server:
 * Fastify's `bodyLimit` refuses the body while reading it, before any handler runs. A declared length over
 * the limit is refused without reading the body.
 */
async function bodyTooLarge(request: Request): Promise<boolean> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > MAX_REQUEST_BODY_BYTES) return true;
  const bytes = await request.clone().arrayBuffer();
  return bytes.byteLength > MAX_REQUEST_BODY_BYTES;
}

/** The JSON body of a request: 415 for another content type, 400 for broken JSON. */
async function readJsonBody(request: Request): Promise<{ json: unknown } | Response> {
  if (mediaTypeOf(request.headers.get('content-type')) !== JSON_CONTENT_TYPE) {
    return errorResponse('unsupported_media_type');
  }
  const text = await request.text();
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return errorResponse('invalid_input', 'The request body is not valid JSON.', {
      '(root)': 'not valid JSON',
    });
  }
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

/**
 * A path under /api whose percent-encoding is malformed matches no route (`matchRoute`), and MSW's own matcher
 * throws on it (a 500 with a stack). Tried before the routes, this answers as the server does: 400 with the
 * contract's body. Any other request falls through to the route handlers.
 */
export function malformedPathHandler(baseUrl: string): HttpHandler {
  const origin = baseUrl ? baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : '[a-z]+://[^/]+';
  return http.all(new RegExp(`^${origin}/api/`), ({ request }) => {
    try {
      decodeURIComponent(new URL(request.url).pathname);
      return undefined;
    } catch {
      return errorResponse('invalid_input');
    }
  });
}

/** The MSW handler of one route. */
export function routeHandler<N extends RouteName>(name: N, impl: RouteImpl<N>, env: HandlerEnv): HttpHandler {
  const route: RouteDefinition = ROUTES[name];
  const { store } = env;
  return METHOD_HANDLERS[route.method](routeUrl(name, env.baseUrl), async ({ request, params }) => {
    if (await bodyTooLarge(request)) return errorResponse('payload_too_large');
    const who = authenticate(request.headers.get('authorization'), store);
    if (!who.ok) return domainErrorResponse(who.error);
    const caller = who.value;
    // The audit trail records the §6 role (nurse, pharmacist, ...), not only the dashboard one.
    const actor = { sub: caller.user.sub, role: caller.knowledgeRole };
    const record = (
      outcome: 'allowed' | 'denied',
      reason: string,
      resourceId: string | null,
      patientId: string | null = null,
    ) => {
      if (route.audit) appendAudit(store, actor, { ...route.audit, outcome, reason, resourceId, patientId });
    };
    const idParam = IdParamSchema.safeParse(params.id);
    const pathId = idParam.success ? idParam.data : null;

    // Before the permission, as on the server: a sign-in without the second factor its role needs
    // authorizes nothing.
    const secondFactor = checkSecondFactor(caller.user, caller.amr);
    if (!secondFactor.ok) {
      const { code, message } = secondFactor.error;
      record('denied', `${code}: ${message}`, pathId);
      return domainErrorResponse(secondFactor.error);
    }
    if (!canCallRoute(name, caller.user)) {
      record('denied', `missing permission ${route.permission}`, pathId);
      return errorResponse('forbidden', deniedMessageFor(name));
    }

    const parsedParams = parseWith(route.params, params, 'path parameters');
    if (!parsedParams.ok) return domainErrorResponse(parsedParams.error);
    const parsedQuery = parseWith(route.query, queryOf(new URL(request.url)), 'query');
    if (!parsedQuery.ok) return domainErrorResponse(parsedQuery.error);
    let body: unknown = undefined;
    if (route.body) {
      const read = await readJsonBody(request);
      if (read instanceof Response) return read;
      const parsedBody = parseWith(route.body, read.json, 'request body');
      if (!parsedBody.ok) return domainErrorResponse(parsedBody.error);
      body = parsedBody.value;
    }

    let detail: AuditDetail = {};
    const result = impl({
      store,
      caller,
      params: parsedParams.value as RouteParams<N>,
      query: parsedQuery.value as RouteQuery<N>,
      body: body as ParsedRequestBody<N>,
      audit: (next) => {
        detail = { ...detail, ...next };
      },
    });
    const resourceId = detail.resourceId === undefined ? pathId : detail.resourceId;
    if (!result.ok) {
      record(
        'denied',
        detail.reason ?? `${result.error.code}: ${result.error.message}`,
        resourceId,
        detail.patientId ?? null,
      );
      return domainErrorResponse(result.error);
    }
    record('allowed', detail.reason ?? 'allowed', resourceId, detail.patientId ?? null);
    if (route.responseType === 'sse') {
      return eventStreamResponse(route, result.value as readonly ChatStreamEvent[], {
        tokenDelayMs: env.tokenDelayMs,
      });
    }
    return contractResponse(route, result.value);
  });
}
