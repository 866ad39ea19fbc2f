import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildCurrentUser, CLAIM_NAMESPACE, validateIdToken } from '@sentinel/domain';
import { DEMO_TOTP_SECRET, PERSONAS, PERSONA_LIST, type Persona } from '@sentinel/demo-data';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFailureLimiter, createSignInGuard } from './rateLimit';
import { idleLimitedTtl, SESSION_IDLE_SECONDS, SIGN_IN_LIFETIME_SECONDS } from './config';
import { startIdp, type RunningIdp } from './server';
import { API_CLIENT_ID, PORTAL_CLIENT_ID, type IdpSettings } from './settings';
import {
  authorizeUrl,
  Browser,
  currentTotp,
  formAction,
  newPkce,
  PORTAL,
  REDIRECT_URI,
  type Pkce,
} from './testClient';

const API = 'https://api.sentinel-health.example';
const ROLES = `${CLAIM_NAMESPACE}roles`;
const PERMISSIONS = `${CLAIM_NAMESPACE}permissions`;

let dataDir: string;
let idp: RunningIdp | undefined;

const settings = (port = 0): IdpSettings => ({
  port,
  host: 'localhost',
  portalOrigin: PORTAL,
  extraRedirectUris: [],
  apiAudience: API,
  dataDir,
});

async function start(port = 0) {
  idp = await startIdp(settings(port), { accounts: PERSONA_LIST, silent: true });
  return idp;
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-idp-'));
});

afterEach(async () => {
  await idp?.close();
  idp = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

type Tokens = {
  access_token: string;
  id_token: string;
  refresh_token?: string;
  token_type: string;
  expires_in: number;
  scope?: string;
};

/** Signs in through the provider's pages; returns the code (or the last page when no code came back). */
async function signIn(browser: Browser, persona: Persona, pkce: Pkce, options: { code?: string } = {}) {
  const start = await browser.follow(authorizeUrl(pkce));
  expect(start.url.pathname).toMatch(/^\/interaction\//);
  const page = await start.res.text();
  expect(page).toContain('<label for="email">Email</label>');
  const afterPassword = await browser.postForm(formAction(page), {
    email: persona.email,
    password: persona.password,
  });
  let final = afterPassword;
  if (persona.mfa) {
    const codePage = await afterPassword.res.text();
    expect(codePage).toContain('<label for="code">Authentication code</label>');
    expect(codePage).toContain('>Verify</button>');
    final = await browser.postForm(formAction(codePage), {
      code: options.code ?? currentTotp(DEMO_TOTP_SECRET),
    });
  }
  return final;
}

async function exchangeCode(base: string, code: string, pkce: Pkce, origin = PORTAL) {
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin,
      'auth0-client': 'eyJuYW1lIjoidGVzdCJ9',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: PORTAL_CLIENT_ID,
      code,
      code_verifier: pkce.verifier,
      redirect_uri: REDIRECT_URI,
    }),
  });
  return res;
}

async function refresh(base: string, refreshToken: string) {
  return fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
    body: new URLSearchParams({
      grant_type: 'refresh_token',
      client_id: PORTAL_CLIENT_ID,
      refresh_token: refreshToken,
    }),
  });
}

/** Posts a form as the browser would, but from another loopback address (the provider limits by address). */
function postFrom(browser: Browser, action: string, localAddress: string, fields: Record<string, string>) {
  const url = new URL(action, browser.base);
  // The provider listens on localhost's IPv4 address; the loopback network answers from any 127.x address.
  url.hostname = '127.0.0.1';
  const body = new URLSearchParams(fields).toString();
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The provider's logout page for the portal, as the SDK's logout opens it (a same-site navigation). */
function openLogout(browser: Browser, returnTo = `${PORTAL}/`) {
  const q = new URLSearchParams({ client_id: PORTAL_CLIENT_ID, returnTo });
  return browser.follow(`/v2/logout?${q}`, { headers: { 'sec-fetch-site': 'same-site' } });
}

/** Submits the logout page's form, as its script does in a browser; resolves where that leads. */
function submitLogout(browser: Browser, html: string) {
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
  return browser.postForm(formAction(html), { xsrf, logout: 'yes' });
}

async function signInForTokens(running: RunningIdp, persona: Persona) {
  const browser = new Browser(running.url);
  const pkce = newPkce();
  const { url } = await signIn(browser, persona, pkce);
  expect(url.origin).toBe(PORTAL);
  expect(url.searchParams.get('state')).toBe(pkce.state);
  const code = url.searchParams.get('code') ?? '';
  const res = await exchangeCode(running.url, code, pkce);
  expect(res.status).toBe(200);
  return { browser, pkce, tokens: (await res.json()) as Tokens };
}

describe('sign-in with authorization code and PKCE', () => {
  it('a patient signs in with e-mail and password and gets a verified RS256 id token and API access token', async () => {
    const running = await start();
    const { pkce, tokens } = await signInForTokens(running, PERSONAS.jane);
    const jwks = createRemoteJWKSet(new URL('.well-known/jwks.json', running.issuer));

    expect(decodeProtectedHeader(tokens.id_token).alg).toBe('RS256');
    const id = await jwtVerify(tokens.id_token, jwks, {
      issuer: running.issuer,
      audience: PORTAL_CLIENT_ID,
      algorithms: ['RS256'],
    });
    expect(id.payload.iss).toBe(`http://localhost:${running.port}/`);
    expect(id.payload.nonce).toBe(pkce.nonce);
    expect(id.payload.sub).toBe(PERSONAS.jane.sub);
    expect(id.payload.email).toBe('jane.doe@example.com');
    expect(id.payload.name).toBe('Jane Doe');
    expect(id.payload.amr).toEqual(['pwd']);
    expect(id.payload[ROLES]).toEqual(['Patient']);
    expect(id.payload[PERMISSIONS]).toEqual([...PERSONAS.jane.permissions]);

    const at = await jwtVerify(tokens.access_token, jwks, {
      issuer: running.issuer,
      audience: API,
      algorithms: ['RS256'],
    });
    expect(at.payload.sub).toBe(PERSONAS.jane.sub);
    expect(at.payload[ROLES]).toEqual(['Patient']);
    expect(at.payload[PERMISSIONS]).toEqual([...PERSONAS.jane.permissions]);
    expect(String(at.payload.scope)).toContain('read:health_data');
    expect(tokens.refresh_token).toBeTruthy();

    const now = Math.floor(Date.now() / 1000);
    const checked = validateIdToken(tokens.id_token, {
      issuer: running.issuer,
      clientId: PORTAL_CLIENT_ID,
      nonce: pkce.nonce,
      now,
    });
    expect(checked.ok).toBe(true);
    const user = checked.ok ? buildCurrentUser(checked.value) : undefined;
    expect(user?.ok && user.value.role).toBe('patient');
    expect(user?.ok && user.value.permissions).toEqual([...PERSONAS.jane.permissions]);
  });

  it('a doctor signs in with password then a TOTP code, and the tokens say so (amr, role, specialization)', async () => {
    const running = await start();
    const { pkce, tokens } = await signInForTokens(running, PERSONAS.alice);
    const jwks = createRemoteJWKSet(new URL('.well-known/jwks.json', running.issuer));
    const id = await jwtVerify(tokens.id_token, jwks, { issuer: running.issuer, audience: PORTAL_CLIENT_ID });
    expect(id.payload.amr).toEqual(['pwd', 'otp']);
    expect(id.payload.specialization).toBe('Endocrinology');
    expect(id.payload[ROLES]).toEqual(['Doctor']);
    const checked = validateIdToken(tokens.id_token, {
      issuer: running.issuer,
      clientId: PORTAL_CLIENT_ID,
      nonce: pkce.nonce,
      now: Math.floor(Date.now() / 1000),
    });
    const user = checked.ok ? buildCurrentUser(checked.value) : undefined;
    expect(user?.ok && user.value.role).toBe('doctor');
    expect(user?.ok && user.value.specialization).toBe('Endocrinology');
    const at = await jwtVerify(tokens.access_token, jwks, { issuer: running.issuer, audience: API });
    expect(at.payload[PERMISSIONS]).toEqual([...PERSONAS.alice.permissions]);
    expect(at.payload.amr).toEqual(['pwd', 'otp']);
  });

  it('the admin signs in with TOTP and is an admin for the domain', async () => {
    const running = await start();
    const { tokens } = await signInForTokens(running, PERSONAS.sam);
    const checked = validateIdToken(tokens.id_token, {
      issuer: running.issuer,
      clientId: PORTAL_CLIENT_ID,
      now: Math.floor(Date.now() / 1000),
    });
    const user = checked.ok ? buildCurrentUser(checked.value) : undefined;
    expect(user?.ok && user.value.role).toBe('admin');
  });

  it('the Auth0 audience parameter is read as the resource: an unknown audience is refused', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const { url } = await browser.follow(authorizeUrl(newPkce(), { audience: 'https://evil.example' }));
    expect(url.origin).toBe(PORTAL);
    expect(url.searchParams.get('error')).toBe('invalid_target');
  });

  it('an authorization request without PKCE is refused', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const pkce = newPkce();
    const url = authorizeUrl(pkce).replace(/&code_challenge=[^&]+&code_challenge_method=S256/, '');
    const { res, url: landed } = await browser.follow(url);
    expect(landed.origin).toBe(PORTAL);
    expect(landed.searchParams.get('error')).toBe('invalid_request');
    expect(res.status).toBe(303);
  });

  it('a code exchanged with the wrong verifier gives a JSON invalid_grant error with the CORS header', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const pkce = newPkce();
    const { url } = await signIn(browser, PERSONAS.jane, pkce);
    const res = await exchangeCode(running.url, url.searchParams.get('code') ?? '', {
      ...pkce,
      verifier: newPkce().verifier,
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect(await res.json()).toMatchObject({ error: 'invalid_grant' });
  });
});

describe('wrong credentials and rate limiting', () => {
  it('the login page lets its form redirect back to the portal (Chromium applies form-action to redirects)', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const { res } = await browser.follow(authorizeUrl(newPkce()));
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`form-action 'self' ${PORTAL}(;| )`));
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('a wrong password shows "Wrong email or password." and gives no code', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const start1 = await browser.follow(authorizeUrl(newPkce()));
    const page = await start1.res.text();
    const { res, url } = await browser.postForm(formAction(page), {
      email: PERSONAS.jane.email,
      password: 'nope',
    });
    expect(res.status).toBe(401);
    expect(url.origin).not.toBe(PORTAL);
    const html = await res.text();
    expect(html).toContain('Wrong email or password.');
    expect(html).toContain('role="alert"');
    expect(html).toContain('value="jane.doe@example.com"');
  });

  it('an unknown e-mail gets the same message as a wrong password', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const page = await (await browser.follow(authorizeUrl(newPkce()))).res.text();
    const { res } = await browser.postForm(formAction(page), { email: 'nobody@example.com', password: 'x' });
    expect(await res.text()).toContain('Wrong email or password.');
  });

  it('a wrong TOTP code shows "That code is not valid. Try again." and gives no code', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const { res, url } = await signIn(browser, PERSONAS.ben, newPkce(), {
      code: '000000' === currentTotp(DEMO_TOTP_SECRET) ? '111111' : '000000',
    });
    expect(res.status).toBe(401);
    expect(url.origin).not.toBe(PORTAL);
    expect(await res.text()).toContain('That code is not valid. Try again.');
  });

  it('after 5 failed passwords the sixth attempt, even with the right password, is refused for 15 minutes', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const page = await (await browser.follow(authorizeUrl(newPkce()))).res.text();
    const action = formAction(page);
    for (let i = 0; i < 5; i += 1) {
      const { res } = await browser.postForm(action, { email: PERSONAS.john.email, password: `wrong-${i}` });
      expect(await res.text()).toContain('Wrong email or password.');
    }
    const { res, url } = await browser.postForm(action, {
      email: PERSONAS.john.email,
      password: PERSONAS.john.password,
    });
    expect(res.status).toBe(429);
    expect(url.origin).not.toBe(PORTAL);
    // The wait in seconds for clients, in minutes for people.
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    expect(Number(res.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
    expect(await res.text()).toContain('Too many attempts. Try again in 15 minutes.');
  });

  it('guessing one account from many addresses is stopped too (20 failures in 15 minutes)', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const page = await (await browser.follow(authorizeUrl(newPkce()))).res.text();
    const action = formAction(page);
    // 4 failures from each of 5 loopback addresses: no address reaches its own limit of 5.
    for (let i = 0; i < 20; i += 1) {
      const res = await postFrom(browser, action, `127.0.0.${2 + (i % 5)}`, {
        email: PERSONAS.john.email,
        password: `wrong-${i}`,
      });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const blocked = await postFrom(browser, action, '127.0.0.9', {
      email: PERSONAS.john.email,
      password: PERSONAS.john.password,
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.body).toContain('Too many attempts.');
    // Another account from those addresses is not held back.
    const other = await postFrom(browser, action, '127.0.0.9', {
      email: PERSONAS.jane.email,
      password: 'wrong',
    });
    expect(other.status).toBe(401);
  });

  it('one address trying many accounts (password spraying) is slowed down after 50 failures', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const page = await (await browser.follow(authorizeUrl(newPkce()))).res.text();
    const action = formAction(page);
    for (let i = 0; i < 50; i += 1) {
      const res = await postFrom(browser, action, '127.0.0.20', {
        email: `user${i}@example.com`,
        password: 'Summer2026!',
      });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    // The address may be a proxy with real people behind it: a right password is answered, a second later...
    const started = Date.now();
    const slowed = await postFrom(browser, action, '127.0.0.20', {
      email: PERSONAS.jane.email,
      password: PERSONAS.jane.password,
    });
    expect(slowed.status).toBe(303);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    // ...while the same person from another address signs in at once.
    const elsewhere = await postFrom(browser, action, '127.0.0.21', {
      email: PERSONAS.jane.email,
      password: PERSONAS.jane.password,
    });
    expect(elsewhere.status).toBe(303);
  });

  it('after 5 wrong authentication codes even the right code is refused for a while', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const { res } = await signIn(browser, PERSONAS.sam, newPkce(), { code: 'abcdef' });
    const page = await res.text();
    const action = formAction(page);
    for (let i = 0; i < 4; i += 1) {
      const again = await browser.postForm(action, { code: 'abcdef' });
      expect(await again.res.text()).toContain('That code is not valid. Try again.');
    }
    const last = await browser.postForm(action, { code: currentTotp(DEMO_TOTP_SECRET) });
    expect(last.res.status).toBe(429);
    expect(last.url.origin).not.toBe(PORTAL);
    expect(await last.res.text()).toContain('Too many attempts. Try again in 15 minutes.');
  });

  it('the guard counts per account and address, per account and per address, and a success clears only the account', () => {
    let now = 0;
    const guard = createSignInGuard({
      windowMs: 60_000,
      now: () => now,
      limits: { accountFromAddress: 2, account: 3, address: 4 },
    });
    guard.failed('pwd', 'a', 'ip1');
    guard.failed('pwd', 'a', 'ip1');
    expect(guard.retryAfter('pwd', 'a', 'ip1')).toBe(60);
    expect(guard.retryAfter('pwd', 'a', 'ip2')).toBe(0);
    // The code step is counted apart from the password step.
    expect(guard.retryAfter('otp', 'a', 'ip1')).toBe(0);
    now = 30_000;
    guard.failed('pwd', 'a', 'ip2');
    expect(guard.retryAfter('pwd', 'a', 'ip3')).toBe(30);
    guard.failed('pwd', 'b', 'ip1');
    expect(guard.retryAfter('pwd', 'c', 'ip1')).toBe(0);
    guard.failed('pwd', 'd', 'ip1');
    // The address past its limit is slowed down (a second per attempt), not blocked.
    expect(guard.retryAfter('pwd', 'c', 'ip1')).toBe(0);
    expect(guard.slowDown('ip1').delayMs).toBe(1_000);
    guard.succeeded('pwd', 'a', 'ip2');
    expect(guard.retryAfter('pwd', 'a', 'ip3')).toBe(0);
    // The address keeps its failures: a success for one account does not reset a spraying budget.
    now = 32_000;
    expect(guard.slowDown('ip1').delayMs).toBe(1_000);
    now = 60_001;
    expect(guard.slowDown('ip1').delayMs).toBe(0);
  });

  it('the limiter forgets keys whose failures left the window, however many there were', () => {
    let now = 0;
    const limiter = createFailureLimiter({ limit: 5, windowMs: 60_000, now: () => now });
    for (let i = 0; i < 10_000; i += 1) limiter.recordFailure(`203.0.113.${i}`);
    expect(limiter.size()).toBe(10_000);
    now = 60_001;
    limiter.recordFailure('198.51.100.1');
    expect(limiter.size()).toBe(1);
  });

  it('the limiter frees the key once the oldest failure leaves the window', () => {
    let now = 0;
    const limiter = createFailureLimiter({ limit: 2, windowMs: 10 * 60_000, now: () => now });
    limiter.recordFailure('k');
    now = 60_000;
    limiter.recordFailure('k');
    expect(limiter.blockedFor('k')).toBe(9);
    now = 10 * 60_000 + 1;
    expect(limiter.blockedFor('k')).toBe(0);
    limiter.recordFailure('k');
    limiter.reset('k');
    expect(limiter.blockedFor('k')).toBe(0);
  });

  it('a form posted for another interaction than the browser cookie is refused (CSRF)', async () => {
    const running = await start();
    const victim = new Browser(running.url);
    const attacker = new Browser(running.url);
    const attackerPage = await (await attacker.follow(authorizeUrl(newPkce()))).res.text();
    await victim.follow(authorizeUrl(newPkce()));
    const { res, url } = await victim.postForm(formAction(attackerPage), {
      email: PERSONAS.jane.email,
      password: PERSONAS.jane.password,
    });
    expect(res.status).toBe(400);
    expect(url.origin).not.toBe(PORTAL);
  });
});

describe('refresh tokens', () => {
  it('a refresh returns a new id token and a rotated refresh token; reusing the old one fails', async () => {
    const running = await start();
    const { tokens } = await signInForTokens(running, PERSONAS.jane);
    const first = tokens.refresh_token ?? '';
    const res = await refresh(running.url, first);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(PORTAL);
    const next = (await res.json()) as Tokens;
    expect(next.id_token).toBeTruthy();
    expect(next.access_token).toBeTruthy();
    expect(next.refresh_token).toBeTruthy();
    expect(next.refresh_token).not.toBe(first);
    const jwks = createRemoteJWKSet(new URL('.well-known/jwks.json', running.issuer));
    const at = await jwtVerify(next.access_token, jwks, { issuer: running.issuer, audience: API });
    expect(at.payload[ROLES]).toEqual(['Patient']);
    // The refreshed access token still says how the user signed in.
    expect(at.payload.amr).toEqual(['pwd']);

    const replay = await refresh(running.url, first);
    expect(replay.status).toBe(400);
    const body = (await replay.json()) as { error: string; error_description: string };
    expect(body.error).toBe('invalid_grant');
    expect(body.error_description.toLowerCase()).toContain('invalid refresh token');
    // Reuse detection: the whole grant is revoked, so the rotated token stops working too.
    expect((await refresh(running.url, next.refresh_token ?? '')).status).toBe(400);
  });

  it('reusing a token rotated two generations back revokes the whole family, newest included', async () => {
    const running = await start();
    const { tokens } = await signInForTokens(running, PERSONAS.jane);
    const generations = [tokens.refresh_token ?? ''];
    for (let i = 0; i < 3; i += 1) {
      const res = await refresh(running.url, generations.at(-1) ?? '');
      expect(res.status).toBe(200);
      generations.push(((await res.json()) as Tokens).refresh_token ?? '');
    }
    expect(new Set(generations).size).toBe(4);
    // A thief replays the second token: refused, and every token of the family with it.
    expect((await refresh(running.url, generations[1] ?? '')).status).toBe(400);
    for (const [i, token] of generations.entries()) {
      const res = await refresh(running.url, token);
      expect(res.status, `generation ${i}`).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe('invalid_grant');
    }
    // A fresh sign-in starts a new family that works.
    const again = await signInForTokens(running, PERSONAS.jane);
    expect((await refresh(running.url, again.tokens.refresh_token ?? '')).status).toBe(200);
  });

  it('a revoked refresh token can no longer be used', async () => {
    const running = await start();
    const { tokens } = await signInForTokens(running, PERSONAS.john);
    const revoke = await fetch(`${running.url}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
      body: new URLSearchParams({ client_id: PORTAL_CLIENT_ID, token: tokens.refresh_token ?? '' }),
    });
    expect(revoke.status).toBe(200);
    expect((await refresh(running.url, tokens.refresh_token ?? '')).status).toBe(400);
  });

  it('keys, the session and a refresh token survive a restart on the same data folder', async () => {
    const running = await start();
    const port = running.port;
    const { browser, tokens } = await signInForTokens(running, PERSONAS.jane);
    const jwksBefore = await (await fetch(`${running.url}/.well-known/jwks.json`)).json();
    await running.close();
    idp = undefined;

    const keysFile = await stat(path.join(dataDir, 'keys.json'));
    expect(keysFile.mode & 0o077).toBe(0);
    expect(JSON.parse(await readFile(path.join(dataDir, 'keys.json'), 'utf8')).jwks.keys[0].d).toBeTruthy();

    const again = await start(port);
    expect(await (await fetch(`${again.url}/.well-known/jwks.json`)).json()).toEqual(jwksBefore);
    const res = await refresh(again.url, tokens.refresh_token ?? '');
    expect(res.status).toBe(200);
    const next = (await res.json()) as Tokens;
    expect(next.id_token).toBeTruthy();

    // The browser session survives too: prompt=none answers with a code without showing the login page.
    const pkce = newPkce();
    const silent = await browser.follow(authorizeUrl(pkce, { prompt: 'none' }));
    expect(silent.url.origin).toBe(PORTAL);
    expect(silent.url.searchParams.get('code')).toBeTruthy();
  });
});

describe('idle limits on the server', () => {
  const MINUTE = 60_000;
  // Only Date is faked: the provider, its file store and jose read the time from it; timers and sockets run.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const later = (minutes: number) => vi.setSystemTime(Date.now() + minutes * MINUTE);

  it('is the access token lifetime plus the portal automatic logoff: 75 minutes', () => {
    expect(SESSION_IDLE_SECONDS).toBe(75 * 60);
  });

  it('a refresh token unused past the idle limit is refused; each use gives the next one the full limit', async () => {
    const running = await start();
    const { tokens } = await signInForTokens(running, PERSONAS.jane);
    later(74);
    const res = await refresh(running.url, tokens.refresh_token ?? '');
    expect(res.status, await res.clone().text()).toBe(200);
    const next = ((await res.json()) as Tokens).refresh_token ?? '';
    // 148 minutes after the sign-in, but 74 after the last use: still good.
    later(74);
    const again = await refresh(running.url, next);
    expect(again.status, await again.clone().text()).toBe(200);
    const last = ((await again.json()) as Tokens).refresh_token ?? '';
    // A tab closed without Log out, or a copy of its token: dead once 75 minutes pass without a use.
    later(76);
    const idle = await refresh(running.url, last);
    expect(idle.status).toBe(400);
    expect(((await idle.json()) as { error: string }).error).toBe('invalid_grant');
  });

  it('however often it is used, a refresh token family lasts 14 days from the sign-in', () => {
    const signedInAt = 1_800_000_000;
    expect(idleLimitedTtl(signedInAt, signedInAt)).toBe(SESSION_IDLE_SECONDS);
    expect(idleLimitedTtl(signedInAt + 13 * 86_400, signedInAt)).toBe(SESSION_IDLE_SECONDS);
    // Ten minutes before the end, the rotated token gets those ten minutes only.
    expect(idleLimitedTtl(signedInAt + SIGN_IN_LIFETIME_SECONDS - 600, signedInAt)).toBe(600);
    // Past the end: a token that is as good as expired (the provider takes positive lifetimes only).
    expect(idleLimitedTtl(signedInAt + SIGN_IN_LIFETIME_SECONDS + 5, signedInAt)).toBe(1);
    // Not started yet (no login on the session): the idle limit.
    expect(idleLimitedTtl(signedInAt, undefined)).toBe(SESSION_IDLE_SECONDS);
  });

  it("the provider's session idles out too: coming back later means the password again", async () => {
    const running = await start();
    const { browser } = await signInForTokens(running, PERSONAS.jane);
    // A visit within the limit signs in silently and keeps the session alive...
    later(74);
    const kept = await browser.follow(authorizeUrl(newPkce(), { prompt: 'none' }));
    expect(kept.url.searchParams.get('code')).toBeTruthy();
    later(74);
    const stillKept = await browser.follow(authorizeUrl(newPkce(), { prompt: 'none' }));
    expect(stillKept.url.searchParams.get('code')).toBeTruthy();
    // ...76 minutes without one end it.
    later(76);
    const silent = await browser.follow(authorizeUrl(newPkce(), { prompt: 'none' }));
    expect(silent.url.searchParams.get('error')).toBe('login_required');
    const login = await browser.follow(authorizeUrl(newPkce()));
    expect(login.url.pathname).toMatch(/^\/interaction\//);
    expect(await login.res.text()).toContain('<label for="password">Password</label>');
  });

  it("after hours of use, Log out still finds the provider's session and ends it: a copy of its cookie signs no one in", async () => {
    const running = await start();
    const { browser, tokens } = await signInForTokens(running, PERSONAS.jane);
    // Two hours at work: the portal's refreshes keep the session alive, no visit to the provider's pages.
    let refreshToken = tokens.refresh_token ?? '';
    for (const minutes of [60, 60]) {
      later(minutes);
      const res = await refresh(running.url, refreshToken);
      expect(res.status, await res.clone().text()).toBe(200);
      refreshToken = ((await res.json()) as Tokens).refresh_token ?? '';
    }
    later(10);
    // What a copy of the cookies (a shared computer, a backup of the profile) would send, whatever their expiry.
    const copy = new Browser(running.url);
    for (const [name, value] of browser.cookies) copy.cookies.set(name, value);
    const done = await submitLogout(browser, await (await openLogout(browser)).res.text());
    expect(done.url.href).toBe(`${PORTAL}/`);
    const silent = await copy.follow(authorizeUrl(newPkce(), { prompt: 'none' }));
    expect(silent.url.searchParams.get('error')).toBe('login_required');
  });

  it('Log out after the session idled out still goes back to the portal', async () => {
    const running = await start();
    const { browser } = await signInForTokens(running, PERSONAS.jane);
    later(76);
    const { res } = await openLogout(browser);
    expect(res.status).toBe(200);
    const done = await submitLogout(browser, await res.text());
    expect(done.url.href).toBe(`${PORTAL}/`);
  });
});

describe('silent authentication and web_message', () => {
  it('prompt=none with web_message posts the code to the parent in a frameable page', async () => {
    const running = await start();
    const { browser } = await signInForTokens(running, PERSONAS.nora);
    const pkce = newPkce();
    const { res } = await browser.follow(
      authorizeUrl(pkce, { prompt: 'none', response_mode: 'web_message' }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('x-frame-options')).toBeNull();
    const html = await res.text();
    expect(html).toContain('authorization_response');
    expect(html).toContain(pkce.state);
    expect(html).toMatch(/"code":"[^"]+"/);
  });

  it('prompt=none without a session answers login_required', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const pkce = newPkce();
    const { url } = await browser.follow(authorizeUrl(pkce, { prompt: 'none' }));
    expect(url.origin).toBe(PORTAL);
    expect(url.searchParams.get('error')).toBe('login_required');
  });
});

describe('logout', () => {
  it('/v2/logout with an allow-listed returnTo signs out without a question and goes back', async () => {
    const running = await start();
    const { browser } = await signInForTokens(running, PERSONAS.jane);
    const { res } = await openLogout(browser);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("document.getElementById('op.logoutForm').submit()");
    const done = await submitLogout(browser, html);
    expect(done.url.href).toBe(`${PORTAL}/`);
    // Signed out: silent authentication now needs a login.
    const silent = await browser.follow(authorizeUrl(newPkce(), { prompt: 'none' }));
    expect(silent.url.searchParams.get('error')).toBe('login_required');
  });

  it('a foreign returnTo is refused', async () => {
    const running = await start();
    const { browser } = await signInForTokens(running, PERSONAS.jane);
    const { res, url } = await openLogout(browser, 'https://evil.example/');
    expect(res.status).toBe(400);
    expect(url.origin).toBe(running.url);
    expect(await res.text()).toContain('post_logout_redirect_uri');
  });
});

describe('CORS', () => {
  it('the token endpoint answers the portal preflight with content-type and auth0-client allowed', async () => {
    const running = await start();
    const res = await fetch(`${running.url}/oauth/token`, {
      method: 'OPTIONS',
      headers: {
        origin: PORTAL,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,auth0-client',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(PORTAL);
    expect((res.headers.get('access-control-allow-headers') ?? '').toLowerCase()).toContain('auth0-client');
  });

  it('another origin gets no CORS headers, on the token endpoint or the JWKS', async () => {
    const running = await start();
    const evil = 'https://evil.example';
    const pre = await fetch(`${running.url}/oauth/token`, {
      method: 'OPTIONS',
      headers: { origin: evil, 'access-control-request-method': 'POST' },
    });
    expect(pre.headers.get('access-control-allow-origin')).toBeNull();
    const token = await fetch(`${running.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: evil },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        client_id: PORTAL_CLIENT_ID,
        refresh_token: 'x',
      }),
    });
    expect(token.headers.get('access-control-allow-origin')).toBeNull();
    const jwks = await fetch(`${running.url}/.well-known/jwks.json`, { headers: { origin: evil } });
    expect(jwks.headers.get('access-control-allow-origin')).toBeNull();
    const portalJwks = await fetch(`${running.url}/.well-known/jwks.json`, { headers: { origin: PORTAL } });
    expect(portalJwks.headers.get('access-control-allow-origin')).not.toBeNull();
  });
});

describe('token exchange', () => {
  it('the grant is advertised in discovery', async () => {
    const running = await start();
    const discovery = (await (await fetch(`${running.url}/.well-known/openid-configuration`)).json()) as {
      grant_types_supported: string[];
    };
    expect(discovery.grant_types_supported).toContain('urn:ietf:params:oauth:grant-type:token-exchange');
  });
  // Who may exchange, and for which sign-ins: tokenExchange.test.ts.
});

describe('token exchange for the calendar (token vault)', () => {
  const TE = 'urn:ietf:params:oauth:grant-type:token-exchange';
  const AT_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
  const CALENDAR = 'urn:sentinel:calendar';

  const apiSecret = async () =>
    (JSON.parse(await readFile(path.join(dataDir, 'api-client.json'), 'utf8')) as { client_secret: string })
      .client_secret;
  /** The API's call: client_secret_basic, the caller's access token as subject. */
  const exchangeAsApi = (base: string, secret: string, fields: Record<string, string>) =>
    fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${API_CLIENT_ID}:${secret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: TE,
        subject_token_type: AT_TYPE,
        audience: CALENDAR,
        ...fields,
      }),
    });

  it("the API exchanges a caller's access token for a short-lived calendar token of the same subject", async () => {
    const running = await start();
    const { tokens } = await signInForTokens(running, PERSONAS.jane);
    const res = await exchangeAsApi(running.url, await apiSecret(), {
      subject_token: tokens.access_token,
      scope: 'calendar:read',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { access_token: string; issued_token_type: string; scope: string };
    expect(body).toMatchObject({ issued_token_type: AT_TYPE, token_type: 'Bearer', scope: 'calendar:read' });
    const jwks = createRemoteJWKSet(new URL('.well-known/jwks.json', running.issuer));
    const at = await jwtVerify(body.access_token, jwks, {
      issuer: running.issuer,
      audience: CALENDAR,
      algorithms: ['RS256'],
    });
    expect(decodeProtectedHeader(body.access_token).alg).toBe('RS256');
    expect(at.payload.sub).toBe(PERSONAS.jane.sub);
    expect(at.payload.scope).toBe('calendar:read');
    expect(at.payload.client_id).toBe(API_CLIENT_ID);
    expect(at.payload.act).toEqual({ sub: API_CLIENT_ID });
    expect((at.payload.exp ?? 0) - (at.payload.iat ?? 0)).toBeLessThanOrEqual(300);
    // The calendar token is not an API token.
    await expect(
      jwtVerify(body.access_token, jwks, { issuer: running.issuer, audience: API, algorithms: ['RS256'] }),
    ).rejects.toThrow();
  });

  it('gives calendar:write only to a user allowed to write appointments', async () => {
    const running = await start();
    const secret = await apiSecret();
    const jane = (await signInForTokens(running, PERSONAS.jane)).tokens;
    const alice = (await signInForTokens(running, PERSONAS.alice)).tokens;
    const forAlice = await exchangeAsApi(running.url, secret, {
      subject_token: alice.access_token,
      scope: 'calendar:read calendar:write',
    });
    expect(forAlice.status).toBe(200);
    expect(((await forAlice.json()) as { scope: string }).scope).toBe('calendar:read calendar:write');
    const forJane = await exchangeAsApi(running.url, secret, {
      subject_token: jane.access_token,
      scope: 'calendar:read calendar:write',
    });
    expect(forJane.status).toBe(400);
    expect(await forJane.json()).toMatchObject({ error: 'invalid_scope' });
  });

  it('refuses other audiences, other scopes, a wrong secret and the portal asking for the calendar', async () => {
    const running = await start();
    const secret = await apiSecret();
    const { tokens } = await signInForTokens(running, PERSONAS.jane);
    const subject = { subject_token: tokens.access_token };
    const errorOf = async (res: Promise<Response>) => {
      const answer = await res;
      expect(answer.headers.get('content-type')).toMatch(/application\/json/);
      return ((await answer.json()) as { error: string }).error;
    };
    expect(await errorOf(exchangeAsApi(running.url, secret, { ...subject, audience: API }))).toBe(
      'invalid_target',
    );
    expect(
      await errorOf(exchangeAsApi(running.url, secret, { ...subject, audience: 'https://evil.example' })),
    ).toBe('invalid_target');
    expect(await errorOf(exchangeAsApi(running.url, secret, { ...subject, scope: 'read:health_data' }))).toBe(
      'invalid_scope',
    );
    expect(await errorOf(exchangeAsApi(running.url, secret, { ...subject, scope: 'calendar:admin' }))).toBe(
      'invalid_scope',
    );
    expect(await errorOf(exchangeAsApi(running.url, 'not-the-secret', subject))).toBe('invalid_client');
    expect(
      await errorOf(
        exchangeAsApi(running.url, secret, { subject_token: tokens.id_token, scope: 'calendar:read' }),
      ),
    ).toBe('invalid_grant');
    const fromPortal = fetch(`${running.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: TE,
        client_id: PORTAL_CLIENT_ID,
        subject_token_type: AT_TYPE,
        subject_token: tokens.access_token,
        audience: CALENDAR,
        scope: 'calendar:read',
      }),
    });
    // The portal, a public client, may not exchange at all (tokenExchange.test.ts).
    expect(await errorOf(fromPortal)).toBe('invalid_request');
  });

  it('keeps the API client secret in the git-ignored data folder, private, and the same after a restart', async () => {
    const first = await start();
    const secret = await apiSecret();
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect((await stat(path.join(dataDir, 'api-client.json'))).mode & 0o077).toBe(0);
    await first.close();
    idp = undefined;
    const again = await start();
    expect(await apiSecret()).toBe(secret);
    const { tokens } = await signInForTokens(again, PERSONAS.john);
    const res = await exchangeAsApi(again.url, secret, { subject_token: tokens.access_token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { scope: string }).scope).toBe('calendar:read');
  });

  it('takes the API client secret from the settings when one is given', async () => {
    idp = await startIdp(
      { ...settings(), apiClientSecret: 'given-secret-given-secret-given-secret' },
      { accounts: PERSONA_LIST, silent: true },
    );
    const { tokens } = await signInForTokens(idp, PERSONAS.jane);
    const res = await exchangeAsApi(idp.url, 'given-secret-given-secret-given-secret', {
      subject_token: tokens.access_token,
    });
    expect(res.status).toBe(200);
  });
});
