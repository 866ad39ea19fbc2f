/**
 * Access-token verification (REQ-api-token) on the server kit's JWT verifier:
 * RS256 only, the configured issuer and audience, expiry and not-before with a small leeway, keys from the
 * issuer's JWKS, verified tokens remembered for a while. The token only says who is calling; what they may do
 * is read from the user directory on every request (routes.ts).
 */
import { fail, ok, type Result } from '@sentinel/domain';
import { bearerToken, createJwtVerifier, type JwtVerifierOptions } from '@sentinel/server-kit';
import { TOKEN_REFUSALS } from '@sentinel/service';
import type { JWTPayload } from 'jose';

// routes.ts and rateLimit.ts read the header through this module.
export { bearerToken };

export type VerifiedToken = {
  readonly sub: string;
  /** Authentication methods (`amr`), e.g. ['pwd', 'otp'] after a TOTP step (the domain's usedSecondFactor). */
  readonly amr: readonly string[];
  readonly payload: JWTPayload;
};

export type TokenVerifier = (authorization: string | undefined) => Promise<Result<VerifiedToken>>;

export type VerifierOptions = Pick<JwtVerifierOptions, 'issuer' | 'audience' | 'keys' | 'now'> & {
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

/**
 * The verifier of the server. A client sends the same access token on every call until it expires, so a
 * token that verified is remembered (TOKEN_CACHE_SIZE tokens, TOKEN_CACHE_TTL_MS at most, never past `exp`);
 * who the caller is and what they may do is still read from the directory on every request, so a suspension
 * takes effect at once.
 */
export function createTokenVerifier(options: VerifierOptions): TokenVerifier {
  const verify = createJwtVerifier({
    issuer: options.issuer,
    audience: options.audience,
    keys: options.keys,
    ...(options.now ? { now: options.now } : {}),
    cache: { size: options.cacheSize ?? TOKEN_CACHE_SIZE, ttlMs: TOKEN_CACHE_TTL_MS },
  });
  return async (authorization) => {
    const check = await verify(authorization);
    if (!check.ok) return fail('unauthorized', TOKEN_REFUSALS[check.reason]);
    const amr = Array.isArray(check.payload.amr)
      ? check.payload.amr.filter((m): m is string => typeof m === 'string')
      : [];
    return ok({ sub: check.sub, amr, payload: check.payload });
  };
}
