/**
 * OAuth 2.0 Token Exchange (RFC 8693) for the token vault: the API (confidential client `sentinel-api`, and only
 * it) exchanges a caller's API access token for a calendar-scoped token: audience = the calendar audience, scope
 * within calendar:read calendar:write and within the user's permissions, same subject and sign-in methods (amr).
 * A stolen access token must not outlive itself through exchange, so the subject token must belong to a sign-in
 * that is still alive (its grant, i.e. refresh token family, and its provider session both exist), the exchanged
 * token expires with it (5 minutes at most), and a token that came from an exchange is never a subject.
 * Only `access_token` subject and requested token types are supported; anything else gets a JSON OAuth error.
 */
import { CALENDAR_SCOPES } from '@sentinel/domain/contract';
import { CLAIM_NAMESPACE } from '@sentinel/domain';
import { createTokenCheck } from '@sentinel/server-kit';
import type { JWK, JWTPayload } from 'jose';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import type { AccountDirectory } from './directory/types';
import { API_CLIENT_ID, TOKEN_EXCHANGE_GRANT } from './settings';

export const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
export const TOKEN_EXCHANGE_PARAMETERS = [
  'subject_token',
  'subject_token_type',
  'requested_token_type',
  'audience',
  'resource',
  'scope',
  'actor_token',
  'actor_token_type',
];
/** Exchanged tokens live 5 minutes, or less when their subject token runs out sooner. */
export const EXCHANGED_TOKEN_TTL = 5 * 60;

/**
 * Claims of the API access tokens issued by sign-in and refresh (config.ts extraTokenClaims) that tie a token to
 * its sign-in: the grant (revoked with its refresh token family: Log out's revoke, reuse detection) and the
 * provider session (ended by Log out, idles out, lasts 14 days at most). Opaque ids, no credentials: neither is
 * accepted anywhere a token or cookie is.
 */
export const GRANT_CLAIM = `${CLAIM_NAMESPACE}grant`;
export const SESSION_CLAIM = `${CLAIM_NAMESPACE}session`;

/**
 * The permission of the user each calendar scope needs (Auth0's RBAC: a token's scopes never exceed the user's
 * permissions), so a patient's calendar token can read but never write.
 */
export const CALENDAR_SCOPE_PERMISSIONS: Readonly<Record<(typeof CALENDAR_SCOPES)[number], string>> = {
  'calendar:read': 'read:appointments',
  'calendar:write': 'write:appointments',
};

/**
 * The sign-in methods of each exchanged token's subject, for extraTokenClaims (config.ts): an exchange has no
 * code or refresh token to read them from.
 */
const subjectAmr = new WeakMap<object, string[]>();

/** The amr an exchanged access token carries over from its subject token; undefined for any other token. */
export const exchangedTokenAmr = (token: object): string[] | undefined => subjectAmr.get(token);

const publicJwk = ({ kty, n, e, kid, alg, use }: JWK): JWK => ({ kty, n, e, kid, alg, use });

const words = (value: unknown) =>
  String(value ?? '')
    .split(' ')
    .filter(Boolean);

/** Whether the sign-in the subject token was issued for still lives: its grant and its session both exist. */
async function signInAlive(provider: KoaContextWithOIDC['oidc']['provider'], claims: JWTPayload) {
  const grantId = claims[GRANT_CLAIM];
  const sessionUid = claims[SESSION_CLAIM];
  if (typeof grantId !== 'string' || typeof sessionUid !== 'string') return false;
  // Both are dropped once expired (the adapter and the models check `exp`), so finding them means alive.
  const [grant, session] = await Promise.all([
    provider.Grant.find(grantId),
    provider.Session.findByUid(sessionUid),
  ]);
  if (!grant || !session) return false;
  const clientId = String(claims.client_id);
  return (
    grant.accountId === claims.sub &&
    grant.clientId === clientId &&
    session.accountId === claims.sub &&
    // A session signed in again after its grant was revoked has a new grant; the old family's tokens stay dead.
    session.grantIdFor(clientId) === grantId
  );
}

export function createTokenExchangeHandler(options: {
  /** The directory the subject token's user must still be in (and not blocked). */
  directory: Pick<AccountDirectory, 'find'>;
  issuer: string;
  apiAudience: string;
  calendarAudience: string;
  jwks: { keys: JWK[] };
}) {
  // The server kit's check, as every resource server's: RS256 only, issuer, the API as audience, sub and exp,
  // and the RFC 9068 access-token type. No leeway: an expired subject token is refused outright.
  const checkSubjectToken = createTokenCheck({
    issuer: options.issuer,
    audience: options.apiAudience,
    keys: { keys: options.jwks.keys.map(publicJwk) },
    typ: 'at+jwt',
    clockToleranceSeconds: 0,
  });

  return async function tokenExchange(ctx: KoaContextWithOIDC): Promise<void> {
    const { params, client, provider } = ctx.oidc;
    if (!params || !client) throw new errors.InvalidRequest('token exchange needs an authenticated client');
    // The client list allows the grant to the API only; this holds even if a list is ever widened by mistake.
    if (client.clientId !== API_CLIENT_ID || !client.clientAuthMethod || client.clientAuthMethod === 'none') {
      throw new errors.UnauthorizedClient('only the API may exchange tokens');
    }
    const subjectToken = typeof params.subject_token === 'string' ? params.subject_token : '';
    if (!subjectToken) throw new errors.InvalidRequest("missing required parameter 'subject_token'");
    if (params.subject_token_type !== ACCESS_TOKEN_TYPE) {
      throw new errors.InvalidRequest(`subject_token_type must be ${ACCESS_TOKEN_TYPE}`);
    }
    if (params.requested_token_type !== undefined && params.requested_token_type !== ACCESS_TOKEN_TYPE) {
      throw new errors.InvalidRequest(`requested_token_type must be ${ACCESS_TOKEN_TYPE}`);
    }
    if (params.actor_token !== undefined) throw new errors.InvalidRequest('actor_token is not supported');
    const audience = (params.audience ?? params.resource ?? options.calendarAudience) as string;
    if (audience !== options.calendarAudience) throw new errors.InvalidTarget(`unknown audience ${audience}`);

    const checked = await checkSubjectToken(subjectToken);
    if (!checked.ok) throw new errors.InvalidGrant('subject_token is invalid or expired');
    const claims = checked.payload;
    // The API exchanges the tokens its callers sent it: a user's token from sign-in or refresh, never one that
    // came from an exchange (RFC 8693 `act` marks those), or a chain of 5-minute tokens would never end.
    if (claims.client_id === API_CLIENT_ID || claims.act !== undefined)
      throw new errors.InvalidGrant('subject_token must be a user access token for the API');
    const persona = typeof claims.sub === 'string' ? await options.directory.find(claims.sub) : undefined;
    if (!persona || persona.blocked) throw new errors.InvalidGrant('subject_token subject is unknown');
    if (!(await signInAlive(provider, claims)))
      throw new errors.InvalidGrant('the sign-in of subject_token has ended');

    const asked = typeof params.scope === 'string' ? words(params.scope) : ['calendar:read'];
    const permissions: readonly string[] = persona.permissions;
    const grantable = (s: string) =>
      Object.hasOwn(CALENDAR_SCOPE_PERMISSIONS, s) &&
      permissions.includes(CALENDAR_SCOPE_PERMISSIONS[s as keyof typeof CALENDAR_SCOPE_PERMISSIONS]);
    const beyond = asked.filter((s) => !grantable(s));
    if (beyond.length || asked.length === 0)
      throw new errors.InvalidScope('requested scope is not available to the user', beyond.join(' '));
    const scope = [...new Set(asked)].join(' ');

    // The check refused an expired subject token, so at least a second is left.
    const subjectLeft = (claims.exp ?? 0) - Math.floor(Date.now() / 1000);
    // JWT access tokens are not stored, so the exchanged token records a synthetic grant id naming its source.
    const token = new provider.AccessToken({
      accountId: persona.sub,
      client,
      scope,
      grantId: `token-exchange:${String(claims.jti ?? '')}`,
      gty: TOKEN_EXCHANGE_GRANT,
      expiresIn: Math.max(1, Math.min(EXCHANGED_TOKEN_TTL, subjectLeft)),
    });
    token.resourceServer = new provider.ResourceServer(audience, {
      audience,
      scope: CALENDAR_SCOPES.join(' '),
      accessTokenTTL: EXCHANGED_TOKEN_TTL,
      accessTokenFormat: 'jwt',
      jwt: { sign: { alg: 'RS256' } },
    });
    const amr = Array.isArray(claims.amr) ? claims.amr.filter((m) => typeof m === 'string') : [];
    if (amr.length) subjectAmr.set(token, amr);
    ctx.oidc.entity('AccessToken', token);
    const value = await token.save();
    ctx.body = {
      access_token: value,
      issued_token_type: ACCESS_TOKEN_TYPE,
      token_type: 'Bearer',
      expires_in: token.expiration,
      scope,
    };
  };
}
