/**
 * oidc-provider configuration shaped after what the unmodified @auth0/auth0-spa-js needs
 * (REQ-auth-provider: Auth0 route names, JWT RS256 access tokens for the API audience, namespaced
 * roles and permissions claims, refresh token rotation, web_message response mode, client-based CORS for the
 * portal origin only, renamed cookies, no consent step and a logout without confirmation.
 */
import type { Adapter, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { errors } from 'oidc-provider';
import {
  accountClaims,
  authorizationClaims,
  PERMISSIONS_CLAIM,
  ROLES_CLAIM,
  SPECIALIZATIONS_CLAIM,
} from './accounts';
import type { AccountDirectory } from './directory/types';
import type { ApiClientCredentials } from './apiClient';
import type { IdpKeys } from './keys';
import { MANAGEMENT_SCOPES, MANAGEMENT_TOKEN_SECONDS, managementAudience } from './management/scopes';
import { errorPage, logoutPage, signedOutPage } from './pages';
import { exchangedTokenAmr, GRANT_CLAIM, SESSION_CLAIM } from './tokenExchange';
import {
  API_CLIENT_ID,
  API_SCOPES,
  COOKIE_PREFIX,
  OIDC_SCOPES,
  PORTAL_CLIENT_ID,
  TOKEN_EXCHANGE_GRANT,
  type IdpSettings,
} from './settings';

/** How long an API access token lives: the portal renews it with its refresh token when it runs out. */
export const ACCESS_TOKEN_SECONDS = 60 * 60;
/** The portal's automatic logoff after this long without activity (packages/ui IDLE_TIMEOUT). */
export const PORTAL_IDLE_LOGOFF_SECONDS = 15 * 60;
/**
 * Server-side idle limit of refresh tokens and provider sessions: a portal in use renews its access token when
 * it runs out and, while its user is active, at least every 30 minutes (apps/portal SessionKeepAlive), and it
 * signs out after 15 idle minutes, so a refresh token unused for longer than the access token's life and the
 * logoff together belongs to no open portal (a tab closed without Log out, or a copy): it expires. Sessions of the
 * provider's own pages idle out after the same time, so a user coming back later gives password (and code)
 * again instead of being signed straight back in.
 */
export const SESSION_IDLE_SECONDS = ACCESS_TOKEN_SECONDS + PORTAL_IDLE_LOGOFF_SECONDS;
/**
 * However active, a sign-in lasts 14 days at most: refresh tokens, grants, sessions and access tokens, counted
 * from the password (the session's loginTs, which only a sign-in with the password sets; a silent sign-in or one
 * asking for consent on the live session keeps it, and the codes and refresh tokens it issues carry it as
 * authTime).
 */
export const SIGN_IN_LIFETIME_SECONDS = 14 * 24 * 60 * 60;

/**
 * What is left of a sign-in started at `startedAt` (seconds since the epoch; unknown: all of it). At least a
 * second: oidc-provider takes only positive lifetimes (a token one second from its end is as good as expired;
 * one past it is refused before a new one is made).
 */
export function signInTimeLeft(nowSeconds: number, startedAt: number | undefined): number {
  const left =
    startedAt === undefined ? SIGN_IN_LIFETIME_SECONDS : startedAt + SIGN_IN_LIFETIME_SECONDS - nowSeconds;
  return Math.max(1, left);
}

/**
 * The lifetime to give a refresh token or session saved now: the idle limit, but never past the sign-in's
 * lifetime counted from `startedAt` (the password sign-in: a session's loginTs, a refresh token's authTime).
 */
export function idleLimitedTtl(nowSeconds: number, startedAt: number | undefined): number {
  return Math.min(SESSION_IDLE_SECONDS, signInTimeLeft(nowSeconds, startedAt));
}

/**
 * When the sign-in behind a refresh token began: the password's time it carries (authTime, the session's
 * loginTs when its code was issued), or, for a token without one, its family's first issue (iiat). A family
 * started by a silent sign-in on day 13 thus ends with the password sign-in of day 0, not on day 27.
 */
export function refreshTokenSignInStart(token: { authTime?: number; iiat?: number }): number | undefined {
  const known = [token.authTime, token.iiat].filter((t): t is number => typeof t === 'number');
  return known.length ? Math.min(...known) : undefined;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

const isClientCredentials = (ctx: KoaContextWithOIDC) =>
  ctx.oidc.route === 'token' && ctx.oidc.params?.grant_type === 'client_credentials';

/** The lifetime of a provider session saved now (config's ttl.Session, and each refresh bound to it). */
export const sessionTtl = (session: { loginTs?: number }) => idleLimitedTtl(nowSeconds(), session.loginTs);

/** The URIs the portal may come back to after sign-in and sign-out. */
export function portalRedirectUris(
  settings: Pick<IdpSettings, 'portalOrigin' | 'extraRedirectUris'>,
): string[] {
  return [...new Set([settings.portalOrigin, `${settings.portalOrigin}/`, ...settings.extraRedirectUris])];
}

export function buildConfiguration(
  settings: IdpSettings,
  keys: IdpKeys,
  adapter: new (name: string) => Adapter,
  directory: AccountDirectory,
  apiClient?: ApiClientCredentials,
): Configuration {
  const apiScope = API_SCOPES.join(' ');
  const redirectUris = portalRedirectUris(settings);

  return {
    adapter,
    jwks: keys.jwks as Configuration['jwks'],
    clients: [
      {
        client_id: PORTAL_CLIENT_ID,
        client_name: 'Sentinel Health portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        redirect_uris: redirectUris,
        post_logout_redirect_uris: redirectUris,
        response_types: ['code'],
        // No token exchange: a public client could renew a stolen access token with it (the API's client only).
        grant_types: ['authorization_code', 'refresh_token'],
        id_token_signed_response_alg: 'RS256',
      },
      // The API, server side: it exchanges its callers' access tokens for calendar-scoped ones, and manages
      // users through the Management API with a client-credentials token (for that audience only).
      ...(apiClient
        ? [
            {
              client_id: API_CLIENT_ID,
              client_secret: apiClient.client_secret,
              client_name: 'Sentinel Health API (token vault)',
              application_type: 'web' as const,
              // The auth0 SDK sends the secret in the body (client_secret_post), the token vault as Basic:
              // oidc-provider takes either for a client registered with one of them.
              token_endpoint_auth_method: 'client_secret_basic' as const,
              redirect_uris: [],
              response_types: [],
              grant_types: [TOKEN_EXCHANGE_GRANT, 'client_credentials'],
            },
          ]
        : []),
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    routes: {
      authorization: '/authorize',
      token: '/oauth/token',
      end_session: '/v2/logout',
      jwks: '/.well-known/jwks.json',
      userinfo: '/userinfo',
      revocation: '/oauth/revoke',
    },
    scopes: [...OIDC_SCOPES],
    claims: {
      openid: ['sub', 'amr', ROLES_CLAIM, PERMISSIONS_CLAIM],
      profile: [
        'name',
        'given_name',
        'family_name',
        'picture',
        'specialization',
        'department',
        SPECIALIZATIONS_CLAIM,
      ],
      email: ['email', 'email_verified'],
    },
    conformIdTokenClaims: false,
    // A blocked (suspended) or deleted account is unknown here, so oidc-provider refuses its refresh tokens
    // and ends its sessions' silent sign-ins at once (REQ-auth: suspension takes effect at the provider).
    async findAccount(_ctx, sub) {
      const account = await directory.find(sub);
      if (!account || account.blocked) return undefined;
      return { accountId: account.sub, claims: () => accountClaims(account) as { sub: string } };
    },
    async extraTokenClaims(ctx, token) {
      const account =
        'accountId' in token && token.accountId ? await directory.find(token.accountId) : undefined;
      if (!account || account.blocked) return undefined;
      const exchanged = token.kind === 'AccessToken' && token.gty === TOKEN_EXCHANGE_GRANT;
      // The API reports whether the sign-in used a second factor (REQ-auth MFA): the methods come from the
      // code or refresh token the access token is issued for, which carry the login's amr, or for an
      // exchanged token from its subject token.
      const { AuthorizationCode: code, RefreshToken: refresh } = ctx.oidc.entities;
      const amr = exchanged ? exchangedTokenAmr(token) : (refresh?.amr ?? code?.amr);
      // RFC 8693 REQ-auth-token-exchange: a token the API obtained by exchange names the API as the party
      // acting for the user.
      const acting = exchanged && token.clientId === API_CLIENT_ID ? { act: { sub: API_CLIENT_ID } } : {};
      // A token from sign-in or refresh names its grant and session, so that an exchange can check that the
      // sign-in still lives (tokenExchange.ts); an exchanged token names neither and so is never exchanged.
      const signIn =
        token.kind === 'AccessToken' && !exchanged && token.grantId && token.sessionUid
          ? { [GRANT_CLAIM]: token.grantId, [SESSION_CLAIM]: token.sessionUid }
          : {};
      return { ...authorizationClaims(account), ...(amr ? { amr } : {}), ...acting, ...signIn };
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          // Fetch Metadata: the portal's Log out is a same-site navigation and signs out at once; from another
          // site (or a browser that does not say) the page asks first, so no link elsewhere can sign anyone out.
          const site = ctx.get('sec-fetch-site');
          ctx.body = logoutPage(form, { autoSubmit: site === 'same-origin' || site === 'same-site' });
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = signedOutPage();
        },
      },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        async defaultResource(ctx, _client, oneOf) {
          // Auth0 names the API of a client-credentials request `audience` (the auth0 SDK sends that, never
          // `resource`); without one, the Management API, the only audience that grant may have here.
          if (isClientCredentials(ctx)) {
            const audience = (ctx.oidc.body as { audience?: unknown } | undefined)?.audience;
            return typeof audience === 'string' ? audience : managementAudience(ctx.oidc.provider.issuer);
          }
          return oneOf ?? settings.apiAudience;
        },
        useGrantedResource: () => true,
        async getResourceServerInfo(ctx, resourceIndicator, client) {
          // The Management API: only the API's client, only by client credentials. A user's sign-in can never
          // obtain a token for it, and the API's client cannot obtain a user API token without a user.
          if (resourceIndicator === managementAudience(ctx.oidc.provider.issuer)) {
            if (client.clientId !== API_CLIENT_ID || !isClientCredentials(ctx)) {
              throw new errors.InvalidTarget('the Management API is for the API client only');
            }
            // As Auth0 does, a request that names no scope gets every scope of the client's grant (the auth0
            // SDK names none). oidc-provider reads the requested scopes after this call.
            const params = ctx.oidc.params;
            if (params && params.scope === undefined) params.scope = MANAGEMENT_SCOPES.join(' ');
            return {
              scope: MANAGEMENT_SCOPES.join(' '),
              audience: resourceIndicator,
              accessTokenTTL: MANAGEMENT_TOKEN_SECONDS,
              accessTokenFormat: 'jwt',
              jwt: { sign: { alg: 'RS256' } },
            };
          }
          if (resourceIndicator !== settings.apiAudience || isClientCredentials(ctx)) {
            throw new errors.InvalidTarget(`unknown audience ${resourceIndicator}`);
          }
          return {
            scope: apiScope,
            audience: settings.apiAudience,
            accessTokenTTL: ACCESS_TOKEN_SECONDS,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      webMessageResponseMode: { enabled: true, ack: 'individual-draft-01' },
    },
    interactions: {
      url: (_ctx, interaction) => `/interaction/${interaction.uid}`,
    },
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const { session, client, result } = ctx.oidc;
      if (!session?.accountId || !client) return undefined;
      const grantId =
        (result?.consent as { grantId?: string } | undefined)?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      const grant =
        existing ?? new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      // First-party client: everything it may ask for is granted without a consent screen.
      grant.addOIDCScope(OIDC_SCOPES.join(' '));
      grant.addResourceScope(settings.apiAudience, apiScope);
      await grant.save();
      return grant;
    },
    async issueRefreshToken(_ctx, client) {
      return client.grantTypeAllowed('refresh_token');
    },
    // Every code and token is bound to the provider's session, offline_access or not (oidc-provider's default
    // leaves a prompt=consent sign-in's tokens unbound and its grant standing after Log out): Log out, the idle
    // limit and the 14-day lifetime of the session end every refresh token family of the sign-in.
    expiresWithSession: async () => true,
    rotateRefreshToken: true,
    clientBasedCORS: (_ctx, origin, client) =>
      origin === settings.portalOrigin && client.clientId === PORTAL_CLIENT_ID,
    cookies: {
      names: {
        session: `${COOKIE_PREFIX}_session`,
        interaction: `${COOKIE_PREFIX}_interaction`,
        resume: `${COOKIE_PREFIX}_resume`,
      },
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', signed: true },
      short: { httpOnly: true, sameSite: 'lax', signed: true },
    },
    ttl: {
      // An hour, but not past the sign-in's lifetime: the API accepts a JWT until its exp, so one issued in the
      // last hour would outlive the sign-in. The code or refresh token it is issued for names the sign-in's start.
      AccessToken: (ctx: KoaContextWithOIDC | undefined, token) => {
        const { AuthorizationCode: code, RefreshToken: refresh } = ctx?.oidc.entities ?? {};
        const startedAt = refresh ? refreshTokenSignInStart(refresh) : code?.authTime;
        const ttl = token.resourceServer?.accessTokenTTL ?? ACCESS_TOKEN_SECONDS;
        return Math.min(ttl, signInTimeLeft(nowSeconds(), startedAt));
      },
      AuthorizationCode: 60,
      // The Management API's token (client credentials): its resource server's lifetime.
      ClientCredentials: (_ctx, token) => token.resourceServer?.accessTokenTTL ?? MANAGEMENT_TOKEN_SECONDS,
      IdToken: 60 * 60,
      Interaction: 60 * 60,
      // Saved again on every visit to the provider's pages: idle limit, within the sign-in's lifetime.
      Session: (_ctx, session) => sessionTtl(session),
      // A grant is saved once with its lifetime (saving it again keeps its exp): made on a live session (a grant
      // made again after a revocation), it ends with the session's sign-in, not 14 days after it is made.
      // (No context when the sign-in interaction saves a grant, outside the provider's requests: all 14 days.)
      Grant: (ctx: KoaContextWithOIDC | undefined) =>
        signInTimeLeft(nowSeconds(), ctx?.oidc.session?.loginTs),
      // Each use rotates the token, and the new one gets the idle limit again, within the lifetime counted from
      // the password sign-in behind its family (refreshTokenSignInStart).
      RefreshToken: (_ctx, token) => idleLimitedTtl(nowSeconds(), refreshTokenSignInStart(token)),
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = errorPage(
        String(out.error),
        out.error_description ? String(out.error_description) : undefined,
      );
    },
  };
}
