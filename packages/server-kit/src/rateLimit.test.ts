import { describe, expect, it } from 'vitest';
import { createRateLimiter, type RateLimiter } from './rateLimit';

/** Calls `consume` `calls` times and says how many were let through. */
function allowed(limiter: RateLimiter, key: string, calls: number) {
  let count = 0;
  for (let i = 0; i < calls; i += 1) if (limiter.consume(key).ok) count += 1;
  return count;
}

describe('the sliding-window policy', () => {
  it('allows `points` in any window and says when the oldest call leaves it', () => {
    let now = 0;
    const limiter = createRateLimiter({
      policy: 'sliding-window',
      points: 3,
      windowMs: 10_000,
      now: () => now,
    });
    expect(allowed(limiter, 'a', 2)).toBe(2);
    now = 4_000;
    expect(allowed(limiter, 'a', 5)).toBe(1);
    expect(limiter.consume('a')).toEqual({ ok: false, retryAfterSeconds: 6 });
    // At 10 s the two calls of 0 s have left; the one of 4 s has not, so two fit and a third waits 4 s.
    now = 10_000;
    expect(allowed(limiter, 'a', 5)).toBe(2);
    expect(limiter.peek('a')).toEqual({ ok: false, retryAfterSeconds: 4 });
  });

  it('peeks without counting, and counts a penalty even past the limit', () => {
    let now = 0;
    const limiter = createRateLimiter({
      policy: 'sliding-window',
      points: 2,
      windowMs: 60_000,
      now: () => now,
    });
    for (let i = 0; i < 5; i += 1) expect(limiter.peek('k').ok).toBe(true);
    limiter.penalty('k');
    now = 30_000;
    limiter.penalty('k');
    limiter.penalty('k');
    // Blocked until the second newest of the last two penalties (30 s) leaves: 60 s more.
    expect(limiter.peek('k')).toEqual({ ok: false, retryAfterSeconds: 60 });
    limiter.delete('k');
    expect(limiter.peek('k').ok).toBe(true);
  });

  it('weighs a call of several points, and refuses outright one larger than the whole limit', () => {
    const limiter = createRateLimiter({ policy: 'sliding-window', points: 5, windowMs: 1_000, now: () => 0 });
    expect(limiter.consume('k', 4).ok).toBe(true);
    expect(limiter.consume('k', 2)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limiter.consume('k', 1).ok).toBe(true);
    expect(limiter.consume('other', 6)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('forgets keys whose calls all left the window on its next sweep, and keeps those still inside it', () => {
    let now = 0;
    const limiter = createRateLimiter({
      policy: 'sliding-window',
      points: 3,
      windowMs: 1_000,
      now: () => now,
    });
    for (const key of ['old-1', 'old-2', 'old-3']) limiter.consume(key);
    now = 500;
    limiter.consume('recent');
    expect(limiter.size()).toBe(4);
    now = 1_200;
    expect(limiter.peek('someone').ok).toBe(true);
    expect(limiter.size()).toBe(1);
    expect(limiter.consume('recent', 3)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });
});

describe('the token-bucket policy', () => {
  it('allows a burst of `points`, then one call per window / points, regained while idle', () => {
    let now = 0;
    const limiter = createRateLimiter({
      policy: 'token-bucket',
      points: 10,
      windowMs: 60_000,
      now: () => now,
    });
    expect(allowed(limiter, 'a', 25)).toBe(10);
    expect(limiter.peek('a')).toEqual({ ok: false, retryAfterSeconds: 6 });
    now = 6_000;
    expect(allowed(limiter, 'a', 5)).toBe(1);
    now = 6_000 + 30_000;
    expect(allowed(limiter, 'a', 25)).toBe(5);
    now = 1_000_000;
    expect(allowed(limiter, 'a', 25)).toBe(10);
  });

  it('counts a penalty whatever the bucket holds, and keeps each key apart', () => {
    const limiter = createRateLimiter({ policy: 'token-bucket', points: 2, windowMs: 10_000, now: () => 0 });
    limiter.penalty('a');
    limiter.penalty('a');
    limiter.penalty('a');
    expect(limiter.peek('a')).toEqual({ ok: false, retryAfterSeconds: 10 });
    expect(limiter.consume('b').ok).toBe(true);
    expect(limiter.size()).toBe(2);
    limiter.delete('a');
    expect(limiter.consume('a').ok).toBe(true);
  });

  it('forgets keys whose bucket is full again', () => {
    let now = 0;
    const limiter = createRateLimiter({ policy: 'token-bucket', points: 5, windowMs: 1_000, now: () => now });
    for (let i = 0; i < 1_000; i += 1) limiter.consume(`user-${i}`);
    now = 1_000;
    limiter.consume('late');
    expect(limiter.size()).toBe(1);
  });
});

describe('rate limiter options', () => {
  it('refuses a limit of no points, a window of no time, or a call of no points, with a clear error', () => {
    expect(() => createRateLimiter({ policy: 'token-bucket', points: 0, windowMs: 1_000 })).toThrow(
      /at least 1, not 0/,
    );
    expect(() => createRateLimiter({ policy: 'sliding-window', points: 1, windowMs: 0 })).toThrow(
      /more than 0 ms, not 0/,
    );
    const limiter = createRateLimiter({ policy: 'sliding-window', points: 1, windowMs: 1_000 });
    expect(() => limiter.consume('k', 1.5)).toThrow(/at least 1, not 1.5/);
  });
});
