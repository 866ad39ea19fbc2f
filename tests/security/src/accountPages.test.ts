/**
 * The provider's account pages (REQ-auth-provider-pages, REQ-auth-password-reset, REQ-auth-password-policy;
 * ASVS 2.5 credential recovery, 3.5 CSRF, 11.1.4 anti-automation, 14.4 headers; HIPAA 164.312(d)): the
 * invitation and reset links, "Forgot password?" and the TOTP enrolment step at first sign-in, through the real
 * provider in process. No form changes anything without its own page's token or from another site; the pages
 * cannot be framed, cached or leak a link's ticket to another site; bursts are refused without telling
 * anything; a known and an unknown e-mail, and a changed and an unknown link, are answered alike; a link works
 * once, for its own account, and the password policy holds on the server.
 */
import { randomBytes } from 'node:crypto';
import { PERSONAS } from '@sentinel/demo-data';
import {
  authorizeUrl,
  Browser,
  currentTotp,
  formAction,
  newPkce,
  PORTAL,
  RECOVERY_TEXTS,
} from '@sentinel/idp/testkit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { csrfIn, postForm, startProvider, type Provider } from './provider';

let provider: Provider;
beforeEach(async () => {
  provider = await startProvider();
});
afterEach(async () => {
  await provider.close();
});

const jane = PERSONAS.jane;
const john = PERSONAS.john;
const NEW_PASSWORD = 'quartz meadow lantern 58';
/** Answers whose timing or headers depend on the request, not on what was asked. */
const VOLATILE_HEADERS = new Set(['date', 'set-cookie', 'keep-alive', 'connection']);

/** Each test speaks from its own addresses (X-Forwarded-For from loopback is believed). */
let addressCounter = 0;
const newAddress = () => {
  addressCounter += 1;
  return { 'x-forwarded-for': `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}` };
};

/** A new invited account (no password yet) and its invitation link. */
async function invitedAccount() {
  const sub = `auth0|${randomBytes(12).toString('hex')}`;
  const email = `invited.${sub.slice(-6)}@clinic.example`;
  await provider.idp.directory.create({
    sub,
    email,
    name: 'Ivy Invited',
    given_name: 'Ivy',
    family_name: 'Invited',
    role: 'nurse',
    roles: ['Nurse'],
    permissions: [],
    specializations: [],
    department: 'Ward 2',
  });
  const { token } = await provider.idp.directory.createTicket(sub, 'invitation', 72 * 3600);
  return { sub, email, ticket: token, link: `/invitation?ticket=${encodeURIComponent(token)}` };
}

async function resetLink(sub: string, ttlSeconds = 3600) {
  const { token } = await provider.idp.directory.createTicket(sub, 'reset', ttlSeconds);
  return { ticket: token, link: `/reset?ticket=${encodeURIComponent(token)}` };
}

/** Opens a page in `browser` and gives its HTML and CSRF token. */
async function open(browser: Browser, where: string, headers: Record<string, string> = newAddress()) {
  const res = await browser.request(where, { headers });
  const html = await res.text();
  return { res, html, csrf: csrfIn(html) };
}

const signsIn = async (email: string, password: string) =>
  (await provider.idp.directory.authenticate(email, password)).ok;

/** A link's ticket with one character changed (still 43 base64url characters). */
const tampered = (ticket: string) => `${ticket.slice(0, -1)}${ticket.endsWith('A') ? 'B' : 'A'}`;

describe('CSRF: no account form changes anything without its own page’s token, or from another site', () => {
  it('refuses every post of the invitation, reset and forgot forms without the token, with another browser’s, or from another origin', async () => {
    const invited = await invitedAccount();
    const reset = await resetLink(jane.sub);
    const forms: { where: string; action: string; fields: Record<string, string> }[] = [
      {
        where: invited.link,
        action: '/invitation',
        fields: { ticket: invited.ticket, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      },
      {
        where: reset.link,
        action: '/reset',
        fields: { ticket: reset.ticket, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      },
      { where: '/forgot', action: '/forgot', fields: { email: jane.email } },
    ];
    const own = new URL(provider.idp.url).origin;
    for (const form of forms) {
      const browser = new Browser(provider.idp.url);
      const { csrf } = await open(browser, form.where);
      const stranger = await open(new Browser(provider.idp.url), form.where);
      expect(csrf, form.action).toMatch(/^[\w-]{43}$/);
      const attempts: [string, Browser, Record<string, string>, Record<string, string>][] = [
        ['no token', browser, form.fields, {}],
        ['another browser’s token', browser, { ...form.fields, csrf: stranger.csrf }, {}],
        ['the token without its cookie', new Browser(provider.idp.url), { ...form.fields, csrf }, {}],
        ['another site', browser, { ...form.fields, csrf }, { origin: 'https://attacker.example' }],
        ['an opaque origin', browser, { ...form.fields, csrf }, { origin: 'null' }],
        ['a look-alike origin', browser, { ...form.fields, csrf }, { origin: `${own}.attacker.example` }],
      ];
      for (const [label, who, fields, headers] of attempts) {
        const res = await postForm(who, form.action, fields, { ...newAddress(), ...headers });
        expect(res.status, `${form.action}: ${label}`).toBe(403);
        expect(await res.text(), `${form.action}: ${label}`).not.toContain(NEW_PASSWORD);
      }
    }
    // Nothing changed: no password set, no mail sent, both links still open their form.
    expect(await signsIn(invited.email, NEW_PASSWORD)).toBe(false);
    expect(await signsIn(jane.email, NEW_PASSWORD)).toBe(false);
    expect(await signsIn(jane.email, jane.password)).toBe(true);
    expect(provider.mails).toEqual([]);
    for (const link of [invited.link, reset.link]) {
      expect((await open(new Browser(provider.idp.url), link)).res.status, link).toBe(200);
    }

    // The same post from the page itself, with the provider's own Origin, is taken.
    const browser = new Browser(provider.idp.url);
    const { csrf } = await open(browser, reset.link);
    const taken = await postForm(
      browser,
      '/reset',
      { ...forms[1]!.fields, csrf },
      { ...newAddress(), origin: own },
    );
    expect(taken.status).toBe(200);
    expect(await signsIn(jane.email, NEW_PASSWORD)).toBe(true);
  });

  it('keeps the CSRF cookie HttpOnly and SameSite=Strict, so another site’s post carries none', async () => {
    const res = await new Browser(provider.idp.url).request('/forgot', { headers: newAddress() });
    const cookie = res.headers.getSetCookie().find((line) => line.startsWith('sentinel_idp_csrf='));
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
  });

  it('the TOTP enrolment step takes a code only with the sign-in’s own interaction cookie, and enrols nothing otherwise', async () => {
    // A doctor without an authenticator: the password step leads to enrolment.
    const sub = `auth0|${randomBytes(12).toString('hex')}`;
    const doctor = {
      email: `new.doctor.${sub.slice(-6)}@clinic.example`,
      password: 'cobalt harbour piano 17',
    };
    await provider.idp.directory.create({
      sub,
      email: doctor.email,
      name: 'Nell Doctor',
      given_name: 'Nell',
      family_name: 'Doctor',
      role: 'doctor',
      roles: ['Doctor'],
      permissions: [],
      specializations: ['cardiology'],
      department: 'Cardiology',
      password: doctor.password,
    });
    const browser = new Browser(provider.idp.url);
    const login = await browser.follow(authorizeUrl(newPkce()));
    const interactionCookies = [...browser.cookies.keys()];
    expect(interactionCookies.length).toBeGreaterThan(0);
    const enrol = await browser.postForm(formAction(await login.res.text()), doctor);
    const page = await enrol.res.text();
    const action = formAction(page);
    expect(action).toMatch(/\/enrol$/);
    const setupKey =
      /<code class="setup-key"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(page)?.[1]?.replace(/ /g, '') ?? '';
    expect(setupKey).toMatch(/^[A-Z2-7]{32}$/);

    // The right code, posted by another browser (what a forged cross-site post is: no cookie of the sign-in).
    const forged = await postForm(
      new Browser(provider.idp.url),
      action,
      { code: currentTotp(setupKey) },
      {
        origin: 'https://attacker.example',
      },
    );
    expect(forged.status).toBeGreaterThanOrEqual(400);
    expect(forged.status).toBeLessThan(500);
    expect(forged.headers.get('location') ?? '').not.toContain(PORTAL);
    expect(await provider.idp.directory.totpSecret(sub)).toBeUndefined();

    // The sign-in's cookies are HttpOnly and SameSite (a cross-site post never carries them).
    const start = await fetch(new URL(authorizeUrl(newPkce()), provider.idp.url), { redirect: 'manual' });
    for (const line of start.headers.getSetCookie()) {
      expect(line, line.split('=')[0]).toMatch(/; httponly/i);
      expect(line, line.split('=')[0]).toMatch(/; samesite=(lax|strict)/i);
    }

    // The sign-in's own browser enrols with the same code; the recovery codes page's Continue signs in.
    const codes = await browser.postForm(action, { code: currentTotp(setupKey) });
    const codesPage = await codes.res.text();
    expect(codesPage).toContain(RECOVERY_TEXTS.savedTitle);
    const done = await browser.postForm(formAction(codesPage), {});
    expect(done.url.origin).toBe(PORTAL);
    expect(await provider.idp.directory.totpSecret(sub)).toBe(setupKey);
  });
});

describe('the account pages’ security headers', () => {
  it('send a CSP allowing only our own script files, forbid framing, are never stored, and send no referrer to other sites: a link’s ticket stays on the page', async () => {
    const invited = await invitedAccount();
    const reset = await resetLink(jane.sub);
    const browser = new Browser(provider.idp.url);
    const forgot = await open(browser, '/forgot');
    const answers = [
      ['invitation form', (await open(browser, invited.link)).res],
      ['reset form', (await open(browser, reset.link)).res],
      ['unknown link', (await open(browser, `/reset?ticket=${'x'.repeat(43)}`)).res],
      ['forgot form', forgot.res],
      [
        'forgot answer',
        await postForm(browser, '/forgot', { csrf: forgot.csrf, email: jane.email }, newAddress()),
      ],
      ['refused post', await postForm(browser, '/forgot', { email: jane.email }, newAddress())],
    ] as const;
    for (const [label, res] of answers) {
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, label).toContain("default-src 'none'");
      expect(csp, label).toContain("frame-ancestors 'none'");
      // Scripts only from the provider's own files (the passkey script): nothing inline, no eval.
      expect(csp, label).not.toMatch(/unsafe-eval/);
      expect(/script-src ([^;]*)/.exec(csp)?.[1]?.trim() ?? "'self'", label).toBe("'self'");
      expect(res.headers.get('x-frame-options'), label).toBe('DENY');
      expect(res.headers.get('cache-control'), label).toBe('no-store');
      expect(res.headers.get('referrer-policy'), label).toBe('same-origin');
      expect(res.headers.get('content-type'), label).toBe('text/html; charset=utf-8');
    }

    // The ticket appears on its page only in the form's hidden field: no link or resource carries it away.
    const html = (await open(browser, reset.link)).html;
    const withoutField = html.replace(`name="ticket" value="${reset.ticket}"`, '');
    expect(withoutField).not.toContain(reset.ticket);
    expect(html).not.toMatch(/<script|<img|<iframe|<link /i);
  });

  it('the enrolment step, which shows a new secret, is never stored, framed or referred either', async () => {
    const sub = `auth0|${randomBytes(12).toString('hex')}`;
    const admin = { email: `new.admin.${sub.slice(-6)}@clinic.example`, password: 'willow copper stream 63' };
    await provider.idp.directory.create({
      sub,
      email: admin.email,
      name: 'Ada Admin',
      given_name: 'Ada',
      family_name: 'Admin',
      role: 'admin',
      roles: ['Admin'],
      permissions: ['manage:users'],
      specializations: [],
      department: 'IT',
      password: admin.password,
    });
    const browser = new Browser(provider.idp.url);
    const login = await browser.follow(authorizeUrl(newPkce()));
    const { res } = await browser.postForm(formAction(await login.res.text()), admin);
    expect(await res.text()).toContain('setup-key');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
  });
});

/** The parts of an answer a client can compare: status, body without the form's token, stable headers. */
async function comparable(res: Response) {
  const body = (await res.text()).replace(/name="csrf" value="[^"]+"/g, 'name="csrf" value=""');
  const headers = [...res.headers].filter(([name]) => !VOLATILE_HEADERS.has(name));
  return { status: res.status, body, headers };
}

/** Posts "Forgot password?" for `email` from `address`, as a browser that opened the page first. */
async function forgot(email: string, address = newAddress()) {
  const browser = new Browser(provider.idp.url);
  const { csrf } = await open(browser, '/forgot', address);
  const started = performance.now();
  const res = await postForm(browser, '/forgot', { csrf, email }, address);
  const answer = await comparable(res);
  return { ...answer, ms: performance.now() - started };
}

describe('rate limits of the account pages', () => {
  it('"Forgot password?" refuses the 4th request for one e-mail within the hour from any address, alike for a known and an unknown e-mail', async () => {
    const unknown = `nobody.${randomBytes(4).toString('hex')}@clinic.example`;
    const refusals = [];
    for (const email of [jane.email, unknown]) {
      for (let i = 0; i < 3; i += 1) expect((await forgot(email)).status, `${email} #${i + 1}`).toBe(200);
      const refused = await forgot(email.toUpperCase());
      expect(refused.status, email).toBe(429);
      expect(Number(new Map(refused.headers).get('retry-after'))).toBeGreaterThan(0);
      // The form is shown again with what was typed; everything else must match.
      refusals.push({ ...refused, body: refused.body.replace(email.toUpperCase(), '(typed)') });
    }
    const [known, other] = refusals;
    expect(known?.body).toBe(other?.body);
    // Retry-After counts down from each e-mail's first request: equal to the second, not more.
    expect(new Set([...new Map(known?.headers)].map(([name]) => name))).toEqual(
      new Set([...new Map(other?.headers)].map(([name]) => name)),
    );
    // Three mails at most reached the known mailbox (sent after the answers), none went to the unknown address.
    await vi.waitFor(() => expect(provider.mails.filter((mail) => mail.to === jane.email)).toHaveLength(3));
    expect(provider.mails.filter((mail) => mail.to === unknown)).toHaveLength(0);
  });

  it('"Forgot password?" refuses an address past 20 e-mails an hour, and only that address', async () => {
    const address = newAddress();
    for (let i = 0; i < 20; i += 1) {
      expect((await forgot(`sweep.${i}@clinic.example`, address)).status, `#${i + 1}`).toBe(200);
    }
    expect((await forgot('sweep.20@clinic.example', address)).status).toBe(429);
    expect((await forgot(jane.email, address)).status).toBe(429);
    expect((await forgot('sweep.20@clinic.example')).status).toBe(200);
  });

  it('the link pages refuse an address that keeps trying links that do not work, whatever link it tries next', async () => {
    const address = newAddress();
    const reset = await resetLink(john.sub);
    const browser = new Browser(provider.idp.url);
    for (let i = 0; i < 30; i += 1) {
      const ticket = randomBytes(32).toString('base64url');
      const where = i % 2 ? `/invitation?ticket=${ticket}` : `/reset?ticket=${ticket}`;
      expect((await open(browser, where, address)).res.status, `#${i + 1}`).toBe(400);
    }
    const wrong = await comparable(
      await browser.request(`/reset?ticket=${randomBytes(32).toString('base64url')}`, { headers: address }),
    );
    const right = await comparable(await browser.request(reset.link, { headers: address }));
    expect(wrong.status).toBe(429);
    // The refusal does not say whether this link would have worked.
    expect(right.status).toBe(429);
    expect(right.body.replace(reset.ticket, '')).not.toContain('Email');
    expect(new Map(right.headers).get('retry-after')).toBeTruthy();
    // A post is refused as well, and sets nothing.
    const { csrf } = await open(browser, '/forgot');
    const post = await postForm(
      browser,
      '/reset',
      { csrf, ticket: reset.ticket, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
      address,
    );
    expect(post.status).toBe(429);
    expect(await signsIn(john.email, NEW_PASSWORD)).toBe(false);
    // Anyone else, and the link's owner elsewhere, are not held up.
    expect((await open(new Browser(provider.idp.url), reset.link)).res.status).toBe(200);
  });
});

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

describe('enumeration', () => {
  it('"Forgot password?" answers a known and an unknown e-mail with the same status, body and headers', async () => {
    const known = await forgot(jane.email);
    const unknown = await forgot(`nobody.${randomBytes(4).toString('hex')}@clinic.example`);
    expect(known.status).toBe(200);
    expect(unknown).toEqual({ ...known, ms: unknown.ms });
    expect(known.body).not.toContain(jane.email);
  });

  it('"Forgot password?" takes about as long for a known as for an unknown e-mail (medians over 9 tries each)', async () => {
    const knownEmails = [
      jane,
      john,
      PERSONAS.alice,
      PERSONAS.ben,
      PERSONAS.sam,
      PERSONAS.nora,
      PERSONAS.phil,
      PERSONAS.dana,
    ];
    const known: number[] = [];
    const unknown: number[] = [];
    // Warm-up (first connection, first page), then alternating so background work and load hit both alike.
    await forgot(`warmup.${randomBytes(4).toString('hex')}@clinic.example`);
    for (let i = 0; i < 9; i += 1) {
      const persona = knownEmails[i % knownEmails.length]!;
      const order = i % 2 ? ['unknown', 'known'] : ['known', 'unknown'];
      for (const which of order) {
        if (which === 'known') known.push((await forgot(persona.email)).ms);
        else unknown.push((await forgot(`nobody.${i}.${randomBytes(4).toString('hex')}@clinic.example`)).ms);
      }
    }
    const [k, u] = [median(known), median(unknown)];
    // The account is looked up and the mail sent only after the answer, so the two differ by noise alone. On a
    // loaded 2-core machine a single try can take 100 ms more; medians of 9 move by a few milliseconds. An
    // argon2 hash or a mail sent before the answer would add 50 ms or more to every known try.
    expect(Math.abs(k - u), `known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`).toBeLessThan(
      25 + 0.5 * Math.min(k, u),
    );
  });

  it('the link pages answer a changed, cut, unknown or empty link exactly alike, on both pages', async () => {
    const reset = await resetLink(jane.sub);
    const invited = await invitedAccount();
    for (const kind of ['reset', 'invitation'] as const) {
      const real = kind === 'reset' ? reset.ticket : invited.ticket;
      const answers = [];
      for (const ticket of [tampered(real), real.slice(0, 20), randomBytes(32).toString('base64url'), '']) {
        answers.push(
          await comparable(
            await new Browser(provider.idp.url).request(`/${kind}?ticket=${ticket}`, {
              headers: newAddress(),
            }),
          ),
        );
      }
      expect(answers[0]?.status, kind).toBe(400);
      for (const answer of answers) expect(answer, kind).toEqual(answers[0]);
    }
  });

  it('an expired or a used link’s page is the same whoever it was for, and names no account', async () => {
    const pages = async (link: string) =>
      comparable(await new Browser(provider.idp.url).request(link, { headers: newAddress() }));
    // Expired: two accounts' links of one second.
    const expiring = [await resetLink(jane.sub, 1), await resetLink(john.sub, 1)];
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const expired = await Promise.all(expiring.map((link) => pages(link.link)));
    expect(expired[0]?.status).toBe(410);
    expect(expired[1]).toEqual(expired[0]);
    // Used: two accounts' links, each used once.
    const used = [];
    for (const persona of [jane, john]) {
      const link = await resetLink(persona.sub);
      const browser = new Browser(provider.idp.url);
      const { csrf } = await open(browser, link.link);
      const fields = { csrf, ticket: link.ticket, password: NEW_PASSWORD, confirm: NEW_PASSWORD };
      expect((await postForm(browser, '/reset', fields, newAddress())).status).toBe(200);
      used.push(await pages(link.link));
    }
    expect(used[0]?.status).toBe(410);
    expect(used[1]).toEqual(used[0]);
    for (const answer of [...expired, ...used]) {
      for (const persona of [jane, john]) {
        expect(answer.body).not.toContain(persona.email);
        expect(answer.body).not.toContain(persona.family_name);
      }
      expect(answer.body).not.toContain('name="password"');
    }
  });
});

describe('password links', () => {
  it('work once: a second post of the same link is refused and changes nothing', async () => {
    const reset = await resetLink(jane.sub);
    const browser = new Browser(provider.idp.url);
    const { csrf } = await open(browser, reset.link);
    const first = { csrf, ticket: reset.ticket, password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    expect((await postForm(browser, '/reset', first, newAddress())).status).toBe(200);
    const again = 'second attempt harbour 99';
    const second = await postForm(
      browser,
      '/reset',
      { ...first, password: again, confirm: again },
      newAddress(),
    );
    expect(second.status).toBe(410);
    expect(await signsIn(jane.email, again)).toBe(false);
    expect(await signsIn(jane.email, NEW_PASSWORD)).toBe(true);
  });

  it('two posts of one link at the same moment set one password', async () => {
    const reset = await resetLink(john.sub);
    const browser = new Browser(provider.idp.url);
    const { csrf } = await open(browser, reset.link);
    const passwords = ['racing copper kettle 11', 'racing silver teapot 22'];
    const answers = await Promise.all(
      passwords.map((password) =>
        postForm(
          browser,
          '/reset',
          { csrf, ticket: reset.ticket, password, confirm: password },
          newAddress(),
        ),
      ),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([200, 410]);
    const works = await Promise.all(passwords.map((password) => signsIn(john.email, password)));
    expect(works.filter(Boolean)).toHaveLength(1);
  });

  it('refuse a changed or an expired link, and set nothing', async () => {
    const reset = await resetLink(jane.sub);
    const browser = new Browser(provider.idp.url);
    const { csrf } = await open(browser, reset.link);
    const post = (ticket: string) =>
      postForm(
        browser,
        '/reset',
        { csrf, ticket, password: NEW_PASSWORD, confirm: NEW_PASSWORD },
        newAddress(),
      );
    expect((await post(tampered(reset.ticket))).status).toBe(400);
    expect((await post(`${reset.ticket}x`)).status).toBe(400);
    const short = await resetLink(john.sub, 1);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await post(short.ticket)).status).toBe(410);
    expect(await signsIn(jane.email, NEW_PASSWORD)).toBe(false);
    expect(await signsIn(john.email, NEW_PASSWORD)).toBe(false);
    // A reset link is no invitation link, and the other way round.
    const invited = await invitedAccount();
    expect((await post(invited.ticket)).status).toBe(400);
    expect(await signsIn(invited.email, NEW_PASSWORD)).toBe(false);
  });

  it('set only their own account’s password, whatever account the form names', async () => {
    const reset = await resetLink(jane.sub);
    const browser = new Browser(provider.idp.url);
    const { csrf } = await open(browser, reset.link);
    const res = await postForm(
      browser,
      '/reset',
      {
        csrf,
        ticket: reset.ticket,
        password: NEW_PASSWORD,
        confirm: NEW_PASSWORD,
        email: john.email,
        sub: john.sub,
        user_id: john.sub,
      },
      newAddress(),
    );
    expect(res.status).toBe(200);
    expect(await signsIn(jane.email, NEW_PASSWORD)).toBe(true);
    expect(await signsIn(john.email, NEW_PASSWORD)).toBe(false);
    expect(await signsIn(john.email, john.password)).toBe(true);
    // John's own link, posted with Jane's e-mail in the form, is John's.
    const his = await resetLink(john.sub);
    const page = await open(browser, his.link);
    expect(page.html).toContain(john.email);
    expect(page.html).not.toContain(jane.email);
  });

  it('enforce the password policy on the server: short, common or the e-mail are refused and the link still works', async () => {
    const reset = await resetLink(jane.sub);
    const browser = new Browser(provider.idp.url);
    const { csrf } = await open(browser, reset.link);
    const refused = [
      'short-pass1',
      'password1234',
      'PassWord1234',
      jane.email,
      `${jane.email.split('@')[0]}!2026x`,
    ];
    for (const password of refused) {
      const res = await postForm(
        browser,
        '/reset',
        { csrf, ticket: reset.ticket, password, confirm: password },
        newAddress(),
      );
      expect(res.status, password).toBe(400);
      expect(await res.text(), password).toContain('aria-invalid="true"');
      expect(await signsIn(jane.email, password), password).toBe(false);
    }
    // An absurdly long one is refused too, without the hash ever being computed on it.
    const huge = 'long '.repeat(200);
    const long = await postForm(
      browser,
      '/reset',
      { csrf, ticket: reset.ticket, password: huge, confirm: huge },
      newAddress(),
    );
    expect(long.status).toBe(400);
    // The refusals used nothing: the link still sets a good password.
    const fields = { csrf, ticket: reset.ticket, password: NEW_PASSWORD, confirm: NEW_PASSWORD };
    expect((await postForm(browser, '/reset', fields, newAddress())).status).toBe(200);
    expect(await signsIn(jane.email, NEW_PASSWORD)).toBe(true);
  });
});
