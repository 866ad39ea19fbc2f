import * as OTPAuth from 'otpauth';
import type { Page } from '@playwright/test';
import {
  enterPassword,
  expect,
  signInFromLanding,
  startSignIn,
  test,
  openLanding,
  signInButton,
} from '../src/flows';
import { SAM } from '../src/personas';
import { IDP_URL } from '../src/stack';

/** MailDev, started by the stack beside the servers (scripts/stack.mjs): every mail the product sends lands here. */
const MAILDEV_URL = 'http://localhost:1080';

type Mail = { to: { address: string }[]; subject: string; text: string; html?: string };

/** The newest mail to `address` in MailDev (with this subject, when given), waited for (up to 20 s). */
async function mailTo(address: string, subject?: string): Promise<Mail> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mails = (await (await fetch(`${MAILDEV_URL}/email`)).json()) as Mail[];
    const mine = mails.filter(
      (m) => m.to.some((to) => to.address.toLowerCase() === address) && (!subject || m.subject === subject),
    );
    const last = mine.at(-1);
    if (last) return last;
    if (Date.now() > deadline) throw new Error(`no mail to ${address} in MailDev`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The provider's link in a mail's text. */
const linkIn = (mail: Mail, path: string) => {
  const found = new RegExp(`${IDP_URL}/${path}\\?ticket=[\\w-]+`).exec(mail.text)?.[0];
  if (!found) throw new Error(`no ${path} link in "${mail.subject}"`);
  return found;
};

async function openUsers(page: Page) {
  await signInFromLanding(page, SAM);
  await page.getByRole('tab', { name: 'User Management' }).click();
}

// REQ-users-sign-in, REQ-auth-mfa-signin, REQ-auth-password-policy: a person the admin adds signs in for real.
test.describe('a new account, from invitation to sign-in', () => {
  test('Sam adds a doctor; the invitation sets her password; she enrols TOTP and reaches her dashboard; suspended, she is refused', async ({
    page,
    browser,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    const email = `dr.nadia.okafor.${Date.now()}@example.com`;
    const password = 'Lantern-harbour-47-quietly';

    await openUsers(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByRole('textbox', { name: /Name/ }).fill('Dr. Nadia Okafor');
    await page.getByRole('textbox', { name: /Email/ }).fill(email);
    await page.getByRole('combobox', { name: /Role/ }).selectOption('doctor');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

    // Her own browser: the link from the mail, a password the policy refuses, then a good one.
    const her = await browser.newContext();
    const herPage = await her.newPage();
    const invitation = linkIn(await mailTo(email), 'invitation');
    await herPage.goto(invitation);
    await herPage.getByLabel('New password', { exact: true }).fill('short');
    await herPage.getByLabel('Confirm new password').fill('short');
    await herPage.getByRole('button', { name: 'Set password' }).click();
    await expect(herPage.getByRole('alert')).toContainText('12');
    await herPage.getByLabel('New password', { exact: true }).fill(password);
    await herPage.getByLabel('Confirm new password').fill(password);
    await herPage.getByRole('button', { name: 'Set password' }).click();
    await expect(herPage.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
    // The link works once.
    await herPage.goto(invitation);
    await expect(herPage.getByText('This invitation has already been used')).toBeVisible();

    // First sign-in: a doctor must enrol a second factor; the setup key is shown as text.
    await openLanding(herPage);
    await startSignIn(herPage);
    await enterPassword(herPage, email, password);
    await expect(herPage.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
    const key = (await herPage.locator('code.setup-key').innerText()).replace(/\s+/g, '');
    const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key) }).generate();
    await herPage.getByLabel('Code from the app').fill(code);
    await herPage.getByRole('button', { name: 'Confirm and sign in' }).click();
    // Her recovery codes, shown once; Continue completes the sign-in (REQ-auth-recovery-codes).
    await expect(herPage.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    const codes = await herPage
      .getByRole('list', { name: 'Your recovery codes' })
      .getByRole('listitem')
      .allInnerTexts();
    expect(codes).toHaveLength(10);
    await herPage.getByRole('button', { name: 'Continue' }).click();
    await herPage.waitForURL(/\/doctor-dashboard$/);
    await expect(herPage.getByRole('heading', { level: 1, name: /Welcome, Dr\./ })).toBeVisible();

    // On another device, without her phone: a recovery code signs her in, and the new device is mailed to her
    // (REQ-auth-new-device-notice; none came for the browser that set her password).
    const laptop = await browser.newContext();
    const laptopPage = await laptop.newPage();
    await openLanding(laptopPage);
    await startSignIn(laptopPage);
    await enterPassword(laptopPage, email, password);
    await laptopPage.getByRole('link', { name: 'Use a recovery code instead' }).click();
    await laptopPage.getByLabel('Recovery code').fill(codes[0] ?? '');
    await laptopPage.getByRole('button', { name: 'Sign in' }).click();
    await laptopPage.waitForURL(/\/doctor-dashboard$/);
    const notice = await mailTo(email, 'New sign-in to your Sentinel Health account');
    expect(notice.text).toMatch(/Device: Chrome on Linux/);
    await laptop.close();

    // Sam sees her as active with an authenticator, then suspends her.
    await page.reload();
    await page.getByRole('tab', { name: 'User Management' }).click();
    const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await expect(row.getByText('Authenticator app')).toBeVisible();
    await row.getByRole('button', { name: 'Suspend Dr. Nadia Okafor' }).click();
    await expect(row.getByText('suspended')).toBeVisible();

    // Her sign-in is refused with the reason, after the right password only.
    const again = await browser.newContext();
    const againPage = await again.newPage();
    await openLanding(againPage);
    await startSignIn(againPage);
    await enterPassword(againPage, email, password);
    await expect(againPage.getByRole('alert')).toContainText('Your account is suspended');
    // Her open portal is signed out at its next call: the API refuses her, and the provider will not renew
    // the session it revoked.
    await herPage.getByRole('tab', { name: 'Patient Records' }).click();
    await expect(signInButton(herPage)).toBeVisible({ timeout: 20_000 });
    await expect(herPage.getByText('Your session has ended. Please sign in again.')).toBeVisible();
    await her.close();
    await again.close();
    expect(pageErrors).toEqual([]);
  });

  // REQ-auth-passkeys: the same first sign-in with a passkey instead of the app, on Chromium's virtual
  // authenticator (a platform authenticator with user verification, as a laptop's fingerprint reader is).
  test('Sam adds a doctor; she enrols a passkey instead of an app, signs out, and signs in with it to her dashboard', async ({
    page,
    browser,
    pageErrors,
  }) => {
    test.setTimeout(120_000);
    const email = `dr.ines.moreau.${Date.now()}@example.com`;
    const password = 'Harbour-lantern-82-softly';

    await openUsers(page);
    await page.getByRole('button', { name: 'Add User' }).click();
    await page.getByRole('textbox', { name: /Name/ }).fill('Dr. Ines Moreau');
    await page.getByRole('textbox', { name: /Email/ }).fill(email);
    await page.getByRole('combobox', { name: /Role/ }).selectOption('doctor');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();

    const her = await browser.newContext();
    const herPage = await her.newPage();
    const herErrors: string[] = [];
    herPage.on('pageerror', (error) => herErrors.push(error.message));
    const cdp = await her.newCDPSession(herPage);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });

    await herPage.goto(linkIn(await mailTo(email), 'invitation'));
    await herPage.getByLabel('New password', { exact: true }).fill(password);
    await herPage.getByLabel('Confirm new password').fill(password);
    await herPage.getByRole('button', { name: 'Set password' }).click();
    await expect(herPage.getByRole('heading', { name: 'Your password is set' })).toBeVisible();

    // First sign-in: both choices are offered; she takes the passkey.
    await openLanding(herPage);
    await startSignIn(herPage);
    await enterPassword(herPage, email, password);
    await expect(herPage.getByRole('heading', { name: 'Set up two-step verification' })).toBeVisible();
    await expect(herPage.getByRole('heading', { level: 2, name: 'Authenticator app' })).toBeVisible();
    await expect(herPage.getByRole('heading', { level: 2, name: 'Passkey' })).toBeVisible();
    await herPage.getByRole('button', { name: 'Use a passkey' }).click();
    // Recovery codes come with the passkey too, for a lost device; Continue completes the sign-in.
    await expect(herPage.getByRole('heading', { name: 'Save your recovery codes' })).toBeVisible();
    await herPage.getByRole('button', { name: 'Continue' }).click();
    await herPage.waitForURL(/\/doctor-dashboard$/);
    await expect(herPage.getByRole('heading', { level: 1, name: /Welcome, Dr\./ })).toBeVisible();
    const enrolled = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(enrolled.credentials).toHaveLength(1);

    // Sam sees the passkey as her second factor.
    await page.reload();
    await page.getByRole('tab', { name: 'User Management' }).click();
    const row = page.getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });
    await expect(row.getByText('Passkey', { exact: true })).toBeVisible();

    // Signed out, she signs in again: password, then the passkey (no code), to her dashboard.
    await herPage.getByRole('button', { name: 'Log out' }).click();
    await expect(signInButton(herPage)).toBeVisible();
    await startSignIn(herPage);
    await enterPassword(herPage, email, password);
    await expect(herPage.getByRole('heading', { name: 'Sign in with your passkey' })).toBeVisible();
    await expect(herPage.getByLabel('Authentication code')).toHaveCount(0);
    await herPage.getByRole('button', { name: 'Use passkey' }).click();
    await herPage.waitForURL(/\/doctor-dashboard$/);
    await expect(herPage.getByRole('heading', { level: 1, name: /Welcome, Dr\./ })).toBeVisible();
    const used = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(used.credentials[0]?.signCount).toBeGreaterThan(enrolled.credentials[0]?.signCount ?? 0);
    await her.close();
    expect(herErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
  });

  test('Forgot password? mails a reset link that sets a new password', async ({ page }) => {
    await openLanding(page);
    await startSignIn(page);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email').fill('phil.pharmacist@example.com');
    await page.getByRole('button', { name: 'Send link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
    const reset = linkIn(await mailTo('phil.pharmacist@example.com'), 'reset');
    await page.goto(reset);
    const password = 'Copper-meadow-lantern-92';
    await page.getByLabel('New password', { exact: true }).fill(password);
    await page.getByLabel('Confirm new password').fill(password);
    await page.getByRole('button', { name: 'Set password' }).click();
    await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
    await openLanding(page);
    await startSignIn(page);
    await enterPassword(page, 'phil.pharmacist@example.com', password);
    await page.waitForURL(/\/patient-dashboard$/);
  });
});
