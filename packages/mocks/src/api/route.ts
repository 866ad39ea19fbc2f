/**
 * The MSW adapter: one handler per contract route that turns the request into the runner's input and its
 * answer into a response. What a call does is @sentinel/service's `runRoute` (token, caller, second factor,
 * permission, validation, handler, audit, in one transaction), the same the server runs: mock and server cannot
 * differ. Only what Fastify does before a handler is done here (the body limit, the query's parsing, a
 * malformed path).
 */
import {
  MAX_REQUEST_BODY_BYTES,
  ROUTES,
  type RouteDefinition,
  type RouteName,
} from '@sentinel/domain/contract';
import { ContractDriftError, runRoute, type RouteImpl, type RunnerEnv } from '@sentinel/service';
import { http, type HttpHandler } from 'msw';
import { bearerTokenOf } from './auth';
import { answerResponse, errorResponse } from './respond';

export type HandlerEnv = {
  readonly runner: RunnerEnv;
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
  return METHOD_HANDLERS[route.method](routeUrl(name, env.baseUrl), async ({ request, params }) => {
    if (await bodyTooLarge(request)) return errorResponse('payload_too_large');
    const authorization = request.headers.get('authorization') ?? undefined;
    try {
      const answer = await runRoute(name, impl, env.runner, {
        authorization,
        accessToken: bearerTokenOf(authorization),
        params,
        query: queryOf(new URL(request.url)),
        contentType: request.headers.get('content-type') ?? undefined,
        body: route.body ? await request.text() : '',
      });
      return answerResponse(answer, { tokenDelayMs: env.tokenDelayMs });
    } catch (error) {
      // Our own answer broke the contract: a bug in a handler, named precisely (any other fault is MSW's 500).
      if (error instanceof ContractDriftError) {
        return errorResponse('internal', `The mock answer does not match the API contract: ${error.message}`);
      }
      throw error;
    }
  });
}
