/**
 * Rate limiting of failed sign-in attempts (ASVS 2.2.1, anti-automation against brute force and credential
 * stuffing). A failure limiter (the server kit's sliding window) blocks a key after `limit` failures within
 * `windowMs`, until the oldest of them leaves the window. The sign-in guard combines three of them:
 *
 * - the account from one address: 5 failures in 15 minutes (a person mistyping, or one attacker guessing);
 * - the account from any address: 20 failures in 15 minutes (guessing spread over many addresses);
 * - one address over any accounts: 50 failures in 15 minutes (password spraying, credential stuffing).
 *
 * The first two are hard limits (429 with Retry-After). The third is a slow-down, not a block: one address may
 * be a proxy, a clinic's network or a mobile carrier's gateway, and an attacker failing on purpose from it must
 * not lock out everyone behind it. Past its limit, the address's attempts are answered one `intervalMs` apart,
 * which holds spraying to a trickle while every person behind the address still signs in, a second later; only
 * a burst that would wait more than `maxDelayMs` is told to come back in a few seconds.
 *
 * The account-wide rule lets anyone hold an account's sign-in back for at most 15 minutes by failing on
 * purpose; it is four times the per-address one so that the owner, from their usual address, is rarely the one
 * who trips it. A success clears the account's own counts, never the address's (a valid account found by an
 * attacker must not reset their spraying budget).
 */
import { createRateLimiter } from '@sentinel/server-kit';

export type FailureLimiter = {
  /** Seconds until the key may try again (at least 1 when blocked); 0 when an attempt is allowed. */
  retryAfter(key: string): number;
  /** The same wait in minutes, rounded up (at least 1 when blocked); 0 when an attempt is allowed. */
  blockedFor(key: string): number;
  recordFailure(key: string): void;
  reset(key: string): void;
  /** How many keys are remembered (failures inside the window, or not swept yet). */
  size(): number;
};

export const DEFAULT_FAILURE_LIMIT = 5;
export const DEFAULT_FAILURE_WINDOW_MS = 15 * 60 * 1000;

export type LimitOptions = { limit?: number; windowMs?: number; now?: () => number };

export function createFailureLimiter(options: LimitOptions = {}): FailureLimiter {
  const failures = createRateLimiter({
    policy: 'sliding-window',
    points: options.limit ?? DEFAULT_FAILURE_LIMIT,
    windowMs: options.windowMs ?? DEFAULT_FAILURE_WINDOW_MS,
    now: options.now ?? Date.now,
  });
  // Blocked while one more failure would not fit: `limit` failures inside the window.
  const retryAfter = (key: string) => {
    const decision = failures.peek(key);
    return decision.ok ? 0 : decision.retryAfterSeconds;
  };
  return {
    size: () => failures.size(),
    retryAfter,
    blockedFor(key) {
      const seconds = retryAfter(key);
      return seconds ? Math.max(1, Math.ceil(seconds / 60)) : 0;
    },
    // Every failure counts, blocked or not: the newest `limit` of them say when the key is free again.
    recordFailure: (key) => failures.penalty(key),
    reset: (key) => failures.delete(key),
  };
}

/** The failures each rule of the sign-in guard allows in its window (15 minutes). */
export type SignInLimits = { accountFromAddress: number; account: number; address: number };
export const SIGN_IN_LIMITS: Readonly<SignInLimits> = { accountFromAddress: 5, account: 20, address: 50 };

/** How an address past its limit is slowed down: attempts `intervalMs` apart, queued `maxDelayMs` at most. */
export type SlowDown = { intervalMs: number; maxDelayMs: number };
export const SLOW_DOWN: Readonly<SlowDown> = { intervalMs: 1_000, maxDelayMs: 10_000 };

/** Which step failed: the password, or the second factor (counted apart, keyed by the account). */
export type SignInStep = 'pwd' | 'otp';

export type SignInGuard = {
  /** Seconds before this account may try `step` again from this address (the hard limits); 0 when it may now. */
  retryAfter(step: SignInStep, account: string, address: string): number;
  /**
   * The slow-down of an address past its limit, for an attempt arriving now: wait `delayMs` before answering
   * it (0: at once; the slot is taken), or, when the queue is full, `retryAfter` seconds (a few) before trying.
   */
  slowDown(address: string): { delayMs: number; retryAfter: number };
  failed(step: SignInStep, account: string, address: string): void;
  succeeded(step: SignInStep, account: string, address: string): void;
};

export function createSignInGuard(
  options: {
    windowMs?: number;
    now?: () => number;
    limits?: Partial<SignInLimits>;
    slowDown?: Partial<SlowDown>;
  } = {},
): SignInGuard {
  const limits = { ...SIGN_IN_LIMITS, ...options.limits };
  const pace = { ...SLOW_DOWN, ...options.slowDown };
  const now = options.now ?? Date.now;
  const shared = { windowMs: options.windowMs ?? DEFAULT_FAILURE_WINDOW_MS, now };
  const pair = createFailureLimiter({ ...shared, limit: limits.accountFromAddress });
  const account = createFailureLimiter({ ...shared, limit: limits.account });
  const address = createFailureLimiter({ ...shared, limit: limits.address });
  /** When each slowed address's next attempt may be answered (epoch ms). */
  const nextSlot = new Map<string, number>();
  const keys = (step: SignInStep, who: string, from: string) => ({
    pair: `${step}|${who}|${from}`,
    account: `${step}|${who}`,
    address: from,
  });
  return {
    retryAfter(step, who, from) {
      const k = keys(step, who, from);
      return Math.max(pair.retryAfter(k.pair), account.retryAfter(k.account));
    },
    slowDown(from) {
      const at = now();
      // Slots in the past hold nothing back: dropped, so the map stays as small as the set of slowed addresses.
      for (const [key, slot] of nextSlot) if (slot <= at) nextSlot.delete(key);
      if (!address.retryAfter(from)) return { delayMs: 0, retryAfter: 0 };
      const delayMs = Math.max(at, nextSlot.get(from) ?? 0) + pace.intervalMs - at;
      if (delayMs > pace.maxDelayMs) {
        return { delayMs: 0, retryAfter: Math.max(1, Math.ceil((delayMs - pace.maxDelayMs) / 1000)) };
      }
      nextSlot.set(from, at + delayMs);
      return { delayMs, retryAfter: 0 };
    },
    failed(step, who, from) {
      const k = keys(step, who, from);
      pair.recordFailure(k.pair);
      account.recordFailure(k.account);
      address.recordFailure(k.address);
    },
    succeeded(step, who, from) {
      const k = keys(step, who, from);
      pair.reset(k.pair);
      account.reset(k.account);
    },
  };
}
