/**
 * Second-factor enrolment at first sign-in (REQ-auth MFA; issue: real accounts). An account whose role needs a
 * second factor (doctor, admin, anyone holding manage:users) and that has none enrolled is not let in on its
 * password: right after the password step it enrols an authenticator app (TOTP, RFC 6238) on this page, by
 * scanning the QR code or typing the setup key, and proves it with a first code. Only then is the secret kept
 * (encrypted, by the directory) and the sign-in completed with both methods. The secret lives in the server's
 * memory for the 10 minutes the step may take and is bound to this sign-in interaction, so a second browser
 * cannot finish someone else's enrolment.
 */
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_PERIOD_SECONDS } from './totp';

/** The issuer name authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Sentinel Health';

export const ENROLMENT_TEXTS = {
  title: 'Set up two-step verification',
  intro:
    'Scan this QR code with an authenticator app (such as Google Authenticator, Microsoft Authenticator or 1Password), or enter the setup key by hand.',
  qrLabel: 'QR code for your authenticator app',
  setupKey: 'Setup key',
  setupKeyHint: 'Time-based, 6 digits, 30 seconds.',
  codeLabel: 'Code from the app',
  codeHint: 'Enter the 6-digit code your app now shows, to confirm it is set up.',
  submit: 'Confirm and sign in',
  wrongCode: 'That code does not match the setup key. Check the time on your phone and try the newest code.',
} as const;

export type Enrolment = {
  /** base32 secret, 160 bits (RFC 4226's recommended length). */
  readonly secret: string;
  /** The otpauth:// URI the QR code carries. */
  readonly uri: string;
};

/** A new random authenticator secret for the account's e-mail. */
export function newEnrolment(email: string): Enrolment {
  const totp = new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label: email,
    secret: new OTPAuth.Secret({ size: 20 }),
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
  });
  return { secret: totp.secret.base32, uri: totp.toString() };
}

/** The setup key in groups of four, as authenticator apps accept it typed with or without spaces. */
export const groupedKey = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The QR code as inline SVG markup (no image request, so the pages' CSP `default-src 'none'` holds), dark on
 * light in either colour scheme, since scanners need the contrast.
 */
export async function qrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return svg.replace(
    '<svg ',
    `<svg role="img" aria-label="${ENROLMENT_TEXTS.qrLabel}" width="200" height="200" class="qr" `,
  );
}
