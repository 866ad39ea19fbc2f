/**
 * Token exchange (RFC 8693) as a stolen access token would try it: only the API's confidential client may
 * exchange, only while the sign-in behind the subject token is alive (not logged out, refresh family not
 * revoked), never for longer than the subject token lives, never a token that itself came from an exchange; and
 * the exchanged token still says how the user signed in (amr).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_TOTP_SECRET, PERSONAS, PERSONA_LIST, type Persona } from '@sentinel/demo-data';
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMemoryDirectory } from './directory/memory';
import { startIdp, type RunningIdp } from './server';
import { API_CLIENT_ID, PORTAL_CLIENT_ID, type IdpSettings } from './settings';
import { authorizeUrl, Browser, currentTotp, formAction, newPkce, PORTAL, REDIRECT_URI } from './testClient';
import { ACCESS_TOKEN_TYPE, createTokenExchangeHandler, SESSION_CLAIM } from './tokenExchange';

const API = 'https://api.sentinel-health.example';
const CALENDAR = 'urn:sentinel:calendar';
const TE = 'urn:ietf:params:oauth:grant-type:token-exchange';

type Tokens = { access_token: string; id_token: string; refresh_token?: string };
type Exchanged = { access_token: string; expires_in: number; scope: string };
type OAuthError = { error: string; error_description?: string };

let dataDir: string;
let idp: RunningIdp | undefined;

async function start(extra: Partial<IdpSettings> = {}) {
  idp = await startIdp(
    {
      port: 0,
      host: 'localhost',
      portalOrigin: PORTAL,
      extraRedirectUris: [],
      apiAudience: API,
      dataDir,
      ...extra,
    },
    { accounts: PERSONA_LIST, silent: true },
  );
  return idp;
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-idp-exchange-'));
});

afterEach(async () => {
  vi.useRealTimers();
  await idp?.close();
  idp = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
  body: new URLSearchParams(fields),
});

/** Signs in through the provider's pages as the portal does; returns the browser and the portal's tokens. */
async function signIn(running: RunningIdp, persona: Persona) {
  const browser = new Browser(running.url);
  const pkce = newPkce();
  const page = await (await browser.follow(authorizeUrl(pkce))).res.text();
  let done = await browser.postForm(formAction(page), { email: persona.email, password: persona.password });
  if (persona.mfa) {
    const codePage = await done.res.text();
    done = await browser.postForm(formAction(codePage), { code: currentTotp(DEMO_TOTP_SECRET) });
  }
  expect(done.url.origin).toBe(PORTAL);
  const res = await fetch(
    `${running.url}/oauth/token`,
    form({
      grant_type: 'authorization_code',
      client_id: PORTAL_CLIENT_ID,
      code: done.url.searchParams.get('code') ?? '',
      code_verifier: pkce.verifier,
      redirect_uri: REDIRECT_URI,
    }),
  );
  expect(res.status).toBe(200);
  return { browser, tokens: (await res.json()) as Tokens };
}

const refresh = (running: RunningIdp, refreshToken: string) =>
  fetch(
    `${running.url}/oauth/token`,
    form({ grant_type: 'refresh_token', client_id: PORTAL_CLIENT_ID, refresh_token: refreshToken }),
  );

const apiSecret = async () =>
  (JSON.parse(await readFile(path.join(dataDir, 'api-client.json'), 'utf8')) as { client_secret: string })
    .client_secret;

/** What the API's token vault sends (apps/api/src/vault/exchange.ts): client_secret_basic, the caller's token. */
async function exchangeAsApi(running: RunningIdp, fields: Record<string, string>, audience = CALENDAR) {
  const secret = await apiSecret();
  return fetch(`${running.url}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`${API_CLIENT_ID}:${secret}`).toString('base64')}`,
    },
    body: new URLSearchParams({
      grant_type: TE,
      subject_token_type: ACCESS_TOKEN_TYPE,
      requested_token_type: ACCESS_TOKEN_TYPE,
      audience,
      scope: 'calendar:read',
      ...fields,
    }),
  });
}

/** The portal's Log out, in its two halves (apps/portal AuthSession): revoke the refresh token, end the session. */
const revokeRefreshToken = (running: RunningIdp, refreshToken: string) =>
  fetch(`${running.url}/oauth/revoke`, form({ client_id: PORTAL_CLIENT_ID, token: refreshToken }));

async function endProviderSession(browser: Browser) {
  const q = new URLSearchParams({ client_id: PORTAL_CLIENT_ID, returnTo: `${PORTAL}/` });
  const html = await (await browser.follow(`/v2/logout?${q}`)).res.text();
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const done = await browser.postForm(formAction(html), { xsrf, logout: 'yes' });
  expect(done.url.href).toBe(`${PORTAL}/`);
}

async function expectRefused(res: Response, error: string) {
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/application\/json/);
  expect(((await res.json()) as OAuthError).error).toBe(error);
}

describe('who may exchange', () => {
  it('the portal, a public client, may not use token exchange at all', async () => {
    const running = await start();
    const { tokens } = await signIn(running, PERSONAS.jane);
    // A stolen portal access token renewed by exchange, for the API or for the calendar.
    for (const audience of [API, CALENDAR]) {
      const res = await fetch(
        `${running.url}/oauth/token`,
        form({
          grant_type: TE,
          client_id: PORTAL_CLIENT_ID,
          subject_token_type: ACCESS_TOKEN_TYPE,
          subject_token: tokens.access_token,
          audience,
        }),
      );
      // oidc-provider's answer for a grant type outside the client's list.
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: 'invalid_request',
        error_description: 'requested grant type is not allowed for this client',
      });
    }
  });

  it('the handler itself refuses a client without a secret, whatever the client list says', async () => {
    const handler = createTokenExchangeHandler({
      directory: await createMemoryDirectory(PERSONA_LIST),
      issuer: 'http://localhost:4000/',
      apiAudience: API,
      calendarAudience: CALENDAR,
      jwks: { keys: [] },
    });
    const params = { subject_token: 'x', subject_token_type: ACCESS_TOKEN_TYPE, audience: CALENDAR };
    for (const client of [
      { clientId: PORTAL_CLIENT_ID, clientAuthMethod: 'none' },
      { clientId: API_CLIENT_ID, clientAuthMethod: 'none' },
      { clientId: 'another-confidential-client', clientAuthMethod: 'client_secret_basic' },
    ]) {
      const ctx = { oidc: { params, client } } as unknown as KoaContextWithOIDC;
      await expect(handler(ctx), client.clientId).rejects.toMatchObject({ error: 'unauthorized_client' });
    }
  });
});

describe('only while the sign-in lives', () => {
  it('exchange after logout is refused: the session ended, the access token has not expired yet', async () => {
    const running = await start();
    const { browser, tokens } = await signIn(running, PERSONAS.jane);
    expect((await exchangeAsApi(running, { subject_token: tokens.access_token })).status).toBe(200);
    // The provider's half of Log out alone (as when the portal's revoke call did not get through): it ends the
    // session and revokes the grant.
    await endProviderSession(browser);
    await expectRefused(
      await exchangeAsApi(running, { subject_token: tokens.access_token }),
      'invalid_grant',
    );
  });

  it('a subject token whose provider session is gone (idled out, past 14 days) is refused, its grant alive', async () => {
    const running = await start();
    const { tokens } = await signIn(running, PERSONAS.jane);
    const sessionUid = String(decodeJwt(tokens.access_token)[SESSION_CLAIM]);
    // What the store does once the session's time is up (config.ts ttl.Session), short of waiting for it.
    await (await running.provider.Session.findByUid(sessionUid))?.destroy();
    expect(await running.provider.Session.findByUid(sessionUid)).toBeUndefined();
    await expectRefused(
      await exchangeAsApi(running, { subject_token: tokens.access_token }),
      'invalid_grant',
    );
  });

  it('exchange after the refresh token is revoked (the portal half of Log out) is refused', async () => {
    const running = await start();
    const { tokens } = await signIn(running, PERSONAS.john);
    expect((await revokeRefreshToken(running, tokens.refresh_token ?? '')).status).toBe(200);
    await expectRefused(
      await exchangeAsApi(running, { subject_token: tokens.access_token }),
      'invalid_grant',
    );
  });

  it('exchange after family revocation is refused, for every access token of the family', async () => {
    const running = await start();
    const { tokens } = await signIn(running, PERSONAS.jane);
    const first = tokens.refresh_token ?? '';
    const res = await refresh(running, first);
    expect(res.status).toBe(200);
    const next = (await res.json()) as Tokens;
    // A refreshed access token belongs to the live sign-in: the vault may exchange it.
    expect((await exchangeAsApi(running, { subject_token: next.access_token })).status).toBe(200);
    // A thief replays the rotated refresh token: reuse detection revokes the family.
    expect((await refresh(running, first)).status).toBe(400);
    for (const subject of [tokens.access_token, next.access_token]) {
      await expectRefused(await exchangeAsApi(running, { subject_token: subject }), 'invalid_grant');
    }
  });

  it('a new sign-in after a logout exchanges again', async () => {
    const running = await start();
    const { browser, tokens } = await signIn(running, PERSONAS.jane);
    await revokeRefreshToken(running, tokens.refresh_token ?? '');
    await endProviderSession(browser);
    const again = await signIn(running, PERSONAS.jane);
    expect((await exchangeAsApi(running, { subject_token: again.tokens.access_token })).status).toBe(200);
  });
});

describe('what the exchanged token is', () => {
  it('never outlives its subject token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const running = await start();
    const { tokens } = await signIn(running, PERSONAS.jane);
    const subjectExp = decodeJwt(tokens.access_token).exp ?? 0;
    // Two minutes before the access token runs out: the calendar token gets those two minutes, not five.
    vi.setSystemTime(Date.now() + 58 * 60_000);
    const res = await exchangeAsApi(running, { subject_token: tokens.access_token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Exchanged;
    expect(body.expires_in).toBeGreaterThan(0);
    expect(body.expires_in).toBeLessThanOrEqual(120);
    expect(decodeJwt(body.access_token).exp).toBeLessThanOrEqual(subjectExp);
  });

  it('lives 5 minutes when the subject token lives longer', async () => {
    const running = await start();
    const { tokens } = await signIn(running, PERSONAS.jane);
    const body = (await (
      await exchangeAsApi(running, { subject_token: tokens.access_token })
    ).json()) as Exchanged;
    expect(body.expires_in).toBe(300);
  });

  it('carries over how the user signed in (amr), with the API named as the actor', async () => {
    const running = await start();
    const alice = (await signIn(running, PERSONAS.alice)).tokens;
    const jane = (await signIn(running, PERSONAS.jane)).tokens;
    const jwks = createRemoteJWKSet(new URL('.well-known/jwks.json', running.issuer));
    for (const [subject, amr] of [
      [alice.access_token, ['pwd', 'otp']],
      [jane.access_token, ['pwd']],
    ] as const) {
      const body = (await (await exchangeAsApi(running, { subject_token: subject })).json()) as Exchanged;
      const { payload } = await jwtVerify(body.access_token, jwks, {
        issuer: running.issuer,
        audience: CALENDAR,
        algorithms: ['RS256'],
      });
      expect(payload.amr).toEqual(amr);
      expect(payload.act).toEqual({ sub: API_CLIENT_ID });
    }
  });

  it('is not itself exchangeable, even where it is valid for the API audience', async () => {
    // A deployment whose calendar audience is the API's: exchanged tokens then pass the audience check.
    const running = await start({ calendarAudience: API });
    const { tokens } = await signIn(running, PERSONAS.jane);
    const res = await exchangeAsApi(running, { subject_token: tokens.access_token }, API);
    expect(res.status).toBe(200);
    const exchanged = ((await res.json()) as Exchanged).access_token;
    await expectRefused(await exchangeAsApi(running, { subject_token: exchanged }, API), 'invalid_grant');
  });

  it('a forged subject token, a refresh token or an id token as subject is refused with a JSON error', async () => {
    const running = await start();
    const { tokens } = await signIn(running, PERSONAS.jane);
    const forged = `${tokens.access_token.slice(0, -4)}AAAA`;
    await expectRefused(await exchangeAsApi(running, { subject_token: forged }), 'invalid_grant');
    await expectRefused(await exchangeAsApi(running, { subject_token: tokens.id_token }), 'invalid_grant');
    await expectRefused(
      await exchangeAsApi(running, {
        subject_token: tokens.refresh_token ?? '',
        subject_token_type: 'urn:ietf:params:oauth:token-type:refresh_token',
      }),
      'invalid_request',
    );
  });
});
