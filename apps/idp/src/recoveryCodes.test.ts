/**
 * Recovery codes (REQ-auth-recovery-codes): ten shown once after a first authenticator is confirmed, each
 * signing in once instead of the app's code, wrong ones counted by the sign-in limits, a use audited without
 * the code, and a note when few are left.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PERSONAS, type Persona } from '@sentinel/demo-data';
import * as OTPAuth from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSignInGuard } from './rateLimit';
import {
  groupedCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
  RECOVERY_ALPHABET,
  RECOVERY_TEXTS,
} from './recoveryCodes';
import { startIdp, type RunningIdp } from './server';
import { authorizeUrl, Browser, formAction, newPkce, PORTAL } from './testClient';

/** An admin-like account that must enrol a second factor at its first sign-in. */
const NURSE_MANAGER: Persona = {
  ...PERSONAS.nora,
  sub: 'auth0|sentinel-nurse-000399',
  email: 'nurse.recovery@example.com',
  password: 'Demo-nurse-recovery-9',
  permissions: [...PERSONAS.nora.permissions, 'manage:users'],
  mfa: false,
};

let dataDir: string;
let idp: RunningIdp;
let audit: string[];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-idp-recovery-'));
  audit = [];
  idp = await startIdp(
    {
      port: 0,
      host: 'localhost',
      portalOrigin: PORTAL,
      extraRedirectUris: [],
      apiAudience: 'https://api.sentinel-health.example',
      dataDir,
      trustedProxies: [],
    },
    {
      accounts: [NURSE_MANAGER],
      silent: true,
      log: (line) => audit.push(line),
      // The account's own limit (5 failures per 15 minutes from one address) applies as in production.
      guard: createSignInGuard(),
      mailer: { send: async () => undefined },
    },
  );
});

afterEach(async () => {
  await idp.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function passwordStep() {
  const browser = new Browser(idp.url);
  const login = await browser.follow(authorizeUrl(newPkce()));
  const next = await browser.postForm(formAction(await login.res.text()), {
    email: NURSE_MANAGER.email,
    password: NURSE_MANAGER.password,
  });
  return { browser, html: await next.res.text(), url: next.url };
}

const codesOn = (html: string) =>
  [...html.matchAll(/<li><code>([a-z0-9-]+)<\/code><\/li>/g)].map((m) => m[1] ?? '');

/** Enrols the authenticator from the setup key; the answer is the recovery codes page. */
async function enrol() {
  const { browser, html } = await passwordStep();
  const key = /<code class="setup-key"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(html)?.[1]?.replace(/ /g, '') ?? '';
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 }).generate();
  const shown = await browser.postForm(formAction(html), { code });
  return { browser, shown, html: await shown.res.text() };
}

/** A sign-in up to the recovery code form, reached through the code page's link. */
async function recoveryForm() {
  const { browser, html } = await passwordStep();
  expect(html).toContain('<label for="code">Authentication code</label>');
  const link = /<a href="([^"]+)">Use a recovery code instead<\/a>/.exec(html)?.[1] ?? '';
  const form = await browser.follow(link);
  expect(form.res.status).toBe(200);
  return { browser, html: await form.res.text() };
}

describe('recovery codes as made', () => {
  it('are ten different codes of 10 unambiguous characters, shown as two groups of five', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(RECOVERY_ALPHABET).not.toMatch(/[01ilo]/);
    expect(RECOVERY_ALPHABET).toHaveLength(31);
  });

  it('are read in any case, with or without the hyphen or spaces; anything else is no code', () => {
    expect(normalizeRecoveryCode(' ABCDE-FGHJK ')).toBe('abcdefghjk');
    expect(normalizeRecoveryCode('abcde fghjk')).toBe('abcdefghjk');
    expect(groupedCode('abcdefghjk')).toBe('abcde-fghjk');
    expect(normalizeRecoveryCode('abcde-fghj')).toBeUndefined();
    expect(normalizeRecoveryCode('abcde-fghjo')).toBeUndefined();
    expect(normalizeRecoveryCode('')).toBeUndefined();
  });
});

describe('recovery codes at sign-in', () => {
  it('are shown once after the first code is confirmed, and Continue completes the sign-in', async () => {
    const { browser, shown, html } = await enrol();
    expect(shown.url.origin).not.toBe(PORTAL);
    expect(html).toContain(`<h1>${RECOVERY_TEXTS.savedTitle}</h1>`);
    expect(html).toContain(RECOVERY_TEXTS.savedOnce);
    expect(html).not.toMatch(/<script/);
    // The provider pages' headers: no script may run, nothing is cached, no framing.
    expect(shown.res.headers.get('content-security-policy')).toMatch(
      /^default-src 'none';.*frame-ancestors 'none'/,
    );
    expect(shown.res.headers.get('cache-control')).toBe('no-store');
    const codes = codesOn(html);
    expect(codes).toHaveLength(10);
    expect(await idp.directory.recoveryCodesLeft(NURSE_MANAGER.sub)).toBe(10);
    const done = await browser.postForm(formAction(html), {});
    expect(done.url.origin).toBe(PORTAL);
    expect(done.url.searchParams.get('code')).toBeTruthy();
    // The next sign-in shows no codes: they were shown once.
    const next = await passwordStep();
    expect(next.html).not.toContain(RECOVERY_TEXTS.savedTitle);
    for (const code of codes) expect(next.html).not.toContain(code);
  });

  it('a saved code signs in once instead of the app’s code; the same code is refused the second time', async () => {
    const { browser, html } = await enrol();
    const [first = '', second = ''] = codesOn(html);
    await browser.postForm(formAction(html), {});

    const one = await recoveryForm();
    expect(one.html).toContain('<label for="recovery-code">Recovery code</label>');
    const signedIn = await one.browser.postForm(formAction(one.html), { code: ` ${first.toUpperCase()} ` });
    expect(signedIn.url.origin).toBe(PORTAL);
    expect(await idp.directory.recoveryCodesLeft(NURSE_MANAGER.sub)).toBe(9);

    const again = await recoveryForm();
    const refused = await again.browser.postForm(formAction(again.html), { code: first });
    expect(refused.res.status).toBe(401);
    const page = await refused.res.text();
    expect(page).toContain(`<div class="alert" role="alert">${RECOVERY_TEXTS.wrongCode}</div>`);
    expect(page).toContain('aria-invalid="true"');
    // Still at the second step: another unused code goes through.
    const next = await again.browser.postForm(formAction(page), { code: second.replace('-', '') });
    expect(next.url.origin).toBe(PORTAL);
  });

  it('writes each use to the audit log with the account and what is left, never the code', async () => {
    const { browser, html } = await enrol();
    const [first = ''] = codesOn(html);
    await browser.postForm(formAction(html), {});
    const { browser: b, html: form } = await recoveryForm();
    await b.postForm(formAction(form), { code: first });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toContain(NURSE_MANAGER.sub);
    expect(audit[0]).toContain('9 left');
    expect(audit[0]).not.toContain(first);
    expect(audit[0]).not.toContain(normalizeRecoveryCode(first));
  });

  it('counts wrong codes toward the sign-in limits: after five, even a right code waits', async () => {
    const { browser, html } = await enrol();
    const [first = ''] = codesOn(html);
    await browser.postForm(formAction(html), {});
    const { browser: b, html: form } = await recoveryForm();
    const action = formAction(form);
    for (let i = 0; i < 5; i += 1) {
      expect((await b.postForm(action, { code: 'zzzzz-zzzzz' })).res.status).toBe(401);
    }
    const blocked = await b.postForm(action, { code: first });
    expect(blocked.res.status).toBe(429);
    expect(blocked.res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await blocked.res.text()).toContain('Too many attempts.');
    expect(await idp.directory.recoveryCodesLeft(NURSE_MANAGER.sub)).toBe(10);
  });

  it('tells the user when three or fewer are left, then Continue completes the sign-in', async () => {
    const { browser, html } = await enrol();
    await browser.postForm(formAction(html), {});
    await idp.directory.setRecoveryCodes(NURSE_MANAGER.sub, [
      'abcdefghjk',
      'mnpqrstuvw',
      'xyz2345678',
      '2345678abc',
    ]);
    const { browser: b, html: form } = await recoveryForm();
    const note = await b.postForm(formAction(form), { code: 'abcde-fghjk' });
    expect(note.url.origin).not.toBe(PORTAL);
    const page = await note.res.text();
    expect(page).toContain(`<h1>${RECOVERY_TEXTS.fewLeftTitle}</h1>`);
    expect(page).toContain('<p role="status">You have 3 recovery codes left.</p>');
    const done = await b.postForm(formAction(page), {});
    expect(done.url.origin).toBe(PORTAL);
  });

  it('offers no recovery code form or Continue before the password step of the same sign-in', async () => {
    const browser = new Browser(idp.url);
    const login = await browser.follow(authorizeUrl(newPkce()));
    const base = formAction(await login.res.text()).replace(/\/login$/, '');
    expect((await browser.follow(`${base}/recovery`)).res.status).toBe(400);
    expect((await browser.postForm(`${base}/recovery`, { code: 'abcde-fghjk' })).res.status).toBe(400);
    const cont = await browser.postForm(`${base}/continue`, {});
    expect(cont.res.status).toBe(400);
    expect(cont.url.origin).not.toBe(PORTAL);
  });
});
