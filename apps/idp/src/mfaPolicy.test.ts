/**
 * Who must give a second factor is decided by the role and the permissions the user directory holds, never by a
 * per-account flag (REQ-auth-mfa-signin). Two extra directory entries show it: a doctor whose MFA flag is off,
 * and a nurse granted user management who never enrolled an authenticator.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEMO_TOTP_SECRET, PERSONA_LIST, PERSONAS, type Persona } from '@sentinel/demo-data';
import * as OTPAuth from 'otpauth';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { requiresSecondFactor } from './accounts';
import { ENROLMENT_TEXTS, groupedKey } from './enrolment';
import { RECOVERY_TEXTS } from './recoveryCodes';
import { startIdp, type RunningIdp } from './server';
import { settingsFromEnv, type IdpSettings } from './settings';
import { authorizeUrl, Browser, formAction, newPkce, PORTAL } from './testClient';

/** A doctor whose directory entry lost its MFA flag; the role still says doctor. */
const FLAGLESS_DOCTOR: Persona = {
  ...PERSONAS.ben,
  key: 'ben',
  sub: 'auth0|sentinel-doctor-000199',
  email: 'dr.flagless@example.com',
  password: 'Demo-doctor-9',
  mfa: false,
};
/** A nurse an administrator granted user management, with no authenticator enrolled. */
const NURSE_MANAGER: Persona = {
  ...PERSONAS.nora,
  sub: 'auth0|sentinel-nurse-000299',
  email: 'nurse.manager@example.com',
  password: 'Demo-nurse-9',
  permissions: [...PERSONAS.nora.permissions, 'manage:users'],
  mfa: false,
};
/** The directory the provider is started with: the personas and the two extra entries. */
const DIRECTORY = [...PERSONA_LIST, FLAGLESS_DOCTOR, NURSE_MANAGER];

const currentCode = () =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(DEMO_TOTP_SECRET), digits: 6, period: 30 }).generate();

let dataDir: string;
let idp: RunningIdp | undefined;

const settings = (extra: Partial<IdpSettings> = {}): IdpSettings => ({
  port: 0,
  host: 'localhost',
  portalOrigin: PORTAL,
  extraRedirectUris: [],
  apiAudience: 'https://api.sentinel-health.example',
  dataDir,
  trustedProxies: [],
  ...extra,
});

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-idp-mfa-'));
  idp = await startIdp(settings(), { accounts: DIRECTORY, silent: true });
});

afterEach(async () => {
  await idp?.close();
  idp = undefined;
  await rm(dataDir, { recursive: true, force: true });
});

async function passwordStep(persona: Persona) {
  const browser = new Browser(idp?.url ?? '');
  const login = await browser.follow(authorizeUrl(newPkce()));
  const next = await browser.postForm(formAction(await login.res.text()), {
    email: persona.email,
    password: persona.password,
  });
  return { browser, ...next };
}

describe('who gives a second factor', () => {
  it('doctors, admins and anyone holding manage:users; patients, nurses, pharmacists and dietitians not', () => {
    const required = PERSONA_LIST.filter((p) => requiresSecondFactor(p)).map((p) => p.key);
    expect(required).toEqual(['alice', 'ben', 'sam']);
    expect(requiresSecondFactor(FLAGLESS_DOCTOR)).toBe(true);
    expect(requiresSecondFactor(NURSE_MANAGER)).toBe(true);
    expect(requiresSecondFactor({ role: 'patient', roles: ['Patient'], permissions: [] })).toBe(false);
    // A role given by its display name in the roles claim counts as much as the directory role.
    expect(requiresSecondFactor({ role: 'nurse', roles: ['Nurse', 'Admin'], permissions: [] })).toBe(true);
  });

  it('Dr. Smith, Dr. Carter and Sam Admin enter a code after the password; the others go straight back', async () => {
    for (const persona of PERSONA_LIST) {
      const { res, url } = await passwordStep(persona);
      const html = await res.text();
      if (['alice', 'ben', 'sam'].includes(persona.key)) {
        expect(html, persona.key).toContain('<label for="code">Authentication code</label>');
        expect(url.origin, persona.key).not.toBe(PORTAL);
      } else {
        expect(url.origin, persona.key).toBe(PORTAL);
        expect(url.searchParams.get('code'), persona.key).toBeTruthy();
      }
    }
  });

  it('a doctor whose MFA flag is off is still asked for the code, and signs in with it', async () => {
    const { browser, res, url } = await passwordStep(FLAGLESS_DOCTOR);
    expect(url.origin).not.toBe(PORTAL);
    const page = await res.text();
    expect(page).toContain('<label for="code">Authentication code</label>');
    const done = await browser.postForm(formAction(page), { code: currentCode() });
    expect(done.url.origin).toBe(PORTAL);
    expect(done.url.searchParams.get('code')).toBeTruthy();
  });

  it('an account that needs a second factor but has none is not let in on its password: it enrols one first', async () => {
    const { browser, res, url } = await passwordStep(NURSE_MANAGER);
    expect(url.origin).not.toBe(PORTAL);
    const page = await res.text();
    expect(page).toContain(ENROLMENT_TEXTS.title);
    expect(page).toContain('role="img" aria-label="QR code for your authenticator app"');
    const key = /<code class="setup-key"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(page)?.[1]?.replace(/ /g, '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    expect(key).not.toBe(DEMO_TOTP_SECRET);
    const codeOf = (secret: string) =>
      new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();

    // A wrong code keeps the page (and the same key), and enrols nothing.
    const wrong = await browser.postForm(formAction(page), { code: codeOf(DEMO_TOTP_SECRET) });
    expect(wrong.res.status).toBe(401);
    const again = await wrong.res.text();
    expect(again).toContain(ENROLMENT_TEXTS.wrongCode);
    expect(again).toContain(groupedKey(key ?? ''));
    expect(await idp?.directory.totpSecret(NURSE_MANAGER.sub)).toBeUndefined();

    // The app's code from the setup key keeps the factor; the recovery codes page's Continue signs in.
    const codes = await browser.postForm(formAction(again), { code: codeOf(key ?? '') });
    const codesPage = await codes.res.text();
    expect(codesPage).toContain(RECOVERY_TEXTS.savedTitle);
    const done = await browser.postForm(formAction(codesPage), {});
    expect(done.url.origin).toBe(PORTAL);
    expect(done.url.searchParams.get('code')).toBeTruthy();
    expect(await idp?.directory.totpSecret(NURSE_MANAGER.sub)).toBe(key);

    // The next sign-in asks for a code; there is no second enrolment.
    const next = await passwordStep(NURSE_MANAGER);
    const html = await next.res.text();
    expect(html).toContain('<label for="code">Authentication code</label>');
    expect(html).not.toContain(ENROLMENT_TEXTS.title);
  });

  it('an enrolment step cannot be reached without the password step of the same sign-in', async () => {
    const browser = new Browser(idp?.url ?? '');
    const login = await browser.follow(authorizeUrl(newPkce()));
    const action = formAction(await login.res.text()).replace(/\/login$/, '/enrol');
    const res = await browser.postForm(action, { code: '123456' });
    expect(res.res.status).toBe(400);
    expect(await idp?.directory.totpSecret(NURSE_MANAGER.sub)).toBeUndefined();
  });
});

describe('roles set to require a second factor (MFA_REQUIRED_ROLES, REQ-auth-mfa-roles)', () => {
  /** Restarts the provider on the same directory with `roles` added to those that need a second factor. */
  async function restartWith(roles: IdpSettings['mfaRequiredRoles']) {
    await idp?.close();
    idp = await startIdp(settings({ mfaRequiredRoles: roles }), { accounts: DIRECTORY, silent: true });
  }

  it('asks a nurse to enrol an authenticator at first sign-in once nurse is set, and lets nobody in on a password', async () => {
    const before = await passwordStep(PERSONAS.nora);
    expect(before.url.origin, 'without the setting a nurse signs in with a password').toBe(PORTAL);

    await restartWith(['nurse']);
    const { res, url } = await passwordStep(PERSONAS.nora);
    expect(url.origin).not.toBe(PORTAL);
    expect(url.searchParams.get('code')).toBeNull();
    expect(await res.text()).toContain(ENROLMENT_TEXTS.title);
    // Other roles keep what they had: a patient goes straight back, a doctor still gives a code.
    expect((await passwordStep(PERSONAS.jane)).url.origin).toBe(PORTAL);
    const doctor = await passwordStep(PERSONAS.alice);
    expect(await doctor.res.text()).toContain('<label for="code">Authentication code</label>');
  });

  it('matches the directory role and the role display names, and never takes the fixed roles away', () => {
    expect(requiresSecondFactor(PERSONAS.nora, ['nurse'])).toBe(true);
    expect(
      requiresSecondFactor({ role: 'patient', roles: ['Lab Tech'], permissions: [] }, ['lab_tech']),
    ).toBe(true);
    expect(requiresSecondFactor(PERSONAS.jane, ['nurse'])).toBe(false);
    expect(requiresSecondFactor(FLAGLESS_DOCTOR, ['patient'])).toBe(true);
  });

  it('is read from MFA_REQUIRED_ROLES, and a name that is no role stops the start with a clear message', () => {
    expect(settingsFromEnv({ MFA_REQUIRED_ROLES: 'Nurse,pharmacist' }).mfaRequiredRoles).toEqual([
      'nurse',
      'pharmacist',
    ]);
    expect(settingsFromEnv({}).mfaRequiredRoles).toEqual([]);
    expect(() => settingsFromEnv({ MFA_REQUIRED_ROLES: 'nurse,superuser' })).toThrow(
      'MFA_REQUIRED_ROLES names "superuser", which is not a role; use a comma-separated list of patient, ' +
        'doctor, admin, nurse, pharmacist, lab_tech, dietitian.',
    );
  });
});
