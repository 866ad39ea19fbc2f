/**
 * Bearer-token checks of the calendar service (an OAuth 2.0 resource server, RFC 6750) on the server kit's JWT
 * verifier: RS256 only, the identity provider's issuer, the calendar audience, expiry and not-before, keys from
 * the issuer's JWKS; then the scopes the token carries, which each route checks. Tokens reach it only through
 * the identity provider's token exchange by the API.
 */
import { decideRole, rolesFromClaims } from '@sentinel/domain';
import { createJwtVerifier, type JwtVerifierOptions } from '@sentinel/server-kit';

export type CalendarCaller = {
  readonly sub: string;
  readonly scopes: ReadonlySet<string>;
  /** REQ-access-matrix an administrator reads the whole appointment schedule. */
  readonly seesAll: boolean;
};

export type TokenCheck =
  | { readonly ok: true; readonly caller: CalendarCaller }
  | { readonly ok: false; readonly reason: 'missing' | 'invalid' };

export type CalendarVerifier = (authorization: string | undefined) => Promise<TokenCheck>;

export type VerifierOptions = Pick<JwtVerifierOptions, 'issuer' | 'audience' | 'keys' | 'now'>;

export function createCalendarVerifier(options: VerifierOptions): CalendarVerifier {
  const verify = createJwtVerifier(options);
  return async (authorization) => {
    const check = await verify(authorization);
    if (!check.ok) return check;
    const { payload } = check;
    const scopes = new Set(
      (typeof payload.scope === 'string' ? payload.scope : '').split(' ').filter(Boolean),
    );
    const seesAll = decideRole({ roles: rolesFromClaims(payload) }) === 'admin';
    return { ok: true, caller: { sub: check.sub, scopes, seesAll } };
  };
}
