/**
 * The per-user API limit (REQ-sec-api-rate; ASVS 11.1.4, anti-automation against excessive calls): each user
 * may make `requests` calls at once and then `requests` per `windowSeconds` (a token bucket); a call beyond
 * that is answered 429 with `Retry-After` and the contract's `rate_limited` body. It sits in front of every
 * /api route but the health probe; the chat has its own, tighter limit on top (assistant/rateLimit.ts, 20 a
 * minute).
 *
 * The user is the verified token's subject, never an unverified one: a forged token naming someone else must
 * not spend (or probe) that person's allowance. To stay off the hot path the hook reads the subject from the
 * token without checking it, counts the call only once the route has accepted the token (any answer but 401),
 * and verifies the token itself only when the subject's allowance is used up, to refuse the genuine holder
 * with 429 and let a forgery fall through to the route's 401. Concurrent calls of one user can therefore run
 * past the limit by at most the number in flight.
 *
 * The allowance is the server kit's token bucket: a burst of up to `requests` calls, then one call every
 * `windowSeconds / requests`. Like the chat's limit, the counts live in this process: behind a load balancer
 * each process allows the full amount.
 */
import { errorBody } from '@sentinel/domain/contract';
import { createRateLimiter, readSettings, type Rate, type RateLimiter } from '@sentinel/server-kit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, type TokenVerifier } from './auth';

/** The largest burst of a user, and how many calls a user regains per window. */
export type ApiRateLimit = Rate;

/**
 * A burst of 1,200 calls per user, regained at 20 a second (1,200 per 60 seconds). A person's screen makes a
 * handful of calls and the open Approvals tab polls at most every 3 seconds, so no user of the portal comes near
 * it, while a stolen token or a runaway script is held to 20 calls a second. The benchmarks, which drive one
 * persona at thousands of calls a second, build their server with a far higher allowance of their own.
 * API_RATE_LIMIT sets another (`600/60s`), or `off` behind a gateway that limits.
 */
export const DEFAULT_API_RATE_LIMIT: ApiRateLimit = { requests: 1_200, windowSeconds: 60 };

/**
 * API_RATE_LIMIT as `<requests>/<seconds>s` (`600/60s`, the `s` optional), or `off`; unset: the default. Anything
 * else stops the server with an error naming the variable (a typo must not switch the limit off, nor be
 * silently ignored).
 */
export function apiRateLimitFromEnv(env: NodeJS.ProcessEnv = process.env): ApiRateLimit | false {
  return readSettings(env).rate('API_RATE_LIMIT', DEFAULT_API_RATE_LIMIT);
}

/** The allowance of every user under `limit`; `now` in monotonic milliseconds (tests move it by hand). */
export function createUserRateLimiter(limit: ApiRateLimit, now?: () => number): RateLimiter {
  return createRateLimiter({
    policy: 'token-bucket',
    points: limit.requests,
    windowMs: limit.windowSeconds * 1000,
    ...(now ? { now } : {}),
  });
}

/**
 * Subjects of the Authorization headers seen last: a user's every call carries the same header until the token
 * is refreshed, and decoding it (a regex, base64, JSON) was a few percent of a GET /api/records (REQ-perf-api).
 * Bounded; the oldest go first.
 */
const recentSubjects = new Map<string, string | undefined>();
const RECENT_SUBJECTS = 512;

/** The `sub` of a bearer token, read without checking its signature (a key to look up, nothing more). */
export function unverifiedSubject(authorization: string | undefined): string | undefined {
  if (authorization === undefined) return undefined;
  if (recentSubjects.has(authorization)) return recentSubjects.get(authorization);
  const sub = decodeSubject(authorization);
  if (recentSubjects.size >= RECENT_SUBJECTS)
    recentSubjects.delete(recentSubjects.keys().next().value as string);
  recentSubjects.set(authorization, sub);
  return sub;
}

function decodeSubject(authorization: string): string | undefined {
  const token = bearerToken(authorization);
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const sub = typeof claims === 'object' && claims !== null && 'sub' in claims ? claims.sub : undefined;
    return typeof sub === 'string' && sub ? sub : undefined;
  } catch {
    return undefined;
  }
}

const isLimitedPath = (url: string) => {
  const path = url.split('?')[0] ?? '';
  return path.startsWith('/api/') && path !== '/api/health';
};

/** Where the hook keeps the subject between the request and its answer. */
const SUBJECT = Symbol('rate-limit subject');
type Tagged = FastifyRequest & { [SUBJECT]?: string };

export type ApiRateLimitOptions = {
  readonly limit: ApiRateLimit;
  /** The server's token verifier: consulted only for a subject whose allowance is used up. */
  readonly verify: TokenVerifier;
  /** Monotonic milliseconds (tests). */
  readonly now?: () => number;
};

/** Registers the limit on every /api route but the health probe. Call after the security headers. */
export function registerApiRateLimit(app: FastifyInstance, options: ApiRateLimitOptions): RateLimiter {
  const limiter = createUserRateLimiter(options.limit, options.now);

  app.addHook('onRequest', async (request, reply) => {
    if (!isLimitedPath(request.url)) return;
    const sub = unverifiedSubject(request.headers.authorization);
    if (!sub) return;
    const decision = limiter.peek(sub);
    if (decision.ok) {
      (request as Tagged)[SUBJECT] = sub;
      return;
    }
    // Over the limit: only the genuine holder of the subject is refused; a forgery gets the route's 401.
    const verified = await options.verify(request.headers.authorization);
    if (!verified.ok || verified.value.sub !== sub) return;
    return reply
      .code(429)
      .header('Retry-After', String(decision.retryAfterSeconds))
      .header('Cache-Control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(errorBody('rate_limited', ''));
  });

  app.addHook('onResponse', async (request, reply) => {
    const sub = (request as Tagged)[SUBJECT];
    // A call counts once its token was accepted: a 401 was not this user's.
    if (sub && reply.statusCode !== 401) limiter.penalty(sub);
  });

  return limiter;
}
