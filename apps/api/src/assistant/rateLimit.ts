/**
 * The per-user chat limit: at most 20 chat requests per user in any 60 seconds (the server kit's sliding
 * window). Each call can start a model request that costs money or compute, so one account cannot flood the
 * provider; a refused request is not counted, so a client that keeps trying is let in as the window moves.
 *
 * The window lives in this process's memory: a restart forgets it, and several API processes would each allow
 * 20. That is enough for one server; behind a load balancer the counts belong in a shared store (Redis,
 * PostgreSQL) keyed the same way.
 */
import { createRateLimiter, type RateLimiter } from '@sentinel/server-kit';

export type { RateLimiter };

export const CHAT_RATE_LIMIT = { requests: 20, windowMs: 60_000 } as const;

export type ChatRateLimitOptions = {
  readonly requests?: number;
  readonly windowMs?: number;
  /** Monotonic milliseconds (tests move it by hand). */
  readonly now?: () => number;
};

/** The chat's limiter: `consume(user)` counts a request when it is allowed. */
export function createChatRateLimiter(options: ChatRateLimitOptions = {}): RateLimiter {
  return createRateLimiter({
    policy: 'sliding-window',
    points: options.requests ?? CHAT_RATE_LIMIT.requests,
    windowMs: options.windowMs ?? CHAT_RATE_LIMIT.windowMs,
    ...(options.now ? { now: options.now } : {}),
  });
}
