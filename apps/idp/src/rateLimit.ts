/**
 * Rate limiting of failed sign-in attempts: after `limit` failures within `windowMs` for the same key
 * (e-mail + client IP), further attempts are refused until the oldest failure leaves the window.
 */
export type RateLimiter = {
  /** Minutes to wait (rounded up, at least 1) when the key is blocked; 0 when an attempt is allowed. */
  blockedFor(key: string): number;
  recordFailure(key: string): void;
  reset(key: string): void;
};

export const DEFAULT_FAILURE_LIMIT = 5;
export const DEFAULT_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export function createRateLimiter(
  options: { limit?: number; windowMs?: number; now?: () => number } = {},
): RateLimiter {
  const limit = options.limit ?? DEFAULT_FAILURE_LIMIT;
  const windowMs = options.windowMs ?? DEFAULT_FAILURE_WINDOW_MS;
  const now = options.now ?? Date.now;
  const failures = new Map<string, number[]>();
  const recent = (key: string) => {
    const since = now() - windowMs;
    const list = (failures.get(key) ?? []).filter((t) => t > since);
    if (list.length) failures.set(key, list);
    else failures.delete(key);
    return list;
  };
  return {
    blockedFor(key) {
      const list = recent(key);
      if (list.length < limit) return 0;
      const oldest = list[list.length - limit] ?? now();
      return Math.max(1, Math.ceil((oldest + windowMs - now()) / 60_000));
    },
    recordFailure(key) {
      failures.set(key, [...recent(key), now()]);
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
