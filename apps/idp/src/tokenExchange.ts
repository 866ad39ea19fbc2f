/**
 * OAuth 2.0 Token Exchange (RFC 8693), two ways:
 * - the portal (public client) exchanges one of its API access tokens for a fresh, short-lived access token for
 *   the API audience, narrowed to the requested scopes, carrying the same roles and permissions;
 * - the API (confidential client `sentinel-api`) exchanges a caller's API access token for a calendar-scoped
 *   token (the token vault): audience = the calendar audience, scope within calendar:read calendar:write and
 *   within the user's permissions, same subject, 5 minutes.
 * Only `access_token` subject and requested token types are supported; anything else gets a JSON OAuth error.
 */
import { CALENDAR_SCOPES } from '@sentinel/domain/contract';
import { createLocalJWKSet, jwtVerify, type JWK, type JWTPayload } from 'jose';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { findPersona } from './accounts';
import { API_CLIENT_ID, API_SCOPES, TOKEN_EXCHANGE_GRANT } from './settings';

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
/** Exchanged tokens live 5 minutes. */
export const EXCHANGED_TOKEN_TTL = 5 * 60;

/**
 * The permission of the user each calendar scope needs (Auth0's RBAC: a token's scopes never exceed the user's
 * permissions), so a patient's calendar token can read but never write.
 */
export const CALENDAR_SCOPE_PERMISSIONS: Readonly<Record<(typeof CALENDAR_SCOPES)[number], string>> = {
  'calendar:read': 'read:appointments',
  'calendar:write': 'write:appointments',
};

const publicJwk = ({ kty, n, e, kid, alg, use }: JWK): JWK => ({ kty, n, e, kid, alg, use });

const words = (value: unknown) =>
  String(value ?? '')
    .split(' ')
    .filter(Boolean);

export function createTokenExchangeHandler(options: {
  issuer: string;
  apiAudience: string;
  calendarAudience: string;
  jwks: { keys: JWK[] };
}) {
  const keySet = createLocalJWKSet({ keys: options.jwks.keys.map(publicJwk) });

  return async function tokenExchange(ctx: KoaContextWithOIDC): Promise<void> {
    const { params, client, provider } = ctx.oidc;
    if (!params || !client) throw new errors.InvalidRequest('token exchange needs an authenticated client');
    const subjectToken = typeof params.subject_token === 'string' ? params.subject_token : '';
    if (!subjectToken) throw new errors.InvalidRequest("missing required parameter 'subject_token'");
    if (params.subject_token_type !== ACCESS_TOKEN_TYPE) {
      throw new errors.InvalidRequest(`subject_token_type must be ${ACCESS_TOKEN_TYPE}`);
    }
    if (params.requested_token_type !== undefined && params.requested_token_type !== ACCESS_TOKEN_TYPE) {
      throw new errors.InvalidRequest(`requested_token_type must be ${ACCESS_TOKEN_TYPE}`);
    }
    if (params.actor_token !== undefined) throw new errors.InvalidRequest('actor_token is not supported');
    const forApi = client.clientId === API_CLIENT_ID;
    // Each client reaches one audience: the portal the API, the API the calendar.
    const allowedAudience = forApi ? options.calendarAudience : options.apiAudience;
    const audience = (params.audience ?? params.resource ?? allowedAudience) as string;
    if (audience !== allowedAudience) throw new errors.InvalidTarget(`unknown audience ${audience}`);

    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(subjectToken, keySet, {
        issuer: options.issuer,
        audience: options.apiAudience,
        algorithms: ['RS256'],
      }));
    } catch {
      throw new errors.InvalidGrant('subject_token is invalid or expired');
    }
    // The portal may only exchange its own tokens; the API exchanges the tokens its callers sent it (any client
    // of ours that was issued a token for the API audience).
    if (!forApi && claims.client_id !== client.clientId)
      throw new errors.InvalidGrant('subject_token was issued to another client');
    if (forApi && claims.client_id === API_CLIENT_ID)
      throw new errors.InvalidGrant('subject_token must be a user access token for the API');
    const persona = typeof claims.sub === 'string' ? findPersona(claims.sub) : undefined;
    if (!persona) throw new errors.InvalidGrant('subject_token subject is unknown');

    let scope: string;
    let resourceScopes: readonly string[];
    if (forApi) {
      const asked = typeof params.scope === 'string' ? words(params.scope) : ['calendar:read'];
      const permissions: readonly string[] = persona.permissions;
      const grantable = (s: string) =>
        Object.hasOwn(CALENDAR_SCOPE_PERMISSIONS, s) &&
        permissions.includes(CALENDAR_SCOPE_PERMISSIONS[s as keyof typeof CALENDAR_SCOPE_PERMISSIONS]);
      const beyond = asked.filter((s) => !grantable(s));
      if (beyond.length || asked.length === 0)
        throw new errors.InvalidScope('requested scope is not available to the user', beyond.join(' '));
      scope = [...new Set(asked)].join(' ');
      resourceScopes = CALENDAR_SCOPES;
    } else {
      const held = new Set(words(claims.scope));
      const asked = typeof params.scope === 'string' ? words(params.scope) : [...held];
      const beyond = asked.filter((s) => !held.has(s) || !(API_SCOPES as readonly string[]).includes(s));
      if (beyond.length)
        throw new errors.InvalidScope('requested scope exceeds the subject token', beyond.join(' '));
      scope = asked.join(' ');
      resourceScopes = API_SCOPES;
    }

    // JWT access tokens carry no grant id, so the exchanged token records a synthetic one naming its source.
    const grantId = `token-exchange:${String(claims.jti ?? '')}`;
    const token = new provider.AccessToken({
      accountId: persona.sub,
      client,
      scope,
      grantId,
      gty: TOKEN_EXCHANGE_GRANT,
    });
    token.resourceServer = new provider.ResourceServer(audience, {
      audience,
      scope: resourceScopes.join(' '),
      accessTokenTTL: EXCHANGED_TOKEN_TTL,
      accessTokenFormat: 'jwt',
      jwt: { sign: { alg: 'RS256' } },
    });
    ctx.oidc.entity('AccessToken', token);
    const value = await token.save();
    ctx.body = {
      access_token: value,
      issued_token_type: ACCESS_TOKEN_TYPE,
      token_type: 'Bearer',
      expires_in: token.expiration,
      ...(scope ? { scope } : {}),
    };
  };
}
