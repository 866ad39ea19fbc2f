import { SettingsError } from '@sentinel/server-kit';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_API_RATE_LIMIT,
  apiRateLimitFromEnv,
  createUserRateLimiter,
  unverifiedSubject,
} from './rateLimit';

/** Takes calls for `key` the way the hooks do: peek, then count what was allowed once it was answered. */
function callsAllowed(limiter: ReturnType<typeof createUserRateLimiter>, key: string, calls: number) {
  let allowed = 0;
  for (let i = 0; i < calls; i += 1) {
    if (limiter.peek(key).ok) {
      limiter.penalty(key);
      allowed += 1;
    }
  }
  return allowed;
}

describe('the per-user API limit', () => {
  it('allows a burst of the whole window at once, then refuses with the seconds until the next call', () => {
    let now = 0;
    const limiter = createUserRateLimiter({ requests: 10, windowSeconds: 60 }, () => now);
    expect(callsAllowed(limiter, 'jane', 25)).toBe(10);
    // One call comes back every 6 seconds.
    expect(limiter.peek('jane')).toEqual({ ok: false, retryAfterSeconds: 6 });
    now = 5_999;
    expect(limiter.peek('jane')).toEqual({ ok: false, retryAfterSeconds: 1 });
    now = 6_000;
    expect(callsAllowed(limiter, 'jane', 5)).toBe(1);
    now = 6_000 + 60_000;
    expect(callsAllowed(limiter, 'jane', 25)).toBe(10);
  });

  it('keeps one allowance per user: another user is not slowed by the first', () => {
    const limiter = createUserRateLimiter({ requests: 3, windowSeconds: 10 }, () => 0);
    expect(callsAllowed(limiter, 'jane', 5)).toBe(3);
    expect(callsAllowed(limiter, 'john', 5)).toBe(3);
    expect(limiter.peek('jane').ok).toBe(false);
  });

  it('a refused call is not counted: waiting the Retry-After is always enough', () => {
    let now = 0;
    const limiter = createUserRateLimiter({ requests: 2, windowSeconds: 10 }, () => now);
    callsAllowed(limiter, 'jane', 2);
    for (let i = 0; i < 100; i += 1) expect(limiter.peek('jane').ok).toBe(false);
    const decision = limiter.peek('jane');
    if (decision.ok) throw new Error('expected a refusal');
    now = decision.retryAfterSeconds * 1000;
    expect(limiter.peek('jane').ok).toBe(true);
  });

  it('by default holds a user to a burst of 1,200 calls, then 20 a second (a stolen token or a runaway script)', () => {
    let now = 0;
    const limiter = createUserRateLimiter(DEFAULT_API_RATE_LIMIT, () => now);
    expect(callsAllowed(limiter, 'jane', 5_000)).toBe(1_200);
    expect(limiter.peek('jane')).toEqual({ ok: false, retryAfterSeconds: 1 });
    now = 10_000;
    expect(callsAllowed(limiter, 'jane', 5_000)).toBe(200);
  });

  it('reads API_RATE_LIMIT as requests per seconds, or off; anything else is an error naming it', () => {
    expect(apiRateLimitFromEnv({})).toEqual(DEFAULT_API_RATE_LIMIT);
    expect(apiRateLimitFromEnv({ API_RATE_LIMIT: '600/60s' })).toEqual({ requests: 600, windowSeconds: 60 });
    expect(apiRateLimitFromEnv({ API_RATE_LIMIT: ' 50 / 10 ' })).toEqual({ requests: 50, windowSeconds: 10 });
    expect(apiRateLimitFromEnv({ API_RATE_LIMIT: 'OFF' })).toBe(false);
    expect(apiRateLimitFromEnv({ API_RATE_LIMIT: ' ' })).toEqual(DEFAULT_API_RATE_LIMIT);
    // A typo must not switch the limit off, nor leave the operator believing their value is in force.
    for (const typo of ['600', '0/60s', '600/0', 'lots', '-1/5s', '600/60m']) {
      expect(() => apiRateLimitFromEnv({ API_RATE_LIMIT: typo }), typo).toThrow(SettingsError);
      expect(() => apiRateLimitFromEnv({ API_RATE_LIMIT: typo }), typo).toThrow(/^API_RATE_LIMIT must be/);
    }
  });

  it('keys a call by the bearer token subject, and nothing else', () => {
    const token = (claims: unknown) =>
      `Bearer e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.c2ln`;
    expect(unverifiedSubject(token({ sub: 'auth0|jane' }))).toBe('auth0|jane');
    expect(unverifiedSubject(token({ sub: '' }))).toBeUndefined();
    expect(unverifiedSubject(token({ sub: 42 }))).toBeUndefined();
    expect(unverifiedSubject(token(['sub']))).toBeUndefined();
    expect(unverifiedSubject('Bearer not-a-jwt')).toBeUndefined();
    expect(unverifiedSubject('Bearer e30.!!!.x')).toBeUndefined();
    expect(unverifiedSubject('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(unverifiedSubject(undefined)).toBeUndefined();
  });

  it('reads each header for itself, also when many users call in turn', () => {
    const token = (sub: string) =>
      `Bearer e30.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.c2ln`;
    const subs = Array.from({ length: 1_500 }, (_, i) => `auth0|user-${i}`);
    for (const sub of subs) expect(unverifiedSubject(token(sub))).toBe(sub);
    // Read again after many others (the first ones long gone from any memory of recent headers).
    for (const sub of [subs[0], subs[1_499], subs[700]] as string[])
      expect(unverifiedSubject(token(sub))).toBe(sub);
    expect(unverifiedSubject(token(''))).toBeUndefined();
    expect(unverifiedSubject(token(''))).toBeUndefined();
  });
});
