/**
 * "New sign-in from a new device" (REQ-auth-new-device-notice). Each browser that completes a
 * sign-in gets a device cookie: a random 256-bit token, HttpOnly, SameSite=Lax, Secure when the provider is
 * served over https, kept for 400 days (the most Chromium keeps any cookie). The directory keeps a keyed hash of
 * it per account. A sign-in from a browser without a token the account knows mails the account's address: when
 * (UTC), which browser and system (from the User-Agent, in plain words), from which address, and what to do if
 * it was not them. Nothing else identifies the device: no fingerprinting, so a cleared cookie or a private
 * window simply counts as a new device.
 *
 * No notice (the device is still remembered):
 * - on the first sign-in after a password was set through an invitation or reset link: that browser, or the
 *   person at it, just proved control of the mailbox the notice would go to, and "the account has never been
 *   used here" is true of every device then;
 * - while an account still has the password it was created with (passwordSetAt equals createdAt): the demo
 *   personas seeded on the first start, whose passwords the README publishes, and an account an admin created
 *   with a password. A notice about a password others know from the start protects nothing, and end-to-end
 *   tests sign the personas in from a fresh browser every test, which would fill MailDev with hundreds of
 *   notices per run. Once such an account's owner sets their own password (the "Forgot password?" link),
 *   notices start.
 *
 * A mail that cannot be sent is logged and never holds up or fails the sign-in (it is sent after the answer).
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Mailer } from '@sentinel/server-kit';
import { cookieValues } from './cookies';
import type { AccountDirectory, StoredAccount } from './directory/types';
import { mailHtml, type MailContent } from './pages';

export const DEVICE_COOKIE = 'sentinel_device';
/** 400 days, in seconds: Chromium caps every cookie's lifetime there. */
export const DEVICE_COOKIE_MAX_AGE = 400 * 24 * 60 * 60;
/** 32 random bytes, base64url: the only shape of token the provider hands out. */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const NEW_DEVICE_SUBJECT = 'New sign-in to your Sentinel Health account';

/** The device token a request carries, when it has one of the right shape. */
export function deviceTokenOf(req: IncomingMessage): string | undefined {
  return cookieValues(req, DEVICE_COOKIE).find((value) => DEVICE_TOKEN.test(value));
}

/** The Set-Cookie header value for a device token. */
export function deviceCookie(token: string, secure: boolean): string {
  return `${DEVICE_COOKIE}=${token}; Path=/; Max-Age=${DEVICE_COOKIE_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

const BROWSERS: readonly (readonly [RegExp, string])[] = [
  // Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari" too.
  [/\bEdg(e|A|iOS)?\//, 'Microsoft Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\biPhone\b/, 'an iPhone'],
  [/\biPad\b/, 'an iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** The browser and system of a User-Agent in plain words ("Firefox on Windows"); a hint, as any client can lie. */
export function describeDevice(userAgent: string | undefined): string {
  const ua = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `a browser on ${system}`;
  return 'an unknown browser';
}

/** "Friday, 27 November 2026 at 13:30 UTC": the zone spelled out, as the reader may be anywhere. */
export function formatUtc(at: Date): string {
  const date = at.toLocaleDateString('en-GB', {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const time = at.toLocaleTimeString('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' });
  return `${date} at ${time} UTC`;
}

/** The notice: when, what and where from, and what to do if it was not them. */
export function newDeviceMail(options: {
  at: Date;
  device: string;
  address: string;
  forgotUrl: string;
}): MailContent {
  const intro =
    'Your Sentinel Health account was just signed in to from a device it has not been used on before.';
  const facts = [
    `When: ${formatUtc(options.at)}`,
    `Device: ${options.device}`,
    `From address: ${options.address || 'unknown'}`,
  ];
  const wasYou = 'If this was you, there is nothing to do.';
  const notYou = `If it was not you, change your password at once with "Forgot password?" on the sign-in page (${options.forgotUrl}), and contact your administrator: they can suspend the account and end its sessions.`;
  return {
    subject: NEW_DEVICE_SUBJECT,
    text: `${intro}\n\n${facts.join('\n')}\n\n${wasYou}\n\n${notYou}\n`,
    html: mailHtml([intro, ...facts, wasYou, notYou]),
  };
}

/**
 * Whether a sign-in from a device new to the account is worth a notice (see the header): not the first sign-in
 * since a password was set, and not while the password is the one the account was created with.
 */
export function newDeviceNoticeDue(account: StoredAccount): boolean {
  const { passwordSetAt, lastLogin, createdAt } = account;
  if (!passwordSetAt || passwordSetAt === createdAt) return false;
  return !!lastLogin && lastLogin >= passwordSetAt;
}

export type DeviceCheck = {
  /**
   * Before a completed sign-in is answered (the account as it was before this sign-in was recorded): sets the
   * device cookie on `res` and, for a device new to an account that is due one, sends the notice after.
   */
  signedIn(req: IncomingMessage, res: ServerResponse, account: StoredAccount): Promise<void>;
  /** Resolves when the notices started so far are sent or have failed (tests; the server's close). */
  settled(): Promise<void>;
};

export function createDeviceCheck(options: {
  directory: AccountDirectory;
  mailer: Mailer;
  /** The provider's address: https there makes the cookie Secure, and the mail names its Forgot page. */
  issuer: string;
  clientAddress: (req: IncomingMessage) => string;
  now?: () => Date;
  /** Where a failed notice is reported (console.error by default): it never reaches the sign-in. */
  onError?: (error: unknown) => void;
}): DeviceCheck {
  const { directory, mailer } = options;
  const now = options.now ?? (() => new Date());
  const secure = new URL(options.issuer).protocol === 'https:';
  const forgotUrl = new URL('forgot', options.issuer.endsWith('/') ? options.issuer : `${options.issuer}/`)
    .href;
  const onError =
    options.onError ??
    ((error: unknown) =>
      console.error(
        '[idp] new-device notice not sent:',
        error instanceof Error ? error.message : String(error),
      ));
  const pending = new Set<Promise<void>>();
  return {
    async signedIn(req, res, account) {
      const token = deviceTokenOf(req) ?? randomBytes(32).toString('base64url');
      // Set again on every sign-in, so the 400 days count from the last one.
      res.appendHeader('set-cookie', deviceCookie(token, secure));
      const at = now();
      const seen = await directory.rememberDevice(account.sub, token, at);
      if (seen !== 'new' || !newDeviceNoticeDue(account)) return;
      const content = newDeviceMail({
        at,
        device: describeDevice(req.headers['user-agent']),
        address: options.clientAddress(req),
        forgotUrl,
      });
      const run: Promise<void> = Promise.resolve()
        .then(() => mailer.send({ to: account.email, ...content }))
        .catch(onError)
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async settled() {
      await Promise.all([...pending]);
    },
  };
}
