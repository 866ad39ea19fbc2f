/**
 * The embedded identity provider for the security tests, started in process as main.ts starts it (its own
 * http server on a free port, the demo personas in an in-memory directory), with a mailer that keeps what it is
 * given and a known API client secret. Its address limits key on X-Forwarded-For from loopback, so a test
 * speaks from as many client addresses as it needs.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_AUDIENCE } from '@sentinel/api/testkit';
import { PERSONA_LIST, type Persona } from '@sentinel/demo-data';
import { startIdp, type IdpOptions, type RunningIdp } from '@sentinel/idp';
import { API_CLIENT_ID, PORTAL_CLIENT_ID } from '@sentinel/idp/settings';
import { authorizeUrl, Browser, formAction, newPkce, PORTAL } from '@sentinel/idp/testkit';

type Mailer = NonNullable<IdpOptions['mailer']>;
export type MailMessage = Parameters<Mailer['send']>[0];

export const API_CLIENT_SECRET = 'security-suite-api-client-secret-0123456789';

export type Provider = {
  readonly idp: RunningIdp;
  /** Every mail the provider sent, in order. */
  readonly mails: MailMessage[];
  readonly close: () => Promise<void>;
};

export async function startProvider(): Promise<Provider> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinel-security-idp-'));
  const mails: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      mails.push(message);
    },
  };
  const idp = await startIdp(
    {
      port: 0,
      host: 'localhost',
      portalOrigin: PORTAL,
      extraRedirectUris: [],
      apiAudience: TEST_AUDIENCE,
      apiClientSecret: API_CLIENT_SECRET,
      dataDir,
      trustedProxies: ['loopback'],
    },
    { accounts: PERSONA_LIST, silent: true, mailer },
  );
  return {
    idp,
    mails,
    close: async () => {
      await idp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The value of the first form's CSRF field on a page. */
export const csrfIn = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';

/** A form post from `browser` (its cookies), with extra headers (a client address, an Origin). */
export const postForm = (
  browser: Browser,
  where: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) =>
  browser.request(where, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  });

/** A persona's tokens (access and id) through the sign-in pages, as the portal gets them; no second factor. */
export async function userTokens(
  idp: RunningIdp,
  persona: Persona,
): Promise<{ accessToken: string; idToken: string }> {
  const browser = new Browser(idp.url);
  const pkce = newPkce();
  const start = await browser.follow(authorizeUrl(pkce));
  const done = await browser.postForm(formAction(await start.res.text()), {
    email: persona.email,
    password: persona.password,
  });
  const code = done.url.searchParams.get('code');
  if (!code) throw new Error(`${persona.email} did not come back with a code`);
  const response = await fetch(`${idp.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: PORTAL_CLIENT_ID,
      code,
      code_verifier: pkce.verifier,
      redirect_uri: PORTAL,
    }),
  });
  if (!response.ok) throw new Error(`the code exchange failed: ${response.status}`);
  const tokens = (await response.json()) as { access_token: string; id_token: string };
  return { accessToken: tokens.access_token, idToken: tokens.id_token };
}

/** A client-credentials request of the API's client (what the API's ManagementClient sends). */
export function clientCredentials(idp: RunningIdp, fields: Record<string, string> = {}) {
  return fetch(`${idp.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: API_CLIENT_ID,
      client_secret: API_CLIENT_SECRET,
      audience: `${idp.issuer}api/v2/`,
      ...fields,
    }),
  });
}

/** A Management API token of the API's client, with every scope of its grant or those named. */
export async function managementToken(idp: RunningIdp, scope?: string): Promise<string> {
  const response = await clientCredentials(idp, scope ? { scope } : {});
  if (!response.ok) throw new Error(`client credentials failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { access_token: string }).access_token;
}
