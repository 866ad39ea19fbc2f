/**
 * Access-token verification (shared/ARCHITECTURE.md, request flow step 3): RS256 only, the configured issuer
 * and audience, expiry and not-before with a small leeway, keys from the issuer's JWKS. The token only says
 * who is calling; what they may do is read from the user directory on every request (routes.ts).
 */
import { fail, ok, type Result } from '@sentinel/domain';
import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';

/** Seconds of clock skew tolerated on exp and nbf. */
export const CLOCK_TOLERANCE_SECONDS = 5;

export type VerifiedToken = {
  readonly sub: string;
  /** Authentication methods (`amr`), e.g. ['pwd', 'otp'] after a TOTP step (the domain's usedSecondFactor). */
  readonly amr: readonly string[];
  readonly payload: JWTPayload;
};

export type TokenVerifier = (authorization: string | undefined) => Promise<Result<VerifiedToken>>;

export type VerifierOptions = {
  readonly issuer: string;
  readonly audience: string;
  /** The JWKS URL, or a key getter (tests). */
  readonly keys: string | JWTVerifyGetKey;
  /** The clock, in tests. */
  readonly now?: () => Date;
  /** How many verified tokens are remembered (see `createTokenVerifier`); 0 turns the cache off. */
  readonly cacheSize?: number;
};

/** Verified tokens remembered at most: a few thousand signed-in users, each with a token or two. */
export const TOKEN_CACHE_SIZE = 5_000;
/**
 * How long a verified token is trusted without checking its signature again: well under the time jose keeps a
 * fetched JWKS (10 minutes), so a key withdrawn from the issuer's JWKS is not honoured longer than before.
 */
export const TOKEN_CACHE_TTL_MS = 5 * 60_000;

const SIGN_IN = 'Sign in to continue.';

/** The bearer token of an Authorization header, or undefined. Tokens in query strings are never read. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer[ ]+([A-Za-z0-9\-_.~+/]+=*)$/i.exec(authorization?.trim() ?? '');
  return match?.[1];
}

/**
 * The verifier of the server. Checking an RS256 signature is the costliest step of a request (WebCrypto, ~0.1 ms
 * and a hop through the thread pool), and a client sends the same access token on every call until it expires:
 * a token that verified is remembered, keyed by its exact text, until its `exp` (never past it, and without
 * the clock tolerance) or for `TOKEN_CACHE_TTL_MS`, whichever is sooner. A token that failed is never
 * remembered. The cache is bounded (oldest entries go first); who the caller is and what they may do is still
 * read from the directory on every request, so a suspension takes effect at once.
 */
export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  const keys =
    typeof options.keys === 'string'
      ? createRemoteJWKSet(new URL(options.keys), { cooldownDuration: 30_000, timeoutDuration: 5_000 })
      : options.keys;
  const cacheSize = options.cacheSize ?? TOKEN_CACHE_SIZE;
  const verified = new Map<string, { readonly token: VerifiedToken; readonly until: number }>();
  const now = () => (options.now ? options.now().getTime() : Date.now());

  return async (authorization) => {
    const token = bearerToken(authorization);
    if (!token) return fail('unauthorized', SIGN_IN);
    const remembered = verified.get(token);
    if (remembered) {
      if (now() < remembered.until) return ok(remembered.token);
      verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
        ...(options.now ? { currentDate: options.now() } : {}),
      });
      const sub = payload.sub ?? '';
      const amr = Array.isArray(payload.amr)
        ? payload.amr.filter((m): m is string => typeof m === 'string')
        : [];
      const result: VerifiedToken = { sub, amr, payload };
      if (cacheSize > 0 && typeof payload.exp === 'number') {
        if (verified.size >= cacheSize) verified.delete(verified.keys().next().value ?? '');
        verified.set(token, {
          token: result,
          until: Math.min(payload.exp * 1000, now() + TOKEN_CACHE_TTL_MS),
        });
      }
      return ok(result);
    } catch {
      // Which check failed stays in the server: the caller only learns to sign in again.
      return fail('unauthorized', 'Your session is not valid. Sign in again.');
    }
  };
}
