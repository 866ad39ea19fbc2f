/**
 * Bearer tokens (RFC 6750) and their verification as JWTs, the same in every resource server: the token only
 * from the Authorization header (never a query string), RS256 only by default, the configured issuer and
 * audience, `sub` and `exp` required, expiry and not-before with a small leeway, keys from the issuer's JWKS.
 * Which check failed stays in the server: the caller learns only that the token was missing or not valid.
 */
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';

/** Seconds of clock skew tolerated on exp and nbf. */
export const CLOCK_TOLERANCE_SECONDS = 5;

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer[ ]+([A-Za-z0-9\-_.~+/]+=*)$/i.exec(authorization?.trim() ?? '');
  return match?.[1];
}

export type JwtVerifierOptions = {
  readonly issuer: string;
  readonly audience: string;
  /** The JWKS URL (fetched and cached by jose), a key set, or a key getter (tests). */
  readonly keys: string | URL | JSONWebKeySet | JWTVerifyGetKey;
  /** RS256 unless told otherwise: never `none`, never a symmetric key an attacker could guess. */
  readonly algorithms?: readonly string[];
  /** The token type the header must state (`at+jwt` for an RFC 9068 access token), when one is required. */
  readonly typ?: string;
  readonly clockToleranceSeconds?: number;
  /** The clock, in tests. */
  readonly now?: () => Date;
  /**
   * Remembers verified tokens (see `createJwtVerifier`); off unless given. A size of 0 also turns it off.
   */
  readonly cache?: { readonly size: number; readonly ttlMs: number };
};

export type JwtCheck =
  | { readonly ok: true; readonly sub: string; readonly payload: JWTPayload }
  | { readonly ok: false; readonly reason: 'missing' | 'invalid' };

export type JwtVerifier = (authorization: string | undefined) => Promise<JwtCheck>;
/** Checks a token itself (one that did not come in an Authorization header, e.g. an RFC 8693 subject token). */
export type TokenCheck = (token: string) => Promise<JwtCheck>;

function keyGetter(keys: JwtVerifierOptions['keys']): JWTVerifyGetKey {
  if (typeof keys === 'function') return keys;
  if (typeof keys === 'string' || keys instanceof URL) {
    return createRemoteJWKSet(new URL(keys), { cooldownDuration: 30_000, timeoutDuration: 5_000 });
  }
  return createLocalJWKSet(keys);
}

/** A check of the token itself, with the rules of `createJwtVerifier` (no cache). */
export function createTokenCheck(options: Omit<JwtVerifierOptions, 'cache'>): TokenCheck {
  const keys = keyGetter(options.keys);
  const algorithms = [...(options.algorithms ?? ['RS256'])];
  return async (token) => {
    if (!token) return { ok: false, reason: 'missing' };
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms,
        clockTolerance: options.clockToleranceSeconds ?? CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
        ...(options.typ ? { typ: options.typ } : {}),
        ...(options.now ? { currentDate: options.now() } : {}),
      });
      return { ok: true, sub: payload.sub ?? '', payload };
    } catch {
      return { ok: false, reason: 'invalid' };
    }
  };
}

/**
 * A verifier of the Authorization header. With `cache`, a token that verified is remembered, keyed by its exact
 * text, until its `exp` (never past it, and without the clock tolerance) or for `cache.ttlMs`, whichever is
 * sooner: checking an RS256 signature is the costliest step of a request and a client sends the same token on
 * every call. A token that failed is never remembered; the cache is bounded (oldest entries go first). Keep
 * `ttlMs` well under the time jose keeps a fetched JWKS (10 minutes), so a withdrawn key is not honoured longer.
 */
export function createJwtVerifier(options: JwtVerifierOptions): JwtVerifier {
  const check = createTokenCheck(options);
  const cacheSize = options.cache?.size ?? 0;
  const ttlMs = options.cache?.ttlMs ?? 0;
  const verified = new Map<string, { readonly check: JwtCheck; readonly until: number }>();
  const now = () => (options.now ? options.now().getTime() : Date.now());

  return async (authorization) => {
    const token = bearerToken(authorization);
    if (!token) return { ok: false, reason: 'missing' };
    const remembered = verified.get(token);
    if (remembered) {
      if (now() < remembered.until) return remembered.check;
      verified.delete(token);
    }
    const result = await check(token);
    if (result.ok && cacheSize > 0 && typeof result.payload.exp === 'number') {
      if (verified.size >= cacheSize) verified.delete(verified.keys().next().value ?? '');
      verified.set(token, { check: result, until: Math.min(result.payload.exp * 1000, now() + ttlMs) });
    }
    return result;
  };
}
