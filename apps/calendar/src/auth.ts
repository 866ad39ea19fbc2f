/**
 * Bearer-token checks of the calendar service (an OAuth 2.0 resource server, RFC 6750): RS256 only, the
 * identity provider's issuer, the calendar audience, expiry and not-before, keys from the issuer's JWKS, and
 * the scope each route needs. Tokens reach it only through the identity provider's token exchange by the API.
 */
import { decideRole, rolesFromClaims } from '@sentinel/domain';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';

/** Seconds of clock skew tolerated on exp and nbf. */
export const CLOCK_TOLERANCE_SECONDS = 5;

export type CalendarCaller = {
  readonly sub: string;
  readonly scopes: ReadonlySet<string>;
  /** §6 an administrator reads the whole appointment schedule. */
  readonly seesAll: boolean;
};

export type TokenCheck =
  | { readonly ok: true; readonly caller: CalendarCaller }
  | { readonly ok: false; readonly reason: 'missing' | 'invalid' };

export type CalendarVerifier = (authorization: string | undefined) => Promise<TokenCheck>;

export type VerifierOptions = {
  readonly issuer: string;
  readonly audience: string;
  /** The JWKS URL, or a key getter (tests). */
  readonly keys: string | JWTVerifyGetKey;
  /** The clock, in tests. */
  readonly now?: () => Date;
};

/** The bearer token of an Authorization header; tokens in query strings are never read. */
export function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer[ ]+([A-Za-z0-9\-_.~+/]+=*)$/i.exec(authorization?.trim() ?? '');
  return match?.[1];
}

export function createCalendarVerifier(options: VerifierOptions): CalendarVerifier {
  const keys =
    typeof options.keys === 'string'
      ? createRemoteJWKSet(new URL(options.keys), { cooldownDuration: 30_000, timeoutDuration: 5_000 })
      : options.keys;
  return async (authorization) => {
    const token = bearerToken(authorization);
    if (!token) return { ok: false, reason: 'missing' };
    try {
      const { payload } = await jwtVerify(token, keys, {
        issuer: options.issuer,
        audience: options.audience,
        algorithms: ['RS256'],
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        requiredClaims: ['sub', 'exp'],
        ...(options.now ? { currentDate: options.now() } : {}),
      });
      const scopes = new Set(
        (typeof payload.scope === 'string' ? payload.scope : '').split(' ').filter(Boolean),
      );
      const seesAll = decideRole({ roles: rolesFromClaims(payload) }) === 'admin';
      return { ok: true, caller: { sub: payload.sub ?? '', scopes, seesAll } };
    } catch {
      // Which check failed stays in the service: the caller only learns that the token is not valid.
      return { ok: false, reason: 'invalid' };
    }
  };
}
