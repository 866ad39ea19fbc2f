/**
 * Starts the embedded identity provider: a node:http server in front of oidc-provider that rewrites Auth0's
 * parameter names (`audience` -> `resource`, `returnTo` -> `post_logout_redirect_uri`), serves the sign-in
 * interaction, keeps CORS headers for the portal origin only, and forbids framing of every page but the silent
 * sign-in's web_message answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';
import { createMailer, type Mailer } from '@sentinel/server-kit';
import type { Account } from './accounts';
import { createAccountPages } from './accountPages';
import { createMemoryDirectory } from './directory/memory';
import type { AccountDirectory } from './directory/types';
import { buildConfiguration, portalRedirectUris, sessionTtl } from './config';
import { createFileAdapter } from './adapter';
import { loadOrCreateApiClient } from './apiClient';
import { createClientAddress } from './clientAddress';
import { createInteractionHandler } from './interactions';
import { createPasskeyScriptHandler, relyingPartyOf } from './passkeys';
import { loadOrCreateKeys } from './keys';
import { createDeviceCheck } from './newDevice';
import { createManagementHandler } from './management/handler';
import { createTokenExchangeHandler, TOKEN_EXCHANGE_PARAMETERS } from './tokenExchange';
import { createSignInGuard, type SignInGuard } from './rateLimit';
import { createTotpVerifier } from './totp';
import {
  API_CLIENT_ID,
  DEFAULT_CALENDAR_AUDIENCE,
  issuerFor,
  PORTAL_CLIENT_ID,
  TOKEN_EXCHANGE_GRANT,
  type IdpSettings,
} from './settings';

export type RunningIdp = {
  /** Base URL without a trailing slash (what auth0-spa-js takes as `domain`). */
  url: string;
  /** Issuer with the trailing slash (the `iss` claim). */
  issuer: string;
  port: number;
  provider: Provider;
  /** The accounts this provider signs in (the Management API and the account pages change them). */
  directory: AccountDirectory;
  close(): Promise<void>;
};

/** Rewrites Auth0 parameter names to the OpenID Connect ones oidc-provider reads. */
export function rewriteAuth0Url(rawUrl: string): string {
  const url = new URL(rawUrl, 'http://localhost');
  const q = url.searchParams;
  if (url.pathname === '/authorize' && q.has('audience') && !q.has('resource')) {
    q.set('resource', q.get('audience') ?? '');
    q.delete('audience');
  }
  if (url.pathname === '/v2/logout') {
    if (q.has('returnTo') && !q.has('post_logout_redirect_uri')) {
      q.set('post_logout_redirect_uri', q.get('returnTo') ?? '');
      q.delete('returnTo');
    }
    if (q.has('post_logout_redirect_uri') && !q.has('client_id') && !q.has('id_token_hint')) {
      q.set('client_id', PORTAL_CLIENT_ID);
    }
  }
  return `${url.pathname}${url.search}`;
}

export type IdpOptions = {
  /**
   * Who may sign in: a directory (main.ts opens the data folder's, seeded with the demo personas on first
   * start), or a list of accounts kept in memory for this run (tests). A directory given here is closed with
   * the provider.
   */
  directory?: AccountDirectory;
  accounts?: readonly Account[];
  guard?: SignInGuard;
  silent?: boolean;
  /**
   * Sends the account pages' mails (reset links) and the new-device notices; by default through SMTP_URL
   * (MailDev, smtp://localhost:1025).
   */
  mailer?: Mailer;
  /** Where audit lines of sign-ins go (a recovery code used); console.info by default, none when silent. */
  log?: (line: string) => void;
};

export async function startIdp(settings: IdpSettings, options: IdpOptions): Promise<RunningIdp> {
  // Built first: a seed list with a duplicate e-mail or subject stops the start with its message.
  const directory = options.directory ?? (await createMemoryDirectory(options.accounts ?? []));
  const keys = await loadOrCreateKeys(settings.dataDir);
  const apiClient = settings.apiClientSecret
    ? { client_id: API_CLIENT_ID, client_secret: settings.apiClientSecret }
    : await loadOrCreateApiClient(settings.dataDir);
  const store = createFileAdapter(settings.dataDir);
  const guard = options.guard ?? createSignInGuard();
  // Built before listening: a wrong IDP_TRUSTED_PROXIES stops the start with its message.
  const clientAddress = createClientAddress(settings.trustedProxies ?? []);
  const totp = await createTotpVerifier(settings.dataDir);

  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(503).end();
  };
  const server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = issuerFor(settings, port);

  const provider = new Provider(
    issuer,
    buildConfiguration(settings, keys, store.Adapter, directory, apiClient),
  );
  provider.proxy = false;

  // Token exchange (RFC 8693) for the assistant's token vault.
  provider.registerGrantType(
    TOKEN_EXCHANGE_GRANT,
    createTokenExchangeHandler({
      directory,
      issuer,
      apiAudience: settings.apiAudience,
      calendarAudience: settings.calendarAudience ?? DEFAULT_CALENDAR_AUDIENCE,
      jwks: keys.jwks,
    }),
    TOKEN_EXCHANGE_PARAMETERS,
  );

  // No page of the provider may be framed (clickjacking a sign-in or a logout), except the silent sign-in's
  // web_message answer, which the portal's hidden iframe must load: oidc-provider's web_message renderer takes
  // these headers off that one response (it runs only once the redirect URI is checked against the client's
  // list), and the origin it posts the answer to, the portal's, is then named as its only possible framer.
  provider.use(async (ctx, next) => {
    ctx.set('x-frame-options', 'DENY');
    ctx.set('content-security-policy', "frame-ancestors 'none'");
    await next();
    const params = ctx.oidc?.params;
    if (params?.response_mode !== 'web_message' || ctx.response.get('x-frame-options')) return;
    const framer = URL.canParse(String(params.redirect_uri))
      ? new URL(String(params.redirect_uri)).origin
      : settings.portalOrigin;
    const kept = ctx.response
      .get('content-security-policy')
      .split(';')
      .map((directive) => directive.trim())
      .filter((directive) => directive && !directive.startsWith('frame-ancestors'));
    ctx.set('content-security-policy', [...kept, `frame-ancestors ${framer}`].join('; '));
  });
  provider.use(async (ctx, next) => {
    await next();
    const origin = ctx.get('origin');
    // CORS for the portal origin only (discovery and JWKS would otherwise answer any origin).
    if (origin && origin !== settings.portalOrigin) {
      for (const name of Object.keys(ctx.response.headers)) {
        if (name.startsWith('access-control-')) ctx.remove(name);
      }
    }
    // auth0-spa-js falls back to the silent iframe when it reads "invalid refresh token".
    const body = ctx.body as { error?: string; error_description?: string } | undefined;
    if (
      ctx.path === '/oauth/token' &&
      body?.error === 'invalid_grant' &&
      ctx.oidc?.params?.grant_type === 'refresh_token'
    ) {
      ctx.body = { ...body, error_description: 'Unknown or invalid refresh token.' };
    }
  });
  // A refresh keeps the session its token is bound to alive: the session idles out (config.ts,
  // SESSION_IDLE_SECONDS) only when neither the provider's pages nor the portal's refreshes use it.
  provider.use(async (ctx, next) => {
    await next();
    const refreshed = ctx.oidc?.entities.RefreshToken;
    if (ctx.oidc?.route !== 'token' || ctx.status !== 200 || !refreshed?.sessionUid) return;
    if (ctx.oidc.params?.grant_type !== 'refresh_token') return;
    const session = await provider.Session.findByUid(refreshed.sessionUid);
    if (session) await session.save(sessionTtl(session));
  });
  if (!options.silent) provider.on('server_error', (_ctx, error) => console.error('[idp]', error));

  // Sign-in redirects back to the portal: its origins (and any extra redirect URIs') may follow a form post.
  const redirectOrigins = [...new Set(portalRedirectUris(settings).map((uri) => new URL(uri).origin))];
  const mailer = options.mailer ?? createMailer();
  const log = options.log ?? (options.silent ? undefined : (line: string) => console.info(line));
  // The device cookie and the "new sign-in from a new device" mail (newDevice.ts).
  const deviceCheck = createDeviceCheck({
    directory,
    mailer,
    issuer,
    clientAddress,
    ...(options.silent ? { onError: () => undefined } : {}),
  });
  const interactions = createInteractionHandler(provider, {
    directory,
    guard,
    formActionOrigins: redirectOrigins,
    clientAddress,
    totp,
    mfaRequiredRoles: settings.mfaRequiredRoles ?? [],
    deviceCheck,
    ...(log ? { log } : {}),
    relyingParty: relyingPartyOf(issuer),
  });
  const passkeyScript = await createPasskeyScriptHandler();
  // The Management API subset (/api/v2/) for the API's user management.
  const management = createManagementHandler({
    directory,
    issuer,
    jwks: keys.jwks,
    revokeAccount: (sub) => store.revokeAccount(sub),
    silent: options.silent ?? false,
  });
  // Invitation and reset links and "Forgot password?" (accountPages.ts).
  const accountPages = createAccountPages({
    directory,
    issuer,
    portalUrl: settings.portalOrigin,
    clientAddress,
    mailer,
    endSessions: (sub) => store.revokeAccount(sub),
    csrfSecret: keys.cookieKeys[0],
  });
  const callback = provider.callback();
  handler = (req, res) => {
    // No answer of the provider tells another site where the browser came from: the account pages carry a
    // link's ticket in their address, and a link or redirect from any page must not hand it on. same-origin,
    // not no-referrer: under no-referrer a browser posts its forms with `Origin: null`, and the pages refuse
    // a post whose Origin is not the provider's.
    res.setHeader('referrer-policy', 'same-origin');
    req.url = rewriteAuth0Url(req.url ?? '/');
    management(req, res)
      .then((handled) => handled || passkeyScript(req, res))
      .then((handled) => handled || interactions(req, res))
      .then((handled) => handled || accountPages(req, res))
      .then((handled) => {
        if (!handled) return callback(req, res);
        return undefined;
      })
      .catch((error: unknown) => {
        if (!options.silent) console.error('[idp]', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('Internal error');
      });
  };

  return {
    url: issuer.replace(/\/$/, ''),
    issuer,
    port,
    provider,
    directory,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await Promise.all([store.flush(), totp.flush()]);
      await Promise.all([accountPages.settled(), deviceCheck.settled()]);
      await directory.close();
    },
  };
}
