import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PERSONAS } from '@sentinel/demo-data';
import { MailError, type Mailer, type MailMessage } from '@sentinel/server-kit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAccountPages, createForgotGuard, type AccountPages, type ForgotGuard } from './accountPages';
import { createMemoryDirectory } from './directory/memory';
import type { AccountDirectory, AccountProfile } from './directory/types';
import { loginPage, MAIL_TEXTS, TEXTS } from './pages';
import { PASSWORD_MESSAGES } from './passwordPolicy';
import { startIdp } from './server';
import { authorizeUrl, Browser, formAction, newPkce, PORTAL } from './testClient';

const ISSUER = 'http://idp.test/';
const GOOD_PASSWORD = 'violet kettle orbit 42';

const profile = (sub: string, email: string, given: string): AccountProfile => ({
  sub,
  name: `${given} Tester`,
  given_name: given,
  family_name: 'Tester',
  email,
  role: 'nurse',
  roles: ['Nurse'],
  permissions: [],
  specializations: [],
  department: 'Ward 3',
});
const MARIA = profile('auth0|aaaaaaaaaaaaaaaaaaaaaaaa', 'maria.lopez@clinic.example', 'Maria');
const BEN = profile('auth0|bbbbbbbbbbbbbbbbbbbbbbbb', 'ben.active@clinic.example', 'Ben');
const SUE = profile('auth0|cccccccccccccccccccccccc', 'sue.suspended@clinic.example', 'Sue');
const BEN_PASSWORD = 'old harbour lantern 7';

/** A mailer that keeps what it is given; `hold` makes every send wait until `release`. */
function recordingMailer() {
  const delivered: MailMessage[] = [];
  let gate: Promise<void> = Promise.resolve();
  let open = () => {};
  let failure: Error | undefined;
  const mailer: Mailer = {
    async send(message) {
      await gate;
      if (failure) throw failure;
      delivered.push(message);
    },
  };
  return {
    mailer,
    delivered,
    hold() {
      gate = new Promise((resolve) => (open = resolve));
    },
    release: () => open(),
    fail(error: Error) {
      failure = error;
    },
  };
}

type Harness = {
  base: string;
  directory: AccountDirectory;
  pages: AccountPages;
  mail: ReturnType<typeof recordingMailer>;
  clock: { now: number };
  errors: unknown[];
  /** The accounts whose sessions the pages ended. */
  ended: string[];
};

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** The pages on their own server, in front of a 404 (what the provider's other handlers stand for). */
async function start(
  options: { guard?: ForgotGuard; issuer?: string; csrfSecret?: string } = {},
): Promise<Harness> {
  const clock = { now: Date.parse('2026-03-02T09:00:00Z') };
  const directory = await createMemoryDirectory(
    [MARIA, { ...BEN, password: BEN_PASSWORD }, { ...SUE, password: BEN_PASSWORD }],
    {
      now: () => new Date(clock.now),
    },
  );
  await directory.update(SUE.sub, { blocked: true });
  const mail = recordingMailer();
  const errors: unknown[] = [];
  const ended: string[] = [];
  const pages = createAccountPages({
    directory,
    issuer: options.issuer ?? ISSUER,
    portalUrl: PORTAL,
    mailer: mail.mailer,
    ...(options.guard ? { guard: options.guard } : {}),
    ...(options.csrfSecret ? { csrfSecret: options.csrfSecret } : {}),
    onBackgroundError: (error) => errors.push(error),
    endSessions: async (sub) => ended.push(sub),
  });
  const server = createServer((req, res) => {
    void pages(req, res).then((handled) => {
      if (!handled) res.writeHead(404).end('not ours');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, directory, pages, mail, clock, errors, ended };
}

const csrfIn = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
const post = (browser: Browser, path: string, fields: Record<string, string>) =>
  browser.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

/** Opens a link page and posts its form with these passwords, as a person would. */
async function setPassword(browser: Browser, link: string, password: string, confirm = password) {
  const page = await browser.request(link);
  const html = await page.text();
  const path = new URL(link, browser.base).pathname;
  const ticket = new URL(link, browser.base).searchParams.get('ticket') ?? '';
  return post(browser, path, { csrf: csrfIn(html), ticket, password, confirm });
}

async function invitationLink(h: Harness, sub = MARIA.sub) {
  const { token } = await h.directory.createTicket(sub, 'invitation', 72 * 3600);
  return `/invitation?ticket=${encodeURIComponent(token)}`;
}

describe('invitation links', () => {
  it('let an invited person set a password, after which the account is active and signs in with it', async () => {
    const h = await start();
    const browser = new Browser(h.base);
    const link = await invitationLink(h);

    const page = await browser.request(link);
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain(`<h1>${TEXTS.invitationTitle}</h1>`);
    expect(html).toContain('value="maria.lopez@clinic.example" readonly');
    expect(html).toMatch(/<label for="password">New password<\/label>/);
    expect(html).toMatch(/<input id="password" name="password" type="password" autocomplete="new-password"/);
    expect(html).toContain('<div role="alert"></div>');
    expect((await h.directory.find(MARIA.sub))?.state).toBe('invited');

    const done = await setPassword(browser, link, GOOD_PASSWORD);
    const doneHtml = await done.text();
    expect(done.status).toBe(200);
    expect(doneHtml).toContain(TEXTS.passwordSet);
    expect(doneHtml).toContain(`<a class="button" href="${PORTAL}">${TEXTS.signIn}</a>`);
    expect(doneHtml).not.toContain('<form');
    expect((await h.directory.find(MARIA.sub))?.state).toBe('active');
    expect(await h.directory.authenticate(MARIA.email, GOOD_PASSWORD)).toMatchObject({ ok: true });
    // A first password ends nothing: the account had no sessions to end.
    expect(h.ended).toEqual([]);
  });

  it('work once: the same link afterwards shows that it was used, with no form', async () => {
    const h = await start();
    const browser = new Browser(h.base);
    const link = await invitationLink(h);
    const first = await browser.request(link);
    const csrf = csrfIn(await first.text());
    const ticket = new URL(link, h.base).searchParams.get('ticket') ?? '';
    expect(
      (await post(browser, '/invitation', { csrf, ticket, password: GOOD_PASSWORD, confirm: GOOD_PASSWORD }))
        .status,
    ).toBe(200);

    const again = await browser.request(link);
    const html = await again.text();
    expect(again.status).toBe(410);
    expect(html).toContain(TEXTS.invitationUsed);
    expect(html).not.toContain('<form');
    // A second post of the saved form (another tab) sets nothing either.
    const replay = await post(browser, '/invitation', {
      csrf,
      ticket,
      password: 'another long passphrase',
      confirm: 'another long passphrase',
    });
    expect(replay.status).toBe(410);
    expect(await h.directory.authenticate(MARIA.email, 'another long passphrase')).toMatchObject({
      ok: false,
    });
  });

  it('stop working after 72 hours, with a message that an administrator sends a new one', async () => {
    const h = await start();
    const browser = new Browser(h.base);
    const link = await invitationLink(h);
    h.clock.now += 72 * 3600 * 1000 - 1000;
    expect((await browser.request(link)).status).toBe(200);
    h.clock.now += 1000;
    const page = await browser.request(link);
    const html = await page.text();
    expect(page.status).toBe(410);
    expect(html).toContain(TEXTS.invitationExpired);
    expect(html).not.toContain('<form');
    expect((await h.directory.find(MARIA.sub))?.state).toBe('invited');
  });

  it('refuse a changed, cut, missing or foreign link as not valid', async () => {
    const h = await start();
    const browser = new Browser(h.base);
    const link = await invitationLink(h);
    const token = new URL(link, h.base).searchParams.get('ticket') ?? '';
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const reset = await h.directory.createTicket(BEN.sub, 'reset', 3600);
    for (const bad of [
      `/invitation?ticket=${flipped}`,
      `/invitation?ticket=${token.slice(0, 20)}`,
      '/invitation',
      `/invitation?ticket=${'x'.repeat(5000)}`,
      // A reset link's token is not an invitation.
      `/invitation?ticket=${reset.token}`,
    ]) {
      const page = await browser.request(bad);
      const html = await page.text();
      expect(page.status, bad).toBe(400);
      expect(html).toContain(TEXTS.linkInvalid);
      expect(html).not.toContain('<form');
    }
    expect((await h.directory.find(MARIA.sub))?.state).toBe('invited');
  });

  it('set nothing for a suspended account', async () => {
    const h = await start();
    const link = await invitationLink(h, SUE.sub);
    const page = await new Browser(h.base).request(link);
    expect(page.status).toBe(403);
    expect(await page.text()).toContain(TEXTS.accountBlocked);
  });
});

describe('the password policy on the link pages', () => {
  it.each([
    ['too short', 'short pass', [PASSWORD_MESSAGES['too-short']]],
    ['common', 'qwerty123456', [PASSWORD_MESSAGES.common]],
    ['the e-mail', 'Maria.Lopez@Clinic.Example', [PASSWORD_MESSAGES['contains-email']]],
    ['containing the local part', 'my maria.lopez secret', [PASSWORD_MESSAGES['contains-email']]],
  ])(
    'shows the form again with the rule broken by a password %s, and keeps the account invited',
    async (_name, password, messages) => {
      const h = await start();
      const browser = new Browser(h.base);
      const link = await invitationLink(h);
      const res = await setPassword(browser, link, password);
      const html = await res.text();
      expect(res.status).toBe(400);
      for (const message of messages) expect(html).toContain(message);
      expect(html).toMatch(/<div class="alert" role="alert">/);
      expect(html).toContain('aria-invalid="true"');
      expect(html).toContain('<form method="post" action="/invitation"');
      expect((await h.directory.find(MARIA.sub))?.state).toBe('invited');
      // The link still works: a good password then goes through.
      expect((await setPassword(browser, link, GOOD_PASSWORD)).status).toBe(200);
    },
  );

  it('lists every broken rule, and a confirmation that differs', async () => {
    const h = await start();
    const res = await setPassword(new Browser(h.base), await invitationLink(h), 'maria.lopez', 'maria.lopes');
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).toContain(`<li>${PASSWORD_MESSAGES['too-short']}</li>`);
    expect(html).toContain(`<li>${PASSWORD_MESSAGES['contains-email']}</li>`);
    expect(html).toContain(`<li>${TEXTS.passwordsDiffer}</li>`);
  });
});

describe('CSRF protection of the forms', () => {
  it('refuses a post without the token, with a token of another browser, or without the cookie', async () => {
    const h = await start();
    const link = await invitationLink(h);
    const ticket = new URL(link, h.base).searchParams.get('ticket') ?? '';
    const victim = new Browser(h.base);
    await victim.request(link);
    const attacker = new Browser(h.base);
    const attackerToken = csrfIn(await (await attacker.request(link)).text());
    const fields = { ticket, password: GOOD_PASSWORD, confirm: GOOD_PASSWORD };

    const attempts = [
      await post(victim, '/invitation', fields),
      await post(victim, '/invitation', { ...fields, csrf: attackerToken }),
      await post(new Browser(h.base), '/invitation', { ...fields, csrf: attackerToken }),
    ];
    for (const res of attempts) {
      expect(res.status).toBe(403);
      const html = await res.text();
      expect(html).toContain(TEXTS.formExpired);
      expect(html).toContain(`href="/invitation?ticket=${ticket}"`);
    }
    expect((await h.directory.find(MARIA.sub))?.state).toBe('invited');
    expect(await h.directory.peekTicket(ticket, 'invitation')).toEqual({ sub: MARIA.sub });
  });

  it('sends no mail for a forgot-password post without the token', async () => {
    const h = await start();
    const browser = new Browser(h.base);
    await browser.request('/forgot');
    const res = await post(browser, '/forgot', { email: BEN.email });
    expect(res.status).toBe(403);
    await h.pages.settled();
    expect(h.mail.delivered).toEqual([]);
  });

  it('keeps the token in an HttpOnly, SameSite=Strict cookie and sends the sign-in pages’ security headers', async () => {
    const h = await start();
    const res = await new Browser(h.base).request('/forgot');
    expect(res.status).toBe(200);
    expect(res.headers.get('set-cookie')).toMatch(
      /^sentinel_idp_csrf=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/,
    );
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toMatch(
      /default-src 'none'.*form-action 'self'.*frame-ancestors 'none'/,
    );
  });

  it('keeps an open form valid across a restart with the same key, and refuses it under another', async () => {
    const before = await start({ csrfSecret: 'cookie-key-1' });
    const browser = new Browser(before.base);
    const csrf = csrfIn(await (await browser.request('/forgot')).text());
    for (const [secret, status] of [
      ['cookie-key-1', 200],
      ['cookie-key-2', 403],
    ] as const) {
      const after = await start({ csrfSecret: secret });
      const same = new Browser(after.base);
      for (const [name, value] of browser.cookies) same.cookies.set(name, value);
      expect((await post(same, '/forgot', { csrf, email: BEN.email })).status, secret).toBe(status);
    }
  });

  it('marks the cookie Secure when the provider is served over https', async () => {
    const h = await start({ issuer: 'https://id.clinic.example/' });
    const res = await new Browser(h.base).request('/forgot');
    expect(res.headers.get('set-cookie')).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });
});

describe('Forgot password?', () => {
  it('is linked from the sign-in page', () => {
    expect(loginPage('uid-1')).toContain(`<a href="/forgot">${TEXTS.forgotLink}</a>`);
  });

  it('answers a known and an unknown e-mail with the same page, and mails a link only to the known one', async () => {
    const h = await start();
    const ask = async (email: string) => {
      const browser = new Browser(h.base);
      const form = await browser.request('/forgot');
      const res = await post(browser, '/forgot', { csrf: csrfIn(await form.text()), email });
      return { status: res.status, html: await res.text() };
    };
    const known = await ask(' Ben.Active@Clinic.Example ');
    const unknown = await ask('nobody@clinic.example');
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(known.html).toContain(TEXTS.forgotSent);
    await h.pages.settled();
    expect(h.mail.delivered.map((m) => [m.to, m.subject])).toEqual([[BEN.email, MAIL_TEXTS.resetSubject]]);
    expect(h.mail.delivered[0]?.text).toMatch(/http:\/\/idp\.test\/reset\?ticket=[\w-]{43}/);
  });

  it('answers before the account is looked up or the mail is sent', async () => {
    const h = await start();
    h.mail.hold();
    const browser = new Browser(h.base);
    const form = await browser.request('/forgot');
    const res = await post(browser, '/forgot', { csrf: csrfIn(await form.text()), email: BEN.email });
    expect(res.status).toBe(200);
    expect(h.mail.delivered).toEqual([]);
    h.mail.release();
    await h.pages.settled();
    expect(h.mail.delivered).toHaveLength(1);
  });

  it('mails nothing for a suspended account, and tells an invited one that its invitation sets the password', async () => {
    const h = await start();
    for (const email of [SUE.email, MARIA.email]) {
      const browser = new Browser(h.base);
      const form = await browser.request('/forgot');
      expect((await post(browser, '/forgot', { csrf: csrfIn(await form.text()), email })).status).toBe(200);
    }
    await h.pages.settled();
    expect(h.mail.delivered.map((m) => [m.to, m.subject])).toEqual([
      [MARIA.email, MAIL_TEXTS.notSetUpSubject],
    ]);
    expect(h.mail.delivered[0]?.text).not.toContain('ticket=');
    expect(await h.directory.ticketInfo(MARIA.sub, 'reset')).toBeUndefined();
  });

  it('asks again for something that is not an e-mail address, without looking anything up', async () => {
    const h = await start();
    const browser = new Browser(h.base);
    const form = await browser.request('/forgot');
    const res = await post(browser, '/forgot', { csrf: csrfIn(await form.text()), email: 'ben at clinic' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(TEXTS.emailInvalid);
    await h.pages.settled();
    expect(h.mail.delivered).toEqual([]);
  });

  it('still answers the same page when the mail cannot be sent, and reports the failure', async () => {
    const h = await start();
    h.mail.fail(new MailError('The e-mail could not be sent'));
    const browser = new Browser(h.base);
    const form = await browser.request('/forgot');
    const res = await post(browser, '/forgot', { csrf: csrfIn(await form.text()), email: BEN.email });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(TEXTS.forgotSent);
    await h.pages.settled();
    expect(h.errors).toEqual([expect.any(MailError)]);
  });

  it('limits requests per e-mail, whatever its case and whether it has an account', async () => {
    let now = 0;
    const h = await start({
      guard: createForgotGuard({ limits: { perEmail: 2, perAddress: 100 }, now: () => now }),
    });
    const browser = new Browser(h.base);
    const csrf = csrfIn(await (await browser.request('/forgot')).text());
    for (const email of [BEN.email, 'nobody@clinic.example']) {
      expect((await post(browser, '/forgot', { csrf, email })).status).toBe(200);
      expect((await post(browser, '/forgot', { csrf, email: email.toUpperCase() })).status).toBe(200);
      const refused = await post(browser, '/forgot', { csrf, email });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.text()).toContain(TEXTS.tooManyAttempts(60));
    }
    now += 60 * 60 * 1000;
    expect((await post(browser, '/forgot', { csrf, email: BEN.email })).status).toBe(200);
    await h.pages.settled();
    expect(h.mail.delivered).toHaveLength(3);
  });

  it('limits requests per client address across e-mails', async () => {
    const h = await start({ guard: createForgotGuard({ limits: { perEmail: 10, perAddress: 3 } }) });
    const browser = new Browser(h.base);
    const csrf = csrfIn(await (await browser.request('/forgot')).text());
    for (const n of [1, 2, 3]) {
      expect((await post(browser, '/forgot', { csrf, email: `person${n}@clinic.example` })).status).toBe(200);
    }
    expect((await post(browser, '/forgot', { csrf, email: 'person4@clinic.example' })).status).toBe(429);
  });
});

describe('reset links', () => {
  /** Asks for a reset of Ben's password and returns the link from the mail. */
  async function resetLinkFor(h: Harness): Promise<string> {
    const browser = new Browser(h.base);
    const form = await browser.request('/forgot');
    await post(browser, '/forgot', { csrf: csrfIn(await form.text()), email: BEN.email });
    await h.pages.settled();
    const link = /http:\/\/idp\.test(\/reset\?ticket=[\w-]+)/.exec(h.mail.delivered.at(-1)?.text ?? '')?.[1];
    if (!link) throw new Error('no reset link mailed');
    return link;
  }

  it('set a new password once; the old one and its sessions stop working, and the owner is told by mail', async () => {
    const h = await start();
    const link = await resetLinkFor(h);
    expect(h.ended).toEqual([]);
    const browser = new Browser(h.base);
    const page = await browser.request(link);
    expect(await page.text()).toContain(`<h1>${TEXTS.resetTitle}</h1>`);
    const done = await setPassword(browser, link, GOOD_PASSWORD);
    expect(done.status).toBe(200);
    expect(await done.text()).toContain(TEXTS.passwordSet);
    expect(await h.directory.authenticate(BEN.email, GOOD_PASSWORD)).toMatchObject({ ok: true });
    expect(await h.directory.authenticate(BEN.email, BEN_PASSWORD)).toMatchObject({ ok: false });
    expect(h.ended).toEqual([BEN.sub]);
    await h.pages.settled();
    expect(h.mail.delivered.at(-1)).toMatchObject({
      to: BEN.email,
      subject: MAIL_TEXTS.passwordChangedSubject,
    });

    const reused = await browser.request(link);
    expect(reused.status).toBe(410);
    expect(await reused.text()).toContain(TEXTS.resetUsed);
  });

  it('stop working after 1 hour and point to a new one', async () => {
    const h = await start();
    const link = await resetLinkFor(h);
    h.clock.now += 3600 * 1000;
    const page = await new Browser(h.base).request(link);
    const html = await page.text();
    expect(page.status).toBe(410);
    expect(html).toContain(TEXTS.resetExpired);
    expect(html).toContain(`<a href="/forgot">${TEXTS.askNewLink}</a>`);
    expect(html).not.toContain('<form');
  });

  it('apply the same password policy', async () => {
    const h = await start();
    const res = await setPassword(new Browser(h.base), await resetLinkFor(h), 'password1234');
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(PASSWORD_MESSAGES.common);
    expect(await h.directory.authenticate(BEN.email, BEN_PASSWORD)).toMatchObject({ ok: true });
  });
});

describe('bad requests', () => {
  it('answers an oversized form with 413, another method with 405, and leaves other paths alone', async () => {
    const h = await start();
    const browser = new Browser(h.base);
    await browser.request('/forgot');
    const big = await post(browser, '/forgot', { email: 'x'.repeat(20_000) });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain(TEXTS.formTooLarge);
    const put = await browser.request('/reset', { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    const other = await browser.request('/forgot/extra');
    expect(await other.text()).toBe('not ours');
  });
});

describe('the provider', () => {
  it('leads from the sign-in page’s link to a mailed reset link, ends the old sessions, and signs in with the new password', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-idp-pages-'));
    const mail = recordingMailer();
    const jane = PERSONAS.jane;
    const idp = await startIdp(
      {
        port: 0,
        host: 'localhost',
        portalOrigin: PORTAL,
        extraRedirectUris: [],
        apiAudience: 'https://api.sentinel-health.example',
        dataDir,
        trustedProxies: [],
      },
      { accounts: [jane], silent: true, mailer: mail.mailer },
    );
    try {
      // Signed in on another device with the old password: its session lets a new sign-in through at once.
      const other = new Browser(idp.url);
      const otherLogin = await other.follow(authorizeUrl(newPkce()));
      await other.postForm(formAction(await otherLogin.res.text()), {
        email: jane.email,
        password: jane.password,
      });
      expect((await other.follow(authorizeUrl(newPkce()))).url.origin).toBe(PORTAL);

      const browser = new Browser(idp.url);
      const login = await browser.follow(authorizeUrl(newPkce()));
      const forgotHref = /<a href="([^"]+)">Forgot password\?<\/a>/.exec(await login.res.text())?.[1] ?? '';
      const form = await browser.request(forgotHref);
      const sent = await post(browser, '/forgot', { csrf: csrfIn(await form.text()), email: jane.email });
      expect(await sent.text()).toContain(TEXTS.forgotSent);
      await vi.waitFor(() => expect(mail.delivered).toHaveLength(1));
      const link = new RegExp(`${idp.issuer}reset\\?ticket=[\\w-]+`).exec(mail.delivered[0]?.text ?? '')?.[0];
      expect(link).toBeTruthy();
      expect((await setPassword(browser, link ?? '', GOOD_PASSWORD)).status).toBe(200);
      // The other device's session has ended: it is asked for the password again.
      const otherAgain = await other.follow(authorizeUrl(newPkce()));
      expect(otherAgain.url.origin).not.toBe(PORTAL);
      expect(await otherAgain.res.text()).toContain('autocomplete="current-password"');

      const again = await browser.follow(authorizeUrl(newPkce()));
      const signedIn = await browser.postForm(formAction(await again.res.text()), {
        email: jane.email,
        password: GOOD_PASSWORD,
      });
      expect(signedIn.url.origin).toBe(PORTAL);
      expect(signedIn.url.searchParams.get('code')).toBeTruthy();
    } finally {
      await idp.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
