/**
 * Sending e-mail (invitations, password resets, sign-in notices), the same way from every server: SMTP through
 * nodemailer. The embedded default is MailDev on smtp://localhost:1025 (started by `npm start`, web UI on
 * http://localhost:1080); SMTP_URL points at a real server instead (`smtps://user:password@host:465`, or
 * `smtp://...` for STARTTLS on 587).
 *
 * A send that fails rejects with a `MailError` saying what could not be sent and why; the caller decides what
 * the person sees (a page must not reveal through an error whether an e-mail has an account, for example).
 * Neither the error nor anything else here prints the server's password.
 */
import { createTransport } from 'nodemailer';

export const DEFAULT_SMTP_URL = 'smtp://localhost:1025';
export const DEFAULT_MAIL_FROM = 'Sentinel Health <no-reply@sentinel-health.example>';

export type MailMessage = {
  readonly to: string;
  readonly subject: string;
  /** The plain-text body: every message has one (mail clients that show no HTML, screen readers). */
  readonly text: string;
  readonly html?: string;
};

export type Mailer = {
  /** Resolves once the SMTP server has accepted the message; rejects with a `MailError` otherwise. */
  send(message: MailMessage): Promise<void>;
};

export type MailerOptions = {
  /** `smtp://` or `smtps://` URL; SMTP_URL, else MailDev's smtp://localhost:1025. */
  readonly smtpUrl?: string;
  /** The sender; MAIL_FROM, else DEFAULT_MAIL_FROM. */
  readonly from?: string;
  /** How long to wait for the server to connect, greet and answer (ms); 10 seconds by default. */
  readonly timeoutMs?: number;
};

export class MailError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailError';
  }
}

/** The URL without its password, for messages and logs. */
function redacted(url: URL): string {
  const shown = new URL(url.href);
  if (shown.password) shown.password = '***';
  return shown.href.replace(/\/$/, '');
}

export function createMailer(options: MailerOptions = {}): Mailer {
  const raw = options.smtpUrl ?? (process.env.SMTP_URL?.trim() || DEFAULT_SMTP_URL);
  const url = URL.canParse(raw) ? new URL(raw) : undefined;
  if (!url || !['smtp:', 'smtps:'].includes(url.protocol) || !url.hostname) {
    // The value is not shown: a mistyped URL may still hold the server's password.
    throw new MailError(
      'SMTP_URL must be an smtp:// or smtps:// URL with a host, e.g. smtp://localhost:1025.',
    );
  }
  const from = options.from ?? (process.env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM);
  const timeout = options.timeoutMs ?? 10_000;
  // A hung server must not hold a request (or a background job) for nodemailer's default minutes.
  const transport = createTransport({
    url: url.href,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout * 3,
  });
  const where = redacted(url);
  return {
    async send(message) {
      try {
        await transport.sendMail({ from, ...message });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new MailError(`The e-mail "${message.subject}" could not be sent through ${where}: ${reason}`, {
          cause: error,
        });
      }
    },
  };
}
