/**
 * The 14-day sign-in lifetime (config.ts, SIGN_IN_LIFETIME_SECONDS) counted from the password, whatever comes
 * after it: silent sign-ins, sign-ins that ask for offline access, a grant made again. And Log out ending the
 * provider's session ends every refresh token family of the sign-in. Driven on a fake clock (Date only: the
 * provider, its file store and jose read the time from it; timers and sockets run).
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PERSONAS, PERSONA_LIST } from '@sentinel/demo-data';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_LIFETIME_SECONDS } from './config';
import { startIdp, type RunningIdp } from './server';
import { PORTAL_CLIENT_ID } from './settings';
import { authorizeUrl, Browser, formAction, newPkce, PORTAL, REDIRECT_URI, type Pkce } from './testClient';

const API = 'https://api.sentinel-health.example';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** The portal's keep-alive: while its user is active it renews the access token at least this often. */
const REFRESH_EVERY = 30 * MINUTE;
/** A fixed start, so that the days below fall on the same instants in every run. */
const SIGNED_IN_AT = Date.UTC(2026, 10, 2, 8, 0, 0);

let dataDir: string;
let idp: RunningIdp | undefined;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-idp-lifetime-'));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(SIGNED_IN_AT);
});

afterEach(async () => {
  vi.useRealTimers();
  await idp?.close();
  idp = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

async function start() {
  idp = await startIdp(
    { port: 0, host: 'localhost', portalOrigin: PORTAL, extraRedirectUris: [], apiAudience: API, dataDir },
    { accounts: PERSONA_LIST, silent: true },
  );
  return idp;
}

const at = (ms: number) => vi.setSystemTime(ms);

type Tokens = { access_token: string; refresh_token?: string };
type Family = { refreshToken: string; accessToken: string };

async function tokenRequest(base: string, fields: Record<string, string>) {
  return fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
    body: new URLSearchParams({ client_id: PORTAL_CLIENT_ID, ...fields }),
  });
}

/** Exchanges the code an authorize redirect brought back to the portal: the start of a refresh token family. */
async function exchange(base: string, back: URL, pkce: Pkce): Promise<Family> {
  const code = back.searchParams.get('code');
  expect(code, back.href).toBeTruthy();
  const res = await tokenRequest(base, {
    grant_type: 'authorization_code',
    code: code ?? '',
    code_verifier: pkce.verifier,
    redirect_uri: REDIRECT_URI,
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const tokens = (await res.json()) as Tokens;
  expect(tokens.refresh_token).toBeTruthy();
  return { refreshToken: tokens.refresh_token ?? '', accessToken: tokens.access_token };
}

/** The password sign-in at SIGNED_IN_AT (a patient: no second factor) and its first family. */
async function passwordSignIn(running: RunningIdp) {
  expect(PERSONAS.jane.mfa).toBe(false);
  const browser = new Browser(running.url);
  const pkce = newPkce();
  const start = await browser.follow(authorizeUrl(pkce));
  expect(start.url.pathname).toMatch(/^\/interaction\//);
  const { url } = await browser.postForm(formAction(await start.res.text()), {
    email: PERSONAS.jane.email,
    password: PERSONAS.jane.password,
  });
  expect(url.origin).toBe(PORTAL);
  return { browser, family: await exchange(running.url, url, pkce) };
}

/** A sign-in on the provider's live session, without a password: silent (prompt=none) or asking for consent. */
async function sessionSignIn(running: RunningIdp, browser: Browser, prompt: 'none' | 'consent') {
  const pkce = newPkce();
  const { url } = await browser.follow(authorizeUrl(pkce, { prompt }));
  expect(url.origin, url.href).toBe(PORTAL);
  return exchange(running.url, url, pkce);
}

/** The portal's refresh; resolves the next family member, or the refusal's status and error. */
async function refresh(running: RunningIdp, family: Family) {
  const res = await tokenRequest(running.url, {
    grant_type: 'refresh_token',
    refresh_token: family.refreshToken,
  });
  const body = (await res.json()) as Tokens & { error?: string };
  if (res.status !== 200) return { status: res.status, error: body.error };
  family.refreshToken = body.refresh_token ?? '';
  family.accessToken = body.access_token;
  return { status: res.status, error: undefined };
}

/**
 * A user at work: every 30 minutes until `until`, each family is refreshed (the portal's keep-alive) and the
 * provider's pages are visited (a silent sign-in that is not exchanged). Every step must succeed.
 */
async function keepAlive(running: RunningIdp, browser: Browser, families: Family[], until: number) {
  while (Date.now() + REFRESH_EVERY <= until) {
    at(Date.now() + REFRESH_EVERY);
    for (const family of families) {
      const result = await refresh(running, family);
      expect(result, `refresh at day ${(Date.now() - SIGNED_IN_AT) / DAY}`).toEqual({
        status: 200,
        error: undefined,
      });
    }
    const visit = await browser.follow(authorizeUrl(newPkce(), { prompt: 'none' }));
    expect(visit.url.searchParams.get('code'), visit.url.href).toBeTruthy();
  }
}

/** The revocation the portal's Log out sends first (it revokes the grant the token belongs to). */
async function revoke(running: RunningIdp, family: Family) {
  const res = await fetch(`${running.url}/oauth/revoke`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
    body: new URLSearchParams({
      client_id: PORTAL_CLIENT_ID,
      token: family.refreshToken,
      token_type_hint: 'refresh_token',
    }),
  });
  expect(res.status).toBe(200);
}

/** Log out in another tab: the provider's logout page (a same-site navigation) and its form; ends the session. */
async function endSession(browser: Browser) {
  const q = new URLSearchParams({ client_id: PORTAL_CLIENT_ID, returnTo: `${PORTAL}/` });
  const page = await browser.follow(`/v2/logout?${q}`, { headers: { 'sec-fetch-site': 'same-site' } });
  const html = await page.res.text();
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const done = await browser.postForm(formAction(html), { xsrf, logout: 'yes' });
  expect(done.url.href).toBe(`${PORTAL}/`);
}

const END = SIGNED_IN_AT + SIGN_IN_LIFETIME_SECONDS * 1000;
/** "Day 13.9": the last half-hour step before 13.9 days, some two and a half hours before the end. */
const SHORTLY_BEFORE_END = SIGNED_IN_AT + Math.floor((13.9 * DAY) / REFRESH_EVERY) * REFRESH_EVERY;

/** Everything that could still sign the user in, a minute past the end: all of it must be refused. */
async function expectAllRefused(running: RunningIdp, browser: Browser, families: Family[]) {
  at(END + MINUTE);
  for (const family of families) {
    expect(await refresh(running, family)).toEqual({ status: 400, error: 'invalid_grant' });
  }
  const silent = await browser.follow(authorizeUrl(newPkce(), { prompt: 'none' }));
  expect(silent.url.searchParams.get('error')).toBe('login_required');
}

/**
 * What the provider keeps for the sign-in (its file store, adapter.ts: one table per model, each entry with the
 * instant it expires): no session, grant or refresh token, consumed or not, is kept past the sign-in's end. The
 * refusals a minute past the end show what the provider does; this shows that each part holds on its own, not
 * only the session that the others are bound to.
 */
async function expectNothingStoredPast(end: number) {
  for (const model of ['Session', 'Grant', 'RefreshToken']) {
    const table = JSON.parse(await readFile(path.join(dataDir, 'store', `${model}.json`), 'utf8')) as Record<
      string,
      { expiresAt?: number }
    >;
    const entries = Object.values(table);
    expect(entries.length, model).toBeGreaterThan(0);
    for (const { expiresAt } of entries) {
      expect(expiresAt, model).toBeDefined();
      expect(
        expiresAt ?? Infinity,
        `${model} expires ${((expiresAt ?? 0) - end) / MINUTE} min after the end`,
      ).toBeLessThanOrEqual(end);
    }
  }
}

describe('the 14-day sign-in lifetime counts from the password', () => {
  it('a silent sign-in shortly before day 14 starts a family that ends with the original sign-in, as does the session', async () => {
    const running = await start();
    const { browser, family: first } = await passwordSignIn(running);
    await keepAlive(running, browser, [first], SHORTLY_BEFORE_END);
    const second = await sessionSignIn(running, browser, 'none');
    // Still at work: both families and the session live up to the last half hour before the end...
    await keepAlive(running, browser, [first, second], END - MINUTE);
    expect(END - Date.now()).toBeLessThanOrEqual(REFRESH_EVERY);
    await expectNothingStoredPast(END);
    // ...and none of them a minute past it.
    await expectAllRefused(running, browser, [first, second]);
  }, 180_000);

  it('a sign-in asking for offline access (prompt=consent) on a grant made again near day 14 ends with the original sign-in', async () => {
    const running = await start();
    const { browser, family: first } = await passwordSignIn(running);
    await keepAlive(running, browser, [first], SHORTLY_BEFORE_END);
    // The grant goes (a revoked refresh token takes its grant along) while the provider's session stays: the
    // next sign-in on that session makes a new grant, and prompt=consent asks for offline access besides.
    await revoke(running, first);
    const second = await sessionSignIn(running, browser, 'consent');
    await keepAlive(running, browser, [second], END - MINUTE);
    await expectNothingStoredPast(END);
    await expectAllRefused(running, browser, [second]);
  }, 180_000);

  it('no access token outlives the sign-in: one issued in its last half hour expires with it', async () => {
    const running = await start();
    const { browser, family } = await passwordSignIn(running);
    await keepAlive(running, browser, [family], END - MINUTE);
    const { exp } = decodeJwt(family.accessToken);
    expect(exp).toBeDefined();
    expect((exp ?? Infinity) * 1000).toBeLessThanOrEqual(END);
    expect((exp ?? 0) * 1000).toBeGreaterThan(Date.now());
  }, 180_000);
});

describe("Log out in another tab ends the provider's session, and with it every family of the sign-in", () => {
  it('a family from the sign-in is refused once the session has ended', async () => {
    const running = await start();
    const { browser, family } = await passwordSignIn(running);
    await endSession(browser);
    expect(await refresh(running, family)).toEqual({ status: 400, error: 'invalid_grant' });
  });

  it('a family that asked for offline access (prompt=consent) is refused once the session has ended', async () => {
    const running = await start();
    const { browser } = await passwordSignIn(running);
    const offline = await sessionSignIn(running, browser, 'consent');
    expect(await refresh(running, offline)).toEqual({ status: 200, error: undefined });
    await endSession(browser);
    expect(await refresh(running, offline)).toEqual({ status: 400, error: 'invalid_grant' });
  });
});
