/**
 * The per-user chat limit: at most 20 chat requests per user in any 60 seconds (a sliding window). Each call
 * can start a model request that costs money or compute, so one account cannot flood the provider.
 *
 * The window lives in this process's memory: a restart forgets it, and several API processes would each allow
 * 20. That is enough for one server; behind a load balancer the counts belong in a shared store (Redis,
 * PostgreSQL) keyed the same way.
 */

export const CHAT_RATE_LIMIT = { requests: 20, windowMs: 60_000 } as const;

export type RateDecision = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts one request by `key` when it is allowed; a refused request is not counted. */
  take(key: string): RateDecision;
};

/** `now` is a monotonic clock in milliseconds (tests move it by hand). */
export function createRateLimiter(
  options: { readonly requests?: number; readonly windowMs?: number; readonly now?: () => number } = {},
): RateLimiter {
  const requests = options.requests ?? CHAT_RATE_LIMIT.requests;
  const windowMs = options.windowMs ?? CHAT_RATE_LIMIT.windowMs;
  const now = options.now ?? (() => performance.now());
  /** The times of each key's requests inside the window, oldest first. */
  const seen = new Map<string, number[]>();
  let lastSweep = now();

  /** Forgets keys whose requests all left the window, at most once a window, so the map stays small. */
  function sweep(at: number) {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const [key, times] of seen) {
      if ((times.at(-1) ?? -Infinity) <= at - windowMs) seen.delete(key);
    }
  }

  return {
    take(key) {
      const at = now();
      sweep(at);
      const times = (seen.get(key) ?? []).filter((t) => t > at - windowMs);
      if (times.length >= requests) {
        seen.set(key, times);
        const oldest = times[0] ?? at;
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - at) / 1000)) };
      }
      times.push(at);
      seen.set(key, times);
      return { ok: true };
    },
  };
}
