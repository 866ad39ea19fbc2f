/**
 * Sign-in security of the identity provider (REQ-auth): TOTP codes are good once (RFC 6238 5.2), sign-in limits
 * key on the client's real address behind a trusted proxy and slow an address down rather than lock everyone
 * behind it out, and no provider page can be framed or end a session on a GET.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_TOTP_SECRET, PERSONAS, PERSONA_LIST, type Persona } from '@sentinel/demo-data';
import * as OTPAuth from 'otpauth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClientAddress, trustedProxyList } from './clientAddress';
import { TEXTS } from './pages';
import { createSignInGuard, type SignInGuard } from './rateLimit';
import { startIdp, type RunningIdp } from './server';
import { PORTAL_CLIENT_ID, settingsFromEnv, type IdpSettings } from './settings';
import { authorizeUrl, Browser, formAction, newPkce, PORTAL } from './testClient';
import { acceptedTotpStep, createTotpVerifier, totpStep } from './totp';

const TOTP = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_TOTP_SECRET), digits: 6, period: 30 });
/** The demo secret's code for the step `steps` away from now (negative: older). */
const codeAt = (steps: number) => TOTP.generate({ timestamp: Date.now() + steps * 30_000 });

let dataDir: string;
let idp: RunningIdp | undefined;

async function start(options: { trustedProxies?: string[]; guard?: SignInGuard } = {}) {
  const settings: IdpSettings = {
    port: 0,
    host: 'localhost',
    portalOrigin: PORTAL,
    extraRedirectUris: [],
    apiAudience: 'https://api.sentinel-health.example',
    dataDir,
    trustedProxies: options.trustedProxies ?? [],
  };
  idp = await startIdp(settings, {
    accounts: PERSONA_LIST,
    silent: true,
    ...(options.guard ? { guard: options.guard } : {}),
  });
  return idp;
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-idp-security-'));
});

afterEach(async () => {
  await idp?.close();
  idp = undefined;
  vi.useRealTimers();
  await rm(dataDir, { recursive: true, force: true });
});

/** Opens the sign-in page and posts the password; resolves with the page that follows and its form action. */
async function password(browser: Browser, persona: Persona) {
  const login = await browser.follow(authorizeUrl(newPkce()));
  const next = await browser.postForm(formAction(await login.res.text()), {
    email: persona.email,
    password: persona.password,
  });
  return next;
}

/** Password, then `code` on the code page; resolves with where the code step leads. */
async function signInWithCode(browser: Browser, persona: Persona, code: string) {
  const afterPassword = await password(browser, persona);
  const page = await afterPassword.res.text();
  expect(page).toContain('<label for="code">Authentication code</label>');
  return browser.postForm(formAction(page), { code });
}

const cameBackWithCode = (url: URL) => url.origin === PORTAL && Boolean(url.searchParams.get('code'));

type RawResponse = { status: number; headers: IncomingHttpHeaders; body: string; ms: number };

/** A raw form post (headers of our choosing, from a chosen loopback address), as a proxy or a script sends it. */
function rawPost(
  browser: Browser,
  action: string,
  fields: Record<string, string>,
  options: { localAddress?: string; headers?: Record<string, string> } = {},
) {
  const url = new URL(action, browser.base);
  url.hostname = '127.0.0.1';
  const body = new URLSearchParams(fields).toString();
  const started = Date.now();
  return new Promise<RawResponse>((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method: 'POST',
        ...(options.localAddress ? { localAddress: options.localAddress } : {}),
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'content-length': Buffer.byteLength(body),
          cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...options.headers,
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
            ms: Date.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('TOTP codes are good once (RFC 6238 5.2)', () => {
  // A fixed instant in the middle of a 30-second step, so that no step change happens during a test.
  const MID_STEP = Date.UTC(2026, 10, 26, 12, 0, 15);
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(MID_STEP);
  });

  it('the same code used twice in the same 30 seconds is refused the second time', async () => {
    const running = await start();
    const code = codeAt(0);
    const first = await signInWithCode(new Browser(running.url), PERSONAS.alice, code);
    expect(cameBackWithCode(first.url)).toBe(true);
    // Someone who saw the code (over the shoulder, a phishing page) tries it at once from another browser.
    const replay = await signInWithCode(new Browser(running.url), PERSONAS.alice, code);
    expect(replay.res.status).toBe(401);
    expect(cameBackWithCode(replay.url)).toBe(false);
    expect(await replay.res.text()).toContain(TEXTS.wrongCode);
  });

  it('a code two steps old is refused; one step old is accepted once', async () => {
    const running = await start();
    const stale = await signInWithCode(new Browser(running.url), PERSONAS.ben, codeAt(-2));
    expect(stale.res.status).toBe(401);
    const late = await signInWithCode(new Browser(running.url), PERSONAS.ben, codeAt(-1));
    expect(cameBackWithCode(late.url)).toBe(true);
    const again = await signInWithCode(new Browser(running.url), PERSONAS.ben, codeAt(-1));
    expect(again.res.status).toBe(401);
  });

  it('after a code is used, an older step is refused too, and the next step is good', async () => {
    const running = await start();
    expect(
      cameBackWithCode((await signInWithCode(new Browser(running.url), PERSONAS.sam, codeAt(0))).url),
    ).toBe(true);
    const older = await signInWithCode(new Browser(running.url), PERSONAS.sam, codeAt(-1));
    expect(older.res.status).toBe(401);
    vi.setSystemTime(MID_STEP + 30_000);
    const next = await signInWithCode(new Browser(running.url), PERSONAS.sam, codeAt(0));
    expect(cameBackWithCode(next.url)).toBe(true);
  });

  it('each account has its own last step: two doctors may use the same code', async () => {
    const running = await start();
    const code = codeAt(0);
    expect(cameBackWithCode((await signInWithCode(new Browser(running.url), PERSONAS.alice, code)).url)).toBe(
      true,
    );
    expect(cameBackWithCode((await signInWithCode(new Browser(running.url), PERSONAS.ben, code)).url)).toBe(
      true,
    );
  });

  it('accepts the current step and one either side, only later than the last one used', () => {
    const now = Date.now();
    const current = totpStep(now);
    expect(acceptedTotpStep(DEMO_TOTP_SECRET, codeAt(0), now, undefined)).toBe(current);
    expect(acceptedTotpStep(DEMO_TOTP_SECRET, codeAt(-1), now, undefined)).toBe(current - 1);
    expect(acceptedTotpStep(DEMO_TOTP_SECRET, codeAt(1), now, undefined)).toBe(current + 1);
    expect(acceptedTotpStep(DEMO_TOTP_SECRET, codeAt(-2), now, undefined)).toBeUndefined();
    expect(acceptedTotpStep(DEMO_TOTP_SECRET, codeAt(2), now, undefined)).toBeUndefined();
    // At or before the last step used: refused, whichever of the window it is.
    expect(acceptedTotpStep(DEMO_TOTP_SECRET, codeAt(0), now, current)).toBeUndefined();
    expect(acceptedTotpStep(DEMO_TOTP_SECRET, codeAt(-1), now, current)).toBeUndefined();
    expect(acceptedTotpStep(DEMO_TOTP_SECRET, codeAt(1), now, current)).toBe(current + 1);
    for (const bad of ['', '12345', '1234567', 'abcdef', ' 123456']) {
      expect(acceptedTotpStep(DEMO_TOTP_SECRET, bad, now, undefined), bad).toBeUndefined();
    }
  });

  it('two posts of the same code at the same moment: one passes', async () => {
    const verifier = await createTotpVerifier(dataDir);
    const code = codeAt(0);
    const results = await Promise.all([
      verifier.verify('auth0|a', DEMO_TOTP_SECRET, code),
      verifier.verify('auth0|a', DEMO_TOTP_SECRET, code),
    ]);
    expect(results.sort()).toEqual([false, true]);
    // Kept on disk, and only the steps that can still guard something.
    const stored = JSON.parse(await readFile(path.join(dataDir, 'totp-steps.json'), 'utf8')) as unknown;
    expect(stored).toEqual({ 'auth0|a': totpStep(Date.now()) });
    vi.setSystemTime(MID_STEP + 5 * 30_000);
    expect(await verifier.verify('auth0|b', DEMO_TOTP_SECRET, codeAt(0))).toBe(true);
    const later = JSON.parse(await readFile(path.join(dataDir, 'totp-steps.json'), 'utf8')) as unknown;
    expect(later).toEqual({ 'auth0|b': totpStep(Date.now()) });
  });

  it('a restart on the same data folder does not reopen the replay', async () => {
    const running = await start();
    const code = codeAt(0);
    expect(cameBackWithCode((await signInWithCode(new Browser(running.url), PERSONAS.alice, code)).url)).toBe(
      true,
    );
    await running.close();
    const restarted = await start();
    const replay = await signInWithCode(new Browser(restarted.url), PERSONAS.alice, code);
    expect(replay.res.status).toBe(401);
  });
});

describe('the client address of a sign-in attempt', () => {
  const request = (remoteAddress: string, forwardedFor?: string) =>
    ({
      socket: { remoteAddress },
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    }) as unknown as IncomingMessage;

  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    const address = createClientAddress([]);
    expect(address(request('203.0.113.9', '198.51.100.1'))).toBe('203.0.113.9');
    // One IPv4 address gives one key, however the dual-stack socket writes it.
    expect(address(request('::ffff:203.0.113.9'))).toBe('203.0.113.9');
  });

  it('is the right-most hop that is not a trusted proxy, read only from a trusted peer', () => {
    const address = createClientAddress(['10.0.0.0/8', 'fd00::/8', '192.0.2.1']);
    expect(address(request('10.1.2.3', '203.0.113.5'))).toBe('203.0.113.5');
    // A forged left-most hop is skipped; the proxies' own hops are too.
    expect(address(request('10.1.2.3', '1.2.3.4, 203.0.113.5, 192.0.2.1, 10.9.9.9'))).toBe('203.0.113.5');
    expect(address(request('fd00::1', '2001:db8::7'))).toBe('2001:db8::7');
    // From a peer that is no trusted proxy, the header is the client's own word: ignored.
    expect(address(request('198.51.100.8', '203.0.113.5'))).toBe('198.51.100.8');
    // A trusted proxy that forwarded nothing, or garbage: the last address we can vouch for.
    expect(address(request('10.1.2.3'))).toBe('10.1.2.3');
    expect(address(request('10.1.2.3', 'unknown, 192.0.2.1'))).toBe('192.0.2.1');
    expect(createClientAddress(['loopback'])(request('127.0.0.1', '203.0.113.5'))).toBe('203.0.113.5');
  });

  it('IDP_TRUSTED_PROXIES is a comma-separated list, none by default; a wrong entry stops the start', async () => {
    expect(settingsFromEnv({}).trustedProxies).toEqual([]);
    expect(settingsFromEnv({ IDP_TRUSTED_PROXIES: ' 10.0.0.0/8, loopback ,' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      'loopback',
    ]);
    for (const wrong of ['proxy.example', '10.0.0.0/33', '10.0.0.0/8/1', '::1/129', '10.0.0.0/']) {
      expect(() => trustedProxyList([wrong]), wrong).toThrow(
        /IDP_TRUSTED_PROXIES: ".*" is not an IP address/,
      );
    }
    await expect(start({ trustedProxies: ['proxy.example'] })).rejects.toThrow(/IDP_TRUSTED_PROXIES/);
  });
});

describe('sign-in limits behind a proxy', () => {
  it('behind a trusted proxy, the client address is the right-most untrusted X-Forwarded-For hop', async () => {
    const running = await start({ trustedProxies: ['127.0.0.1'] });
    const browser = new Browser(running.url);
    const action = formAction(await (await browser.follow(authorizeUrl(newPkce()))).res.text());
    // A client at 203.0.113.5 mistypes five times; it forges a left-most hop, which the proxy only appends to.
    for (let i = 0; i < 5; i += 1) {
      const res = await rawPost(
        browser,
        action,
        { email: PERSONAS.john.email, password: `wrong-${i}` },
        { headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.5` } },
      );
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const held = await rawPost(
      browser,
      action,
      { email: PERSONAS.john.email, password: PERSONAS.john.password },
      { headers: { 'x-forwarded-for': '203.0.113.5' } },
    );
    expect(held.status).toBe(429);
    // John himself, at another address behind the same proxy, is not held back by that client.
    const owner = await rawPost(
      browser,
      action,
      { email: PERSONAS.john.email, password: PERSONAS.john.password },
      { headers: { 'x-forwarded-for': '203.0.113.77' } },
    );
    expect(owner.status).toBe(303);
  });

  it('without a trusted proxy, X-Forwarded-For is ignored: a client cannot pick its own address', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const action = formAction(await (await browser.follow(authorizeUrl(newPkce()))).res.text());
    for (let i = 0; i < 5; i += 1) {
      const res = await rawPost(
        browser,
        action,
        { email: PERSONAS.john.email, password: `wrong-${i}` },
        { headers: { 'x-forwarded-for': `203.0.113.${i}` } },
      );
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    const sixth = await rawPost(
      browser,
      action,
      { email: PERSONAS.john.email, password: PERSONAS.john.password },
      { headers: { 'x-forwarded-for': '203.0.113.99' } },
    );
    expect(sixth.status).toBe(429);
  });

  it('an address past its limit over many accounts is slowed down, not locked out', async () => {
    const guard = createSignInGuard({
      limits: { address: 3 },
      slowDown: { intervalMs: 400, maxDelayMs: 2_000 },
    });
    const running = await start({ guard });
    const browser = new Browser(running.url);
    const action = formAction(await (await browser.follow(authorizeUrl(newPkce()))).res.text());
    for (let i = 0; i < 3; i += 1) {
      const res = await rawPost(browser, action, { email: `user${i}@example.com`, password: 'Summer2026!' });
      expect(res.status, `attempt ${i + 1}`).toBe(401);
    }
    // Everyone behind that address (an unconfigured proxy, a clinic's network) still signs in, a little later.
    const jane = await rawPost(browser, action, {
      email: PERSONAS.jane.email,
      password: PERSONAS.jane.password,
    });
    expect(jane.status).toBe(303);
    expect(jane.ms).toBeGreaterThanOrEqual(350);
  });

  it('a burst from an address past its limit is spaced out; what does not fit the queue waits seconds, not minutes', async () => {
    const guard = createSignInGuard({
      limits: { address: 1 },
      slowDown: { intervalMs: 1_000, maxDelayMs: 3_000 },
    });
    const running = await start({ guard });
    const browser = new Browser(running.url);
    const action = formAction(await (await browser.follow(authorizeUrl(newPkce()))).res.text());
    expect((await rawPost(browser, action, { email: 'a@example.com', password: 'x' })).status).toBe(401);
    const burst = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        rawPost(browser, action, { email: `b${i}@example.com`, password: 'x' }),
      ),
    );
    const answered = burst.filter((r) => r.status === 401);
    const refused = burst.filter((r) => r.status === 429);
    expect(answered.length).toBe(3);
    expect(refused.length).toBe(2);
    for (const r of refused) expect(Number(r.headers['retry-after'])).toBeLessThanOrEqual(2);
    const times = answered.map((r) => r.ms).sort((a, b) => a - b);
    // One second apart: the third answered waited three.
    expect(times[2] ?? 0).toBeGreaterThanOrEqual(2_900);
  });
});

describe('provider pages cannot be framed', () => {
  const framingForbidden = (headers: Headers) => {
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('content-security-policy') ?? '').toContain("frame-ancestors 'none'");
  };

  it('the sign-in, code, error, logout and signed-out pages forbid framing', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const login = await browser.follow(authorizeUrl(newPkce()));
    framingForbidden(login.res.headers);
    const code = await browser.postForm(formAction(await login.res.text()), {
      email: PERSONAS.alice.email,
      password: PERSONAS.alice.password,
    });
    framingForbidden(code.res.headers);
    const error = await browser.follow('/authorize?client_id=nobody&response_type=code');
    expect(error.res.status).toBe(400);
    expect(error.res.headers.get('content-type')).toContain('text/html');
    framingForbidden(error.res.headers);
    const logout = await browser.follow(`/v2/logout?client_id=${PORTAL_CLIENT_ID}&returnTo=${PORTAL}/`);
    expect(logout.res.status).toBe(200);
    framingForbidden(logout.res.headers);
    const signedOut = await browser.follow('/v2/logout/success');
    expect(signedOut.res.status).toBe(200);
    framingForbidden(signedOut.res.headers);
  });

  it("the silent sign-in's web_message answer may be framed by the portal only", async () => {
    const running = await start();
    const browser = new Browser(running.url);
    const jane = await password(browser, PERSONAS.jane);
    expect(cameBackWithCode(jane.url)).toBe(true);
    const { res } = await browser.follow(
      authorizeUrl(newPkce(), { prompt: 'none', response_mode: 'web_message' }),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('authorization_response');
    expect(res.headers.get('x-frame-options')).toBeNull();
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`frame-ancestors ${PORTAL}(;|$)`));
  });
});

describe('logout ends a session only by a POST from its own page', () => {
  /** Jane signed in in `browser`; true while silent authentication still gives a code. */
  const stillSignedIn = async (browser: Browser) =>
    cameBackWithCode((await browser.follow(authorizeUrl(newPkce(), { prompt: 'none' }))).url);
  const logoutUrl = `/v2/logout?client_id=${PORTAL_CLIENT_ID}&returnTo=${encodeURIComponent(`${PORTAL}/`)}`;

  it('a GET from another site (an image) ends no session, nor does a GET of the confirmation with its token', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    expect(cameBackWithCode((await password(browser, PERSONAS.jane)).url)).toBe(true);
    const image = await browser.request(logoutUrl, {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' },
    });
    const html = await image.text();
    expect(await stillSignedIn(browser)).toBe(true);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(xsrf).not.toBe('');
    await browser.request(`/v2/logout/confirm?xsrf=${xsrf}&logout=yes`);
    expect(await stillSignedIn(browser)).toBe(true);
  });

  it('a link from another site shows a Sign out button instead of signing out by itself', async () => {
    const running = await start();
    const browser = new Browser(running.url);
    expect(cameBackWithCode((await password(browser, PERSONAS.jane)).url)).toBe(true);
    const res = await browser.request(logoutUrl, {
      headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
    });
    const html = await res.text();
    expect(html).not.toContain('<script');
    expect(html).toContain(`<h1>${TEXTS.signOutQuestion}</h1>`);
    expect(html).toContain(`<button type="submit" form="op.logoutForm">${TEXTS.signOut}</button>`);
    expect(await stillSignedIn(browser)).toBe(true);
  });

  it("the portal's Log out (a same-site navigation) still submits the POST at once", async () => {
    const running = await start();
    const browser = new Browser(running.url);
    expect(cameBackWithCode((await password(browser, PERSONAS.jane)).url)).toBe(true);
    const res = await browser.request(logoutUrl, {
      headers: { 'sec-fetch-site': 'same-site', 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate' },
    });
    const html = await res.text();
    expect(html).toContain("document.getElementById('op.logoutForm').submit()");
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const done = await browser.postForm(formAction(html), { xsrf, logout: 'yes' });
    expect(done.url.href).toBe(`${PORTAL}/`);
    expect(await stillSignedIn(browser)).toBe(false);
  });
});
