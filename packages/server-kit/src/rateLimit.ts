/**
 * The one rate limiter of the servers: per key (a user, an account, an address), `points` per `windowMs`, under
 * one of two policies.
 *
 * - `sliding-window`: at most `points` in any `windowMs` (a log of each key's times inside the window). Used
 *   where a hard ceiling matters more than smoothness: the chat's model calls, failed sign-in attempts.
 * - `token-bucket` (GCRA, one timestamp per key): a burst of up to `points`, then one every
 *   `windowMs / points`, regained while idle. Used for the API's per-user limit, where a screen's burst of
 *   calls must pass and a steady flood must not.
 *
 * Every operation answers at once (no promise) and reads time from `now`, a monotonic clock in milliseconds
 * that tests move by hand. Keys idle for a whole window are forgotten on a sweep (at most once a window), so
 * memory stays as small as the set of recently active keys however many an attacker cycles through. The
 * counts live in this process: behind a load balancer each process allows the full amount; the interface
 * (consume / peek / penalty / delete) is the one shared stores offer, so a store can replace the maps.
 *
 * Why not rate-limiter-flexible's RateLimiterMemory: its algorithm is a fixed window from a key's first call,
 * which lets a key through twice the limit across a window's edge and has no refill, so neither the chat's
 * "20 in any 60 seconds" nor the API's "a burst, then 20 a second" can be expressed on it; its calls are
 * asynchronous and read Date.now, where the sign-in guard is synchronous and the tests move a clock.
 */

export type RatePolicy = 'sliding-window' | 'token-bucket';

export type RateLimiterOptions = {
  readonly policy: RatePolicy;
  /** Points allowed per window (a request is one point unless told otherwise). */
  readonly points: number;
  readonly windowMs: number;
  /** Monotonic milliseconds; performance.now by default. */
  readonly now?: () => number;
};

export type RateDecision = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

export type RateLimiter = {
  /** Counts `points` for `key` when they fit, and says so; a refused call is not counted. */
  consume(key: string, points?: number): RateDecision;
  /** Whether `points` would fit now, without counting them. */
  peek(key: string, points?: number): RateDecision;
  /** Counts `points` whether or not they fit (something that already happened: a call answered, a failure). */
  penalty(key: string, points?: number): void;
  /** Forgets `key` (a success that clears its failures). */
  delete(key: string): void;
  /** How many keys are remembered. */
  size(): number;
};

const ALLOWED: RateDecision = { ok: true };

function refusal(waitMs: number): RateDecision {
  // Whole seconds, rounded up, never 0: a client that waits Retry-After is always let in.
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

function checkOptions(options: RateLimiterOptions) {
  if (!Number.isSafeInteger(options.points) || options.points < 1) {
    throw new RangeError(`A rate limit needs a whole number of points of at least 1, not ${options.points}.`);
  }
  if (!Number.isFinite(options.windowMs) || options.windowMs <= 0) {
    throw new RangeError(`A rate limit needs a window of more than 0 ms, not ${options.windowMs}.`);
  }
}

function checkPoints(points: number) {
  if (!Number.isSafeInteger(points) || points < 1) {
    throw new RangeError(`A call counts a whole number of points of at least 1, not ${points}.`);
  }
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  checkOptions(options);
  const now = options.now ?? (() => performance.now());
  return options.policy === 'sliding-window' ? slidingWindow(options, now) : tokenBucket(options, now);
}

function slidingWindow(options: RateLimiterOptions, now: () => number): RateLimiter {
  const { points: limit, windowMs } = options;
  /** Each key's times inside the window, oldest first. */
  const times = new Map<string, number[]>();
  let lastSweep = now();

  function sweep(at: number) {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const [key, list] of times) if ((list.at(-1) ?? -Infinity) <= at - windowMs) times.delete(key);
  }

  /** The key's times still inside the window at `at` (the older ones dropped). */
  function recent(key: string, at: number): number[] {
    sweep(at);
    const list = (times.get(key) ?? []).filter((t) => t > at - windowMs);
    if (list.length) times.set(key, list);
    else times.delete(key);
    return list;
  }

  function decide(list: readonly number[], points: number, at: number): RateDecision {
    if (list.length + points <= limit) return ALLOWED;
    if (points > limit) return refusal(windowMs);
    // The call fits once enough of the oldest times have left the window.
    const freeing = list[list.length + points - limit - 1] ?? at;
    return refusal(freeing + windowMs - at);
  }

  const add = (key: string, list: number[], points: number, at: number) => {
    for (let i = 0; i < points; i += 1) list.push(at);
    times.set(key, list);
  };

  return {
    consume(key, points = 1) {
      checkPoints(points);
      const at = now();
      const list = recent(key, at);
      const decision = decide(list, points, at);
      if (decision.ok) add(key, list, points, at);
      return decision;
    },
    peek(key, points = 1) {
      checkPoints(points);
      const at = now();
      return decide(recent(key, at), points, at);
    },
    penalty(key, points = 1) {
      checkPoints(points);
      const at = now();
      add(key, recent(key, at), points, at);
    },
    delete(key) {
      times.delete(key);
    },
    size: () => times.size,
  };
}

function tokenBucket(options: RateLimiterOptions, now: () => number): RateLimiter {
  const { points: limit, windowMs } = options;
  const interval = windowMs / limit;
  /** Each key's theoretical arrival time: when its bucket is full again. */
  const tat = new Map<string, number>();
  let lastSweep = now();

  function sweep(at: number) {
    if (at - lastSweep < windowMs) return;
    lastSweep = at;
    for (const [key, time] of tat) if (time <= at) tat.delete(key);
  }

  function decide(key: string, points: number, at: number): RateDecision {
    sweep(at);
    const next = Math.max(tat.get(key) ?? at, at);
    // Allowed while the bucket holds no more than a window's worth of calls after this one.
    const overBy = next + interval * points - at - windowMs;
    return overBy <= 0 ? ALLOWED : refusal(overBy);
  }

  const add = (key: string, points: number, at: number) => {
    tat.set(key, Math.max(tat.get(key) ?? at, at) + interval * points);
  };

  return {
    consume(key, points = 1) {
      checkPoints(points);
      const at = now();
      const decision = decide(key, points, at);
      if (decision.ok) add(key, points, at);
      return decision;
    },
    peek(key, points = 1) {
      checkPoints(points);
      return decide(key, points, now());
    },
    penalty(key, points = 1) {
      checkPoints(points);
      const at = now();
      sweep(at);
      add(key, points, at);
    },
    delete(key) {
      tat.delete(key);
    },
    size: () => tat.size,
  };
}
