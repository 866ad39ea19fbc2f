/**
 * Passkeys as the second factor (REQ-auth-passkeys): enrolled at first sign-in instead of an authenticator app,
 * then asked for after the password. A software authenticator (fakeAuthenticator.ts) plays the browser and the
 * passkey, so every check of the provider (challenge, origin, RP ID, signature, counter) runs on real bytes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_TOTP_SECRET, PERSONAS, PERSONA_LIST, type Persona } from '@sentinel/demo-data';
import { usedSecondFactor } from '@sentinel/domain';
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENROLMENT_TEXTS } from './enrolment';
import { FakeAuthenticator } from './fakeAuthenticator';
import { PASSKEY_TEXTS, TEXTS } from './pages';
import { RECOVERY_TEXTS } from './recoveryCodes';
import {
  multifactorName,
  PASSKEY_NAME,
  registrationOptions,
  relyingPartyOf,
  verifyRegistration,
} from './passkeys';
import { startIdp, type RunningIdp } from './server';
import { PORTAL_CLIENT_ID } from './settings';
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

/** A doctor with no second factor yet: the first sign-in enrols one. */
const NEW_DOCTOR: Persona = {
  ...PERSONAS.ben,
  key: 'ben',
  sub: 'auth0|sentinel-doctor-000777',
  email: 'dr.new@example.com',
  password: 'Demo-doctor-7-lantern',
  totpSecret: undefined,
  mfa: false,
};

let dataDir: string;
let idp: RunningIdp;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-idp-passkeys-'));
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
    { accounts: [...PERSONA_LIST, NEW_DOCTOR], silent: true },
  );
});

afterEach(async () => {
  await idp.close();
  await rm(dataDir, { recursive: true, force: true });
});

const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The passkey form of a page: where it posts and the options it hands to the browser. */
function passkeyForm<T>(html: string): { action: string; options: T } {
  const form =
    /<form method="post" action="([^"]+)" data-passkey="(?:create|get)" data-passkey-options="([^"]*)"/.exec(
      html,
    );
  if (!form) throw new Error('no passkey form on the page');
  return { action: unescape(form[1] ?? ''), options: JSON.parse(unescape(form[2] ?? '')) as T };
}

async function passwordStep(persona: Persona, pkce = newPkce()) {
  const browser = new Browser(idp.url);
  const login = await browser.follow(authorizeUrl(pkce));
  const next = await browser.postForm(formAction(await login.res.text()), {
    email: persona.email,
    password: persona.password,
  });
  return {
    browser,
    pkce,
    html: await next.res.text(),
    status: next.res.status,
    url: next.url,
    csp: next.res.headers.get('content-security-policy') ?? '',
  };
}

/** The id token's amr of a finished sign-in (the code exchanged as the portal does). */
async function amrOf(code: string, pkce: Pkce): Promise<unknown> {
  const res = await fetch(`${idp.url}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: PORTAL },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: PORTAL_CLIENT_ID,
      code,
      code_verifier: pkce.verifier,
      redirect_uri: REDIRECT_URI,
    }),
  });
  const tokens = (await res.json()) as { id_token: string };
  return decodeJwt(tokens.id_token).amr;
}

const post = (browser: Browser, action: string, fields: Record<string, string>) =>
  browser.postForm(action, fields);

/** Enrols a passkey for NEW_DOCTOR through the pages; the authenticator now holds it. */
async function enrolPasskey(authenticator: FakeAuthenticator) {
  const step = await passwordStep(NEW_DOCTOR);
  const { action, options } = passkeyForm<PublicKeyCredentialCreationOptionsJSON>(step.html);
  const codes = await post(step.browser, action, {
    credential: JSON.stringify(authenticator.create(options)),
    problem: '',
  });
  const done = await pastRecoveryCodes(step.browser, codes);
  expect(done.url.origin).toBe(PORTAL);
  return { ...step, done };
}

/** The codes the last recovery codes page showed (enrolPasskey keeps them). */
let shownCodes: string[] = [];

/** After an enrolment: the recovery codes page, shown once, whose Continue completes the sign-in. */
async function pastRecoveryCodes(browser: Browser, answer: { res: Response }) {
  const html = await answer.res.text();
  expect(html).toContain(RECOVERY_TEXTS.savedTitle);
  shownCodes = [...html.matchAll(/<li><code>([a-z0-9-]+)<\/code><\/li>/g)].map((m) => m[1] ?? '');
  return browser.postForm(formAction(html), {});
}

describe('enrolling a passkey at first sign-in', () => {
  it('offers the app and a passkey on one page, each under its heading, the passkey script from the provider', async () => {
    const { html, status } = await passwordStep(NEW_DOCTOR);
    expect(status).toBe(200);
    expect(html).toContain(`<h1>${ENROLMENT_TEXTS.title}</h1>`);
    expect(html).toContain(`<h2>${PASSKEY_TEXTS.appHeading}</h2>`);
    expect(html).toContain(`<h2>${PASSKEY_TEXTS.passkeyHeading}</h2>`);
    expect(html).toContain(
      `<button type="submit" aria-describedby="passkey-hint">${PASSKEY_TEXTS.enrolSubmit}</button>`,
    );
    expect(html).toContain('<script src="/assets/passkey.js" defer></script>');
    // No inline script: every <script> element has a src.
    expect(html.match(/<script(?![^>]*\ssrc=)[^>]*>/g) ?? []).toEqual([]);
    const { options } = passkeyForm<PublicKeyCredentialCreationOptionsJSON>(html);
    expect(options.rp).toEqual({ id: 'localhost', name: 'Sentinel Health' });
    expect(options.user.name).toBe(NEW_DOCTOR.email);
    expect(options.authenticatorSelection?.userVerification).toBe('preferred');
    expect(options.attestation).toBe('none');
  });

  it('gives ten recovery codes with the passkey: a lost device is no lock-out, and each code signs in once', async () => {
    await enrolPasskey(new FakeAuthenticator(idp.url));
    expect(shownCodes).toHaveLength(10);
    const step = await passwordStep(NEW_DOCTOR);
    expect(step.html).toContain(`<h1>${PASSKEY_TEXTS.signInTitle}</h1>`);
    const link = new RegExp(`<a href="([^"]+)">${RECOVERY_TEXTS.useInstead}</a>`).exec(step.html)?.[1];
    expect(link).toMatch(/\/recovery$/);
    const entry = await step.browser.follow(link ?? '');
    const entryHtml = await entry.res.text();
    const used = await post(step.browser, formAction(entryHtml), { code: shownCodes[0] ?? '' });
    expect(used.url.origin).toBe(PORTAL);
    expect(await idp.directory.recoveryCodesLeft(NEW_DOCTOR.sub)).toBe(9);
  });

  it('keeps the passkey and completes the sign-in with a second factor in amr; the next sign-in asks for it', async () => {
    const authenticator = new FakeAuthenticator(idp.url);
    const before = Date.now();
    const { done, pkce } = await enrolPasskey(authenticator);
    const code = done.url.searchParams.get('code') ?? '';
    const amr = await amrOf(code, pkce);
    expect(amr).toEqual(['pwd', 'hwk']);
    expect(usedSecondFactor(amr)).toBe(true);
    const [stored, ...others] = await idp.directory.passkeys(NEW_DOCTOR.sub);
    expect(others).toEqual([]);
    expect(stored).toMatchObject({
      id: [...authenticator.credentials.keys()][0],
      sub: NEW_DOCTOR.sub,
      counter: 0,
      transports: ['internal'],
      name: PASSKEY_NAME,
    });
    expect(Date.parse(stored?.createdAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    expect(await idp.directory.totpSecret(NEW_DOCTOR.sub)).toBeUndefined();

    // Next time: password, then the passkey (no enrolment, no code box, no app to fall back on).
    const next = await passwordStep(NEW_DOCTOR);
    expect(next.html).toContain(`<h1>${PASSKEY_TEXTS.signInTitle}</h1>`);
    expect(next.html).not.toContain(ENROLMENT_TEXTS.title);
    expect(next.html).not.toContain(PASSKEY_TEXTS.useCode);
    const { action, options } = passkeyForm<PublicKeyCredentialRequestOptionsJSON>(next.html);
    expect(options.rpId).toBe('localhost');
    expect(options.userVerification).toBe('preferred');
    expect(options.allowCredentials?.map((c) => c.id)).toEqual([stored?.id]);
    const signedIn = await post(next.browser, action, {
      credential: JSON.stringify(authenticator.get(options)),
      problem: '',
    });
    expect(signedIn.url.origin).toBe(PORTAL);
    expect(await amrOf(signedIn.url.searchParams.get('code') ?? '', next.pkce)).toEqual(['pwd', 'hwk']);
    expect((await idp.directory.passkeys(NEW_DOCTOR.sub))[0]).toMatchObject({ counter: 1 });
  });

  it('says in words when the browser cancelled or sent nothing, enrols nothing, and lets the user try again', async () => {
    const authenticator = new FakeAuthenticator(idp.url);
    const step = await passwordStep(NEW_DOCTOR);
    const first = passkeyForm<PublicKeyCredentialCreationOptionsJSON>(step.html);
    const cancelled = await post(step.browser, first.action, { credential: '', problem: 'NotAllowedError' });
    expect(cancelled.res.status).toBe(401);
    const cancelledPage = await cancelled.res.text();
    expect(cancelledPage).toContain(`<div class="alert" role="alert">${PASSKEY_TEXTS.cancelled}</div>`);
    const empty = await post(step.browser, first.action, { credential: 'not json', problem: '' });
    expect(await empty.res.text()).toContain(PASSKEY_TEXTS.noAnswer);
    expect(await idp.directory.passkeys(NEW_DOCTOR.sub)).toEqual([]);

    // An answer to the first page's challenge is refused: each attempt gets a new one.
    const stale = await post(step.browser, first.action, {
      credential: JSON.stringify(authenticator.create(first.options)),
      problem: '',
    });
    expect(stale.res.status).toBe(401);
    const stalePage = await stale.res.text();
    expect(stalePage).toContain(PASSKEY_TEXTS.enrolFailed);
    expect(await idp.directory.passkeys(NEW_DOCTOR.sub)).toEqual([]);

    const retry = passkeyForm<PublicKeyCredentialCreationOptionsJSON>(stalePage);
    expect(retry.options.challenge).not.toBe(first.options.challenge);
    const codes = await post(step.browser, retry.action, {
      credential: JSON.stringify(authenticator.create(retry.options)),
      problem: '',
    });
    const done = await pastRecoveryCodes(step.browser, codes);
    expect(done.url.origin).toBe(PORTAL);
    expect(await idp.directory.passkeys(NEW_DOCTOR.sub)).toHaveLength(1);
  });

  it('refuses a passkey made for another sign-in’s challenge, another origin or another RP ID', async () => {
    const authenticator = new FakeAuthenticator(idp.url);
    const mine = await passwordStep(NEW_DOCTOR);
    const other = await passwordStep(NEW_DOCTOR);
    const mineForm = passkeyForm<PublicKeyCredentialCreationOptionsJSON>(mine.html);
    const otherForm = passkeyForm<PublicKeyCredentialCreationOptionsJSON>(other.html);
    const attempts = [
      authenticator.create(otherForm.options),
      authenticator.create(mineForm.options, { origin: 'https://sentinel-health.example.evil' }),
      authenticator.create(mineForm.options, { rpId: 'evil.example' }),
    ];
    let action = mineForm.action;
    for (const answer of attempts) {
      const res = await post(mine.browser, action, { credential: JSON.stringify(answer), problem: '' });
      expect(res.res.status).toBe(401);
      const page = await res.res.text();
      expect(page).toContain(PASSKEY_TEXTS.enrolFailed);
      action = passkeyForm<PublicKeyCredentialCreationOptionsJSON>(page).action;
    }
    expect(await idp.directory.passkeys(NEW_DOCTOR.sub)).toEqual([]);
  });

  it('cannot be reached without the password step of the same sign-in', async () => {
    const browser = new Browser(idp.url);
    const login = await browser.follow(authorizeUrl(newPkce()));
    const action = formAction(await login.res.text()).replace(/\/login$/, '/enrol-passkey');
    const res = await post(browser, action, { credential: '{}', problem: '' });
    expect(res.res.status).toBe(400);
    expect(await idp.directory.passkeys(NEW_DOCTOR.sub)).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('refuses a replayed answer and one whose counter does not go up (a cloned authenticator); a fresh one gets in', async () => {
    const authenticator = new FakeAuthenticator(idp.url);
    await enrolPasskey(authenticator);
    const first = await passwordStep(NEW_DOCTOR);
    const firstForm = passkeyForm<PublicKeyCredentialRequestOptionsJSON>(first.html);
    const answer = JSON.stringify(authenticator.get(firstForm.options));
    expect(
      (await post(first.browser, firstForm.action, { credential: answer, problem: '' })).url.origin,
    ).toBe(PORTAL);

    // The same answer again, in a new sign-in (its challenge is not this one's), then in the same one.
    const second = await passwordStep(NEW_DOCTOR);
    const secondForm = passkeyForm<PublicKeyCredentialRequestOptionsJSON>(second.html);
    const replayed = await post(second.browser, secondForm.action, { credential: answer, problem: '' });
    expect(replayed.res.status).toBe(401);
    const replayedPage = await replayed.res.text();
    expect(replayedPage).toContain(PASSKEY_TEXTS.signInFailed);

    // A clone that signs this sign-in's challenge with the counter already seen.
    const retry = passkeyForm<PublicKeyCredentialRequestOptionsJSON>(replayedPage);
    const cloned = await post(second.browser, retry.action, {
      credential: JSON.stringify(authenticator.get(retry.options, { counter: 1 })),
      problem: '',
    });
    expect(cloned.res.status).toBe(401);
    const clonedPage = await cloned.res.text();
    expect(clonedPage).toContain(PASSKEY_TEXTS.signInFailed);
    expect((await idp.directory.passkeys(NEW_DOCTOR.sub))[0]).toMatchObject({ counter: 1 });

    const fresh = passkeyForm<PublicKeyCredentialRequestOptionsJSON>(clonedPage);
    const done = await post(second.browser, fresh.action, {
      credential: JSON.stringify(authenticator.get(fresh.options)),
      problem: '',
    });
    expect(done.url.origin).toBe(PORTAL);
    expect((await idp.directory.passkeys(NEW_DOCTOR.sub))[0]).toMatchObject({ counter: 2 });
  });

  it('refuses an answer to another sign-in’s challenge, and another authenticator’s passkey', async () => {
    const authenticator = new FakeAuthenticator(idp.url);
    await enrolPasskey(authenticator);
    const mine = await passwordStep(NEW_DOCTOR);
    const other = await passwordStep(NEW_DOCTOR);
    const otherOptions = passkeyForm<PublicKeyCredentialRequestOptionsJSON>(other.html).options;
    const mineForm = passkeyForm<PublicKeyCredentialRequestOptionsJSON>(mine.html);
    const crossed = await post(mine.browser, mineForm.action, {
      credential: JSON.stringify(authenticator.get(otherOptions)),
      problem: '',
    });
    expect(crossed.res.status).toBe(401);
    const page = await crossed.res.text();
    expect(page).toContain(PASSKEY_TEXTS.signInFailed);

    // A passkey of someone else's authenticator, for the right challenge: not one of this account's.
    const stranger = new FakeAuthenticator(idp.url);
    const retry = passkeyForm<PublicKeyCredentialRequestOptionsJSON>(page);
    stranger.create(await registrationOptions(relyingPartyOf(idp.issuer), NEW_DOCTOR, []));
    const foreign = await post(mine.browser, retry.action, {
      credential: JSON.stringify(stranger.get({ ...retry.options, allowCredentials: undefined })),
      problem: '',
    });
    expect(foreign.res.status).toBe(401);
  });

  it('shows a cancelled request in words and lets the user try again', async () => {
    const authenticator = new FakeAuthenticator(idp.url);
    await enrolPasskey(authenticator);
    const step = await passwordStep(NEW_DOCTOR);
    const form = passkeyForm<PublicKeyCredentialRequestOptionsJSON>(step.html);
    const cancelled = await post(step.browser, form.action, { credential: '', problem: 'NotAllowedError' });
    expect(cancelled.res.status).toBe(400);
    const page = await cancelled.res.text();
    expect(page).toContain(`<div class="alert" role="alert">${PASSKEY_TEXTS.cancelled}</div>`);
    const retry = passkeyForm<PublicKeyCredentialRequestOptionsJSON>(page);
    const done = await post(step.browser, retry.action, {
      credential: JSON.stringify(authenticator.get(retry.options)),
      problem: '',
    });
    expect(done.url.origin).toBe(PORTAL);
  });

  it('lets an account with a passkey and an app choose the code instead, and go back to the passkey', async () => {
    // Dr. Carter has the app; she adds a passkey (as a registration checked by the provider would keep it).
    const rp = relyingPartyOf(idp.issuer);
    const authenticator = new FakeAuthenticator(idp.url, { backedUp: true });
    const options = await registrationOptions(rp, PERSONAS.ben, []);
    const registered = await verifyRegistration(rp, authenticator.create(options), options.challenge);
    expect(registered).toBeDefined();
    await idp.directory.addPasskey(PERSONAS.ben.sub, registered?.passkey ?? ({} as never));

    const step = await passwordStep(PERSONAS.ben);
    expect(step.html).toContain(`<h1>${PASSKEY_TEXTS.signInTitle}</h1>`);
    const link = /<a href="([^"]+)">Use a code from your authenticator app instead<\/a>/.exec(step.html)?.[1];
    expect(link).toBeDefined();
    const codeStep = await step.browser.follow(unescape(link ?? ''));
    const codeHtml = await codeStep.res.text();
    expect(codeHtml).toContain('<label for="code">Authentication code</label>');
    expect(codeHtml).toContain(PASSKEY_TEXTS.usePasskey);
    const wrong = await post(step.browser, formAction(codeHtml), { code: '000000' });
    expect(await wrong.res.text()).toContain(TEXTS.wrongCode);
    const done = await post(step.browser, formAction(codeHtml), { code: currentTotp(DEMO_TOTP_SECRET) });
    expect(done.url.origin).toBe(PORTAL);
    expect(await amrOf(done.url.searchParams.get('code') ?? '', step.pkce)).toEqual(['pwd', 'otp']);

    // Or the passkey: a synced one (backed up) is a software-held key, swk.
    const again = await passwordStep(PERSONAS.ben);
    const form = passkeyForm<PublicKeyCredentialRequestOptionsJSON>(again.html);
    const signedIn = await post(again.browser, form.action, {
      credential: JSON.stringify(authenticator.get(form.options)),
      problem: '',
    });
    expect(signedIn.url.origin).toBe(PORTAL);
    const amr = await amrOf(signedIn.url.searchParams.get('code') ?? '', again.pkce);
    expect(amr).toEqual(['pwd', 'swk']);
    expect(usedSecondFactor(amr)).toBe(true);
  });
});

describe('the passkey script and the pages that load it', () => {
  it('is served by the provider as JavaScript, and the pages allow scripts from the provider only', async () => {
    const res = await fetch(`${idp.url}/assets/passkey.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.text()).toContain('navigator.credentials.create');
    const { csp } = await passwordStep(NEW_DOCTOR);
    expect(csp).toMatch(/^default-src 'none'; script-src 'self'; /);
  });

  it('names a passkey as Auth0 does: in the device (internal, hybrid) platform, else roaming', () => {
    expect(multifactorName({ transports: ['internal'] })).toBe('webauthn-platform');
    expect(multifactorName({ transports: ['hybrid', 'internal'] })).toBe('webauthn-platform');
    expect(multifactorName({ transports: ['usb', 'nfc'] })).toBe('webauthn-roaming');
    expect(multifactorName({ transports: [] })).toBe('webauthn-roaming');
  });
});
