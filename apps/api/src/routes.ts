/**
 * One Fastify route per contract route. What a call does is @sentinel/service's route runner (`runRoute`: token,
 * caller, second factor, permission, validation, handler, audit, in one transaction), the same the mock API
 * runs; this adapter turns a Fastify request into the runner's input and its answer into the reply (JSON,
 * empty, or the chat's event stream).
 */
import { ROUTES, type RouteDefinition, type RouteName } from '@sentinel/domain/contract';
import {
  runRoute,
  type ChatStream,
  type RouteImpl,
  type RouteImpls,
  type RunnerEnv,
} from '@sentinel/service';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerToken, type TokenVerifier } from './auth';

export {
  ContractDriftError,
  outsideTransaction,
  type AuditDetail,
  type ChatStream,
  type OutsideWork,
  type RouteContext,
  type RouteImpl,
  type RouteImpls,
  type RouteOutput,
} from '@sentinel/service';

export type RouteEnv = Omit<RunnerEnv, 'verify'> & {
  readonly verify: TokenVerifier;
  /** Writes a chat stream to the reply as its events come (server.ts). */
  readonly stream: (reply: FastifyReply, route: RouteDefinition, stream: ChatStream) => Promise<void>;
};

/** The runner's view of a request. The body arrives as raw bytes (see server.ts). */
function routeRequest(request: FastifyRequest) {
  const { authorization } = request.headers;
  return {
    authorization,
    accessToken: bearerToken(authorization) ?? '',
    params: (request.params ?? {}) as Record<string, unknown>,
    query: { ...(request.query as object) } as Record<string, unknown>,
    contentType: request.headers['content-type'],
    body: Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '',
  };
}

/** Fastify's path syntax is the contract's (`/api/records/:id`). */
export function registerRoutes(app: FastifyInstance, impls: RouteImpls, env: RouteEnv): void {
  for (const name of Object.keys(ROUTES) as RouteName[]) {
    const route: RouteDefinition = ROUTES[name];
    app.route({
      method: route.method,
      url: route.path,
      handler: async (request, reply) => {
        const impl = impls[name] as RouteImpl<typeof name>;
        const answer = await runRoute(name, impl, env, routeRequest(request));
        // Patient data must not be kept by browsers or proxies.
        void reply.header('Cache-Control', 'no-store');
        if (answer.status === 401) void reply.header('WWW-Authenticate', 'Bearer realm="sentinel-health"');
        for (const [header, value] of Object.entries(answer.headers ?? {})) void reply.header(header, value);
        if (answer.kind === 'none') return reply.code(answer.status).send();
        if (answer.kind === 'sse') {
          reply.code(answer.status);
          await env.stream(reply, route, answer.stream);
          return reply;
        }
        return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
      },
    });
  }
}
