/**
 * Test support for the token vault: the real identity provider (apps/idp) and the real calendar service
 * (apps/calendar) on free ports, API access tokens obtained through the provider's sign-in pages, and the vault
 * settings that point the API at both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startCalendarService, type RunningCalendar } from '@sentinel/calendar/testkit';
import { DEMO_TOTP_SECRET, PERSONAS, PERSONA_LIST, type PersonaKey } from '@sentinel/demo-data';
import { startIdp, type RunningIdp } from '@sentinel/idp';
import { authorizeUrl, Browser, currentTotp, formAction, newPkce, PORTAL } from '@sentinel/idp/testkit';
import { TEST_AUDIENCE } from '../testkit';
import { DEFAULT_CALENDAR_AUDIENCE, type VaultSettings } from './settings';

export type VaultStack = {
  readonly idp: RunningIdp;
  readonly calendar: RunningCalendar;
  readonly idpDataDir: string;
  /** The API's vault settings: this calendar, this provider's token exchange with the run-time secret file. */
  readonly settings: VaultSettings;
  /** An API access token of the persona, from a real sign-in (cached per persona). */
  readonly accessTokenOf: (who: PersonaKey) => Promise<string>;
  readonly close: () => Promise<void>;
};

async function signIn(idp: RunningIdp, who: PersonaKey): Promise<string> {
  const persona = PERSONAS[who];
  const browser = new Browser(idp.url);
  const pkce = newPkce();
  const start = await browser.follow(authorizeUrl(pkce));
  let final = await browser.postForm(formAction(await start.res.text()), {
    email: persona.email,
    password: persona.password,
  });
  if (persona.mfa) {
    final = await browser.postForm(formAction(await final.res.text()), {
      code: currentTotp(DEMO_TOTP_SECRET),
    });
  }
  const code = final.url.searchParams.get('code');
  if (!code) throw new Error(`sign-in of ${who} did not come back with a code`);
  const res = await fetch(`${idp.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: 'sentinel-portal',
      code,
      code_verifier: pkce.verifier,
      redirect_uri: PORTAL,
    }),
  });
  if (!res.ok) throw new Error(`code exchange of ${who} failed: ${res.status}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

export async function startVaultStack(): Promise<VaultStack> {
  const idpDataDir = mkdtempSync(path.join(tmpdir(), 'sentinel-api-vault-idp-'));
  const idp = await startIdp(
    {
      port: 0,
      host: 'localhost',
      portalOrigin: PORTAL,
      extraRedirectUris: [],
      apiAudience: TEST_AUDIENCE,
      dataDir: idpDataDir,
    },
    { accounts: PERSONA_LIST, silent: true },
  );
  const calendar = await startCalendarService({
    issuer: idp.issuer,
    keys: `${idp.url}/.well-known/jwks.json`,
  });
  const tokens = new Map<PersonaKey, Promise<string>>();
  return {
    idp,
    calendar,
    idpDataDir,
    settings: {
      calendarUrl: calendar.url,
      exchange: {
        tokenEndpoint: `${idp.url}/oauth/token`,
        audience: DEFAULT_CALENDAR_AUDIENCE,
        clientId: 'sentinel-api',
        clientSecret: { file: path.join(idpDataDir, 'api-client.json') },
      },
    },
    accessTokenOf: (who) => {
      const known = tokens.get(who);
      if (known) return known;
      const fresh = signIn(idp, who);
      tokens.set(who, fresh);
      return fresh;
    },
    close: async () => {
      await calendar.close();
      await idp.close();
      rmSync(idpDataDir, { recursive: true, force: true });
    },
  };
}
