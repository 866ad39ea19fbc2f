import { SignJWT, exportJWK, generateKeyPair, type JWK, type JWTPayload } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearerToken, createJwtVerifier, createTokenCheck, type JwtVerifierOptions } from './jwt';

const ISSUER = 'http://localhost:4000/';
const AUDIENCE = 'https://api.sentinel-health.example';
const NOW = new Date('2026-03-02T09:00:00Z');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

type Key = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];
let issuerKey: Key;
let otherKey: Key;
let jwk: JWK;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  issuerKey = pair.privateKey;
  otherKey = (await generateKeyPair('RS256')).privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
});

function sign(claims: JWTPayload = {}, key: Key = issuerKey, alg = 'RS256', typ?: string) {
  const defaults = {
    sub: 'auth0|jane',
    iss: ISSUER,
    aud: AUDIENCE,
    iat: seconds(NOW),
    exp: seconds(NOW) + 600,
  };
  return new SignJWT({ ...defaults, ...claims })
    .setProtectedHeader({ alg, kid: 'k1', ...(typ ? { typ } : {}) })
    .sign(key);
}

function verifier(options: Partial<JwtVerifierOptions> = {}) {
  let now = NOW;
  const verify = createJwtVerifier({
    issuer: ISSUER,
    audience: AUDIENCE,
    keys: { keys: [jwk] },
    now: () => now,
    ...options,
  });
  return {
    verify: (token: string) => verify(`Bearer ${token}`),
    advance: (ms: number) => (now = new Date(now.getTime() + ms)),
  };
}

describe('bearer tokens', () => {
  it('are read from an Authorization header of the Bearer scheme only', () => {
    expect(bearerToken('Bearer abc.def.ghi')).toBe('abc.def.ghi');
    expect(bearerToken('  bearer   abc.def-_~+/=  ')).toBe('abc.def-_~+/=');
    for (const header of [
      undefined,
      '',
      'Bearer',
      'Basic dXNlcjpwYXNz',
      'Bearer a b',
      'Bearer a,b',
      'Token abc',
    ]) {
      expect(bearerToken(header), String(header)).toBeUndefined();
    }
  });
});

describe('the JWT verifier', () => {
  it('answers the subject and the claims of a token signed by the issuer for the audience', async () => {
    const check = await verifier().verify(await sign({ scope: 'read:calendar' }));
    expect(check).toMatchObject({ ok: true, sub: 'auth0|jane', payload: { scope: 'read:calendar' } });
  });

  it('tells a missing token from one that is not valid, and no more', async () => {
    const { verify } = verifier();
    const verifyHeader = createJwtVerifier({ issuer: ISSUER, audience: AUDIENCE, keys: { keys: [jwk] } });
    expect(await verifyHeader(undefined)).toEqual({ ok: false, reason: 'missing' });
    expect(await verifyHeader('Basic dXNlcjpwYXNz')).toEqual({ ok: false, reason: 'missing' });
    const wrong = [
      await sign({}, otherKey),
      await sign({ iss: 'https://evil.example/' }),
      await sign({ aud: 'urn:sentinel:calendar' }),
      await sign({ sub: undefined }),
      await sign({ exp: seconds(NOW) - 6 }),
      await sign({ nbf: seconds(NOW) + 6 }),
      'not.a.jwt',
    ];
    for (const token of wrong) expect(await verify(token), token).toEqual({ ok: false, reason: 'invalid' });
  });

  it('tolerates 5 seconds of clock skew on expiry and not-before', async () => {
    const { verify } = verifier();
    expect((await verify(await sign({ exp: seconds(NOW) - 4 }))).ok).toBe(true);
    expect((await verify(await sign({ nbf: seconds(NOW) + 4 }))).ok).toBe(true);
  });

  it('accepts only the algorithms it is given (RS256 by default), never a shared secret', async () => {
    const secret = new TextEncoder().encode('a shared secret anyone could guess!!');
    const hs256 = await sign({}, secret as unknown as Key, 'HS256');
    expect(await verifier().verify(hs256)).toEqual({ ok: false, reason: 'invalid' });
    const ps256 = await generateKeyPair('PS256', { extractable: true });
    const psJwk = { ...(await exportJWK(ps256.publicKey)), kid: 'k1', alg: 'PS256' };
    const psToken = await sign({}, ps256.privateKey, 'PS256');
    expect((await verifier({ keys: { keys: [psJwk] } }).verify(psToken)).ok).toBe(false);
    expect((await verifier({ keys: { keys: [psJwk] }, algorithms: ['PS256'] }).verify(psToken)).ok).toBe(
      true,
    );
  });

  it('with a cache, checks a token once and trusts it until its expiry or the cache age, whichever is sooner', async () => {
    let checks = 0;
    const local = verifier();
    const counted = verifier({
      keys: async (header, token) => {
        checks += 1;
        const { createLocalJWKSet } = await import('jose');
        return createLocalJWKSet({ keys: [jwk] })(header, token);
      },
      cache: { size: 10, ttlMs: 60_000 },
    });
    const token = await sign();
    expect((await counted.verify(token)).ok).toBe(true);
    expect((await counted.verify(token)).ok).toBe(true);
    expect(checks).toBe(1);
    counted.advance(60_000);
    expect((await counted.verify(token)).ok).toBe(true);
    expect(checks).toBe(2);
    // A token that failed is checked again every time.
    const forged = await sign({}, otherKey);
    await counted.verify(forged);
    await counted.verify(forged);
    expect(checks).toBe(4);
    expect((await local.verify(token)).ok).toBe(true);
  });
});

describe('the token check (a token given by itself, as an RFC 8693 subject token)', () => {
  const check = (typ?: string, clockToleranceSeconds?: number) =>
    createTokenCheck({
      issuer: ISSUER,
      audience: AUDIENCE,
      keys: { keys: [jwk] },
      now: () => NOW,
      ...(typ ? { typ } : {}),
      ...(clockToleranceSeconds === undefined ? {} : { clockToleranceSeconds }),
    });

  it('requires the token type it is told, in the header', async () => {
    const accessToken = check('at+jwt');
    expect(await accessToken(await sign({}, issuerKey, 'RS256', 'at+jwt'))).toMatchObject({ ok: true });
    expect(await accessToken(await sign({}, issuerKey, 'RS256', 'JWT'))).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await accessToken(await sign())).toEqual({ ok: false, reason: 'invalid' });
    expect(await accessToken('')).toEqual({ ok: false, reason: 'missing' });
  });

  it('refuses a token expired a second ago when told no leeway', async () => {
    const token = await sign({ exp: seconds(NOW) - 1 });
    expect((await check(undefined, 0)(token)).ok).toBe(false);
    expect((await check()(token)).ok).toBe(true);
  });
});
