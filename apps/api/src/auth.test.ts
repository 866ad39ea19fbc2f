/**
 * The token verifier's memory of verified tokens (auth.ts): a token is checked once and trusted until its
 * expiry at the latest, a failed one is checked every time, and the memory is bounded in size and age.
 */
import { FIXED_NOW, PERSONAS } from '@sentinel/demo-data';
import { createLocalJWKSet, exportJWK, generateKeyPair, type JWTVerifyGetKey } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_CACHE_TTL_MS, createTokenVerifier, type VerifierOptions } from './auth';
import { TEST_AUDIENCE, TEST_ISSUER, signAccessToken, type SigningKey } from './testkit';

let privateKey: SigningKey;
let jwks: JWTVerifyGetKey;

beforeAll(async () => {
  const keys = await generateKeyPair('RS256', { extractable: true });
  privateKey = keys.privateKey;
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  jwks = createLocalJWKSet({ keys: [jwk] });
});

/** A verifier on a clock the test moves, counting how often a signature is really checked (a key is fetched). */
function verifierAt(start: Date, options: Partial<VerifierOptions> = {}) {
  let now = start;
  let checks = 0;
  const verify = createTokenVerifier({
    issuer: TEST_ISSUER,
    audience: TEST_AUDIENCE,
    keys: (header, token) => {
      checks += 1;
      return jwks(header, token);
    },
    now: () => now,
    ...options,
  });
  return {
    verify: (token: string) => verify(`Bearer ${token}`),
    checks: () => checks,
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

const tokenAt = (issuedAt: Date, claims: Record<string, unknown> = {}) =>
  signAccessToken(privateKey, 'alice', claims, issuedAt);

describe('the token verifier', () => {
  it('checks the signature of a token once and answers the same caller after that', async () => {
    const clock = verifierAt(FIXED_NOW);
    const token = await tokenAt(FIXED_NOW);
    const first = await clock.verify(token);
    const second = await clock.verify(token);
    expect(first.ok && first.value.sub).toBe(PERSONAS.alice.sub);
    expect(second).toStrictEqual(first);
    expect(clock.checks()).toBe(1);
  });

  it('refuses a remembered token once it has expired, without the clock tolerance', async () => {
    const clock = verifierAt(FIXED_NOW);
    const exp = Math.floor(FIXED_NOW.getTime() / 1000) + 60;
    const token = await tokenAt(FIXED_NOW, { exp });
    expect((await clock.verify(token)).ok).toBe(true);
    clock.advance(59_000);
    expect((await clock.verify(token)).ok).toBe(true);
    expect(clock.checks()).toBe(1);
    // Past exp the memory no longer vouches: the token is checked again, within jose's 5 s tolerance...
    clock.advance(2_000);
    expect((await clock.verify(token)).ok).toBe(true);
    expect(clock.checks()).toBe(2);
    // ...and refused beyond it.
    clock.advance(10_000);
    const late = await clock.verify(token);
    expect(late.ok).toBe(false);
    expect(clock.checks()).toBe(3);
  });

  it('checks a token again after the memory time even when it expires later', async () => {
    const clock = verifierAt(FIXED_NOW);
    const token = await tokenAt(FIXED_NOW, { exp: Math.floor(FIXED_NOW.getTime() / 1000) + 3600 });
    await clock.verify(token);
    clock.advance(TOKEN_CACHE_TTL_MS - 1);
    await clock.verify(token);
    expect(clock.checks()).toBe(1);
    clock.advance(1);
    expect((await clock.verify(token)).ok).toBe(true);
    expect(clock.checks()).toBe(2);
  });

  it('never remembers a token that failed', async () => {
    const clock = verifierAt(FIXED_NOW);
    const wrongAudience = await tokenAt(FIXED_NOW, { aud: 'https://other.example' });
    expect((await clock.verify(wrongAudience)).ok).toBe(false);
    expect((await clock.verify(wrongAudience)).ok).toBe(false);
    expect(clock.checks()).toBe(2);
  });

  it('refuses a token whose signature was altered even when the original is remembered', async () => {
    const clock = verifierAt(FIXED_NOW);
    const token = await tokenAt(FIXED_NOW);
    await clock.verify(token);
    const [header, payload, signature = ''] = token.split('.');
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect((await clock.verify(`${header}.${payload}.${flipped}`)).ok).toBe(false);
  });

  it('remembers at most as many tokens as it is sized for, forgetting the oldest first', async () => {
    const clock = verifierAt(FIXED_NOW, { cacheSize: 2 });
    const tokens = await Promise.all([1, 2, 3].map((n) => tokenAt(FIXED_NOW, { jti: `token-${n}` })));
    for (const token of tokens) await clock.verify(token);
    expect(clock.checks()).toBe(3);
    await clock.verify(tokens[2] ?? '');
    await clock.verify(tokens[1] ?? '');
    expect(clock.checks()).toBe(3);
    await clock.verify(tokens[0] ?? '');
    expect(clock.checks()).toBe(4);
  });

  it('checks every call when the memory is turned off', async () => {
    const clock = verifierAt(FIXED_NOW, { cacheSize: 0 });
    const token = await tokenAt(FIXED_NOW);
    await clock.verify(token);
    await clock.verify(token);
    expect(clock.checks()).toBe(2);
  });
});
