/**
 * OAuth 2.0 Token Exchange (RFC 8693) for the assistant's token vault: a client holding one of our API access
 * tokens exchanges it for a fresh, short-lived access token for the API audience, narrowed to the requested
 * scopes, carrying the same roles and permissions. Only `access_token` subject and requested token types are
 * supported; anything else gets a JSON OAuth error.
 */
import { createLocalJWKSet, jwtVerify, type JWK } from 'jose';
import { errors, type KoaContextWithOIDC } from 'oidc-provider';
import { findPersona } from './accounts';
import { API_SCOPES, TOKEN_EXCHANGE_GRANT } from './settings';

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

const publicJwk = ({ kty, n, e, kid, alg, use }: JWK): JWK => ({ kty, n, e, kid, alg, use });

export function createTokenExchangeHandler(options: {
  issuer: string;
  apiAudience: string;
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
    const audience = (params.audience ?? params.resource ?? options.apiAudience) as string;
    if (audience !== options.apiAudience) throw new errors.InvalidTarget(`unknown audience ${audience}`);

    let claims;
    try {
      ({ payload: claims } = await jwtVerify(subjectToken, keySet, {
        issuer: options.issuer,
        audience: options.apiAudience,
        algorithms: ['RS256'],
      }));
    } catch {
      throw new errors.InvalidGrant('subject_token is invalid or expired');
    }
    if (claims.client_id !== client.clientId)
      throw new errors.InvalidGrant('subject_token was issued to another client');
    const persona = typeof claims.sub === 'string' ? findPersona(claims.sub) : undefined;
    if (!persona) throw new errors.InvalidGrant('subject_token subject is unknown');

    const held = new Set(
      String(claims.scope ?? '')
        .split(' ')
        .filter(Boolean),
    );
    const asked = typeof params.scope === 'string' ? params.scope.split(' ').filter(Boolean) : [...held];
    const beyond = asked.filter((s) => !held.has(s) || !(API_SCOPES as readonly string[]).includes(s));
    if (beyond.length)
      throw new errors.InvalidScope('requested scope exceeds the subject token', beyond.join(' '));
    const scope = asked.join(' ');

    // JWT access tokens carry no grant id, so the exchanged token records a synthetic one naming its source.
    const grantId = `token-exchange:${String(claims.jti ?? '')}`;
    const token = new provider.AccessToken({
      accountId: persona.sub,
      client,
      scope,
      grantId,
      gty: TOKEN_EXCHANGE_GRANT,
    });
    token.resourceServer = new provider.ResourceServer(options.apiAudience, {
      audience: options.apiAudience,
      scope: API_SCOPES.join(' '),
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
