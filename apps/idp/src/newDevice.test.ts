/**
 * "New sign-in from a new device" (REQ-auth-new-device-notice): the device cookie, and the mail it leads to,
 * through a captured mailer. No mail on the first sign-in after an invitation or reset, nor for an account
 * whose password is the one it was created with (the seeded demo personas); one mail for each browser new to
 * the account after that; a mail that fails never stops the sign-in.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PERSONAS } from '@sentinel/demo-data';
import type { MailMessage, Mailer } from '@sentinel/server-kit';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StoredAccount } from './directory/types';
import {
  DEVICE_COOKIE,
  deviceCookie,
  describeDevice,
  formatUtc,
  NEW_DEVICE_SUBJECT,
  newDeviceMail,
  newDeviceNoticeDue,
} from './newDevice';
import { startIdp, type RunningIdp } from './server';
import { authorizeUrl, Browser, formAction, newPkce, PORTAL } from './testClient';

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const EDGE_WINDOWS = `${CHROME_MAC.replace('Macintosh; Intel Mac OS X 10_15_7', 'Windows NT 10.0; Win64; x64')} Edg/131.0.0.0`;

/** A patient added by an admin: invited, no password until the invitation link sets one. */
const NEW_PATIENT = {
  ...PERSONAS.john,
  sub: 'auth0|sentinel-patient-000777',
  email: 'new.patient@example.com',
  password: undefined,
  totpSecret: undefined,
};
const CHOSEN_PASSWORD = 'Chosen-by-the-patient-42';

let dataDir: string;
let idp: RunningIdp;
let sent: MailMessage[];
let failing: boolean;
let attempts: number;

const capturingMailer: Mailer = {
  async send(message) {
    attempts += 1;
    if (failing) throw new Error('SMTP server unreachable');
    sent.push(message);
  },
};

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sentinel-idp-device-'));
  sent = [];
  failing = false;
  attempts = 0;
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
    { accounts: [PERSONAS.john], silent: true, mailer: capturingMailer },
  );
});

afterEach(async () => {
  await idp.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Sets a password through a link of this kind, as the invitation or reset page does. */
async function passwordFromLink(sub: string, kind: 'invitation' | 'reset', password: string) {
  const { token } = await idp.directory.createTicket(sub, kind, 3600);
  expect(await idp.directory.redeemTicket(token, kind, password)).toEqual({ sub });
}

/** A complete sign-in of an account without a second factor in `browser`; the mails it led to, once sent. */
async function signIn(browser: Browser, email: string, password: string) {
  // A later visit: the browser was closed, which ends the provider's session cookies (the sign-in is not
  // remembered, interactions.ts) but keeps the device cookie.
  for (const name of [...browser.cookies.keys()]) if (name !== DEVICE_COOKIE) browser.cookies.delete(name);
  const login = await browser.follow(authorizeUrl(newPkce()));
  const done = await browser.postForm(formAction(await login.res.text()), { email, password });
  expect(done.url.origin).toBe(PORTAL);
  expect(done.url.searchParams.get('code')).toBeTruthy();
  // The notice goes out after the answer (a captured send resolves at once): give it that turn.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return done;
}

describe('the device cookie', () => {
  it('is random, HttpOnly, SameSite=Lax, for the whole site, kept 400 days, and Secure only over https', () => {
    const cookie = deviceCookie('A'.repeat(43), false);
    expect(cookie).toBe(
      `${DEVICE_COOKIE}=${'A'.repeat(43)}; Path=/; Max-Age=34560000; HttpOnly; SameSite=Lax`,
    );
    expect(deviceCookie('A'.repeat(43), true)).toMatch(/; Secure$/);
  });

  it('comes with the answer that completes the sign-in, with those flags', async () => {
    const browser = new Browser(idp.url);
    const login = await browser.follow(authorizeUrl(newPkce()));
    const res = await browser.request(formAction(await login.res.text()), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: PERSONAS.john.email, password: PERSONAS.john.password }).toString(),
    });
    expect(res.status).toBe(303);
    const set = res.headers.getSetCookie().filter((line) => line.startsWith(`${DEVICE_COOKIE}=`));
    expect(set).toHaveLength(1);
    expect(set[0]).toMatch(
      new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=34560000; HttpOnly; SameSite=Lax$`),
    );
  });

  it('is not set by a wrong password', async () => {
    const browser = new Browser(idp.url);
    const login = await browser.follow(authorizeUrl(newPkce()));
    await browser.postForm(formAction(await login.res.text()), {
      email: PERSONAS.john.email,
      password: 'not-the-password',
    });
    expect(browser.cookies.has(DEVICE_COOKIE)).toBe(false);
  });

  it('is set by a completed sign-in, kept the same on the next one from that browser', async () => {
    const browser = new Browser(idp.url);
    await signIn(browser, PERSONAS.john.email, PERSONAS.john.password);
    const token = browser.cookies.get(DEVICE_COOKIE);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await signIn(browser, PERSONAS.john.email, PERSONAS.john.password);
    expect(browser.cookies.get(DEVICE_COOKIE)).toBe(token);
    expect(new Browser(idp.url).cookies.has(DEVICE_COOKIE)).toBe(false);
  });
});

describe('the new-device mail', () => {
  it('is not sent on the first sign-in after an invitation; a second browser gets one; known browsers none', async () => {
    await idp.directory.create(NEW_PATIENT);
    await passwordFromLink(NEW_PATIENT.sub, 'invitation', CHOSEN_PASSWORD);
    const laptop = new Browser(idp.url, FIREFOX_WINDOWS);
    await signIn(laptop, NEW_PATIENT.email, CHOSEN_PASSWORD);
    expect(sent).toEqual([]);
    await signIn(laptop, NEW_PATIENT.email, CHOSEN_PASSWORD);
    expect(sent).toEqual([]);

    const phone = new Browser(idp.url, SAFARI_IPHONE);
    await signIn(phone, NEW_PATIENT.email, CHOSEN_PASSWORD);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.to).toBe(NEW_PATIENT.email);
    expect(mail?.subject).toBe(NEW_DEVICE_SUBJECT);
    expect(mail?.text).toContain('Device: Safari on an iPhone');
    expect(mail?.text).toMatch(/When: \w+day, \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/);
    expect(mail?.text).toMatch(/From address: (::ffff:)?127\.0\.0\.1|From address: ::1/);
    expect(mail?.text).toContain(`${idp.url}/forgot`);
    expect(mail?.text).toContain('contact your administrator');
    expect(mail?.text).not.toContain(CHOSEN_PASSWORD);
    expect(mail?.html).toContain('Safari on an iPhone');

    await signIn(phone, NEW_PATIENT.email, CHOSEN_PASSWORD);
    await signIn(laptop, NEW_PATIENT.email, CHOSEN_PASSWORD);
    expect(sent).toHaveLength(1);
  });

  it('is not sent for an account still on the password it was created with (the seeded demo personas)', async () => {
    for (const agent of [FIREFOX_WINDOWS, SAFARI_IPHONE, CHROME_MAC]) {
      await signIn(new Browser(idp.url, agent), PERSONAS.john.email, PERSONAS.john.password);
    }
    expect(sent).toEqual([]);
  });

  it('starts once the owner sets their own password: not the first sign-in after the reset, then new browsers', async () => {
    await signIn(new Browser(idp.url), PERSONAS.john.email, PERSONAS.john.password);
    await passwordFromLink(PERSONAS.john.sub, 'reset', CHOSEN_PASSWORD);
    await signIn(new Browser(idp.url, CHROME_MAC), PERSONAS.john.email, CHOSEN_PASSWORD);
    expect(sent).toEqual([]);
    await signIn(new Browser(idp.url, EDGE_WINDOWS), PERSONAS.john.email, CHOSEN_PASSWORD);
    expect(sent.map((mail) => mail.to)).toEqual([PERSONAS.john.email]);
    expect(sent[0]?.text).toContain('Device: Microsoft Edge on Windows');
  });

  it('never stops the sign-in when it cannot be sent', async () => {
    await idp.directory.create(NEW_PATIENT);
    await passwordFromLink(NEW_PATIENT.sub, 'invitation', CHOSEN_PASSWORD);
    await signIn(new Browser(idp.url), NEW_PATIENT.email, CHOSEN_PASSWORD);
    failing = true;
    const done = await signIn(new Browser(idp.url, FIREFOX_WINDOWS), NEW_PATIENT.email, CHOSEN_PASSWORD);
    expect(done.url.origin).toBe(PORTAL);
    expect(attempts).toBe(1);
    expect(sent).toEqual([]);
  });
});

describe('what the mail says', () => {
  it('names browser and system in plain words, and says so when it cannot tell', () => {
    expect(describeDevice(FIREFOX_WINDOWS)).toBe('Firefox on Windows');
    expect(describeDevice(CHROME_MAC)).toBe('Chrome on macOS');
    expect(describeDevice(EDGE_WINDOWS)).toBe('Microsoft Edge on Windows');
    expect(describeDevice(SAFARI_IPHONE)).toBe('Safari on an iPhone');
    expect(
      describeDevice(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome on Android');
    expect(
      describeDevice(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux');
    expect(describeDevice('curl/8.5.0')).toBe('an unknown browser');
    expect(describeDevice(undefined)).toBe('an unknown browser');
  });

  it('gives the time in UTC, saying so', () => {
    expect(formatUtc(new Date('2026-11-27T13:05:00Z'))).toBe('Friday, 27 November 2026 at 13:05 UTC');
  });

  it('escapes what it quotes from the request in its HTML', () => {
    const mail = newDeviceMail({
      at: new Date('2026-11-27T13:05:00Z'),
      device: 'a browser on <b>Linux</b>',
      address: '203.0.113.7',
      forgotUrl: 'http://localhost:4000/forgot',
    });
    expect(mail.html).toContain('&lt;b&gt;Linux&lt;/b&gt;');
    expect(mail.text).toContain('From address: 203.0.113.7');
  });
});

describe('when a notice is due', () => {
  const account = (fields: Partial<StoredAccount>) =>
    ({ createdAt: '2026-11-01T00:00:00.000Z', ...fields }) as StoredAccount;
  it('only after a sign-in since the owner’s own password was set', () => {
    const set = '2026-11-02T00:00:00.000Z';
    expect(newDeviceNoticeDue(account({}))).toBe(false);
    expect(newDeviceNoticeDue(account({ passwordSetAt: '2026-11-01T00:00:00.000Z' }))).toBe(false);
    expect(newDeviceNoticeDue(account({ passwordSetAt: set }))).toBe(false);
    expect(newDeviceNoticeDue(account({ passwordSetAt: set, lastLogin: '2026-11-01T12:00:00.000Z' }))).toBe(
      false,
    );
    expect(newDeviceNoticeDue(account({ passwordSetAt: set, lastLogin: '2026-11-03T00:00:00.000Z' }))).toBe(
      true,
    );
  });
});
