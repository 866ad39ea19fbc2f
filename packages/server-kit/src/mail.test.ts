import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMailer, DEFAULT_MAIL_FROM, MailError } from './mail';

/** What MailDev keeps of a received message (the fields these tests read). */
type Received = {
  subject: string;
  text: string;
  html: string;
  from: { address: string; name: string }[];
  to: { address: string; name: string }[];
};
type MailDevServer = {
  listen(): Promise<void>;
  close(callback: () => void): void;
  once(event: 'new', listener: (mail: Received) => void): void;
};
type MailDevOptions = {
  smtp: number;
  ip: string;
  disableWeb: boolean;
  silent: boolean;
  mailDirectory: string;
};

/** A port nobody listens on at the moment (MailDev reads 0 as its default, 1025, so it needs a real one). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

// MailDev (the mail catcher `npm start` runs) as a real SMTP server inside the test process. It has no types
// and is CommonJS, hence the require.
const MailDev = createRequire(import.meta.url)('maildev') as new (options: MailDevOptions) => MailDevServer;
let maildev: MailDevServer;
let port: number;
let mailDirectory: string;

beforeAll(async () => {
  port = await freePort();
  mailDirectory = mkdtempSync(join(tmpdir(), 'sentinel-mail-'));
  const signalHandlers = new Set([...process.listeners('SIGTERM'), ...process.listeners('SIGINT')]);
  maildev = new MailDev({ smtp: port, ip: '127.0.0.1', disableWeb: true, silent: true, mailDirectory });
  // MailDev's constructor makes SIGTERM and SIGINT exit the process; the test runner keeps its own handling.
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    for (const handler of process.listeners(signal)) {
      if (!signalHandlers.has(handler)) process.off(signal, handler);
    }
  }
  await maildev.listen();
});

afterAll(async () => {
  await new Promise<void>((resolve) => maildev.close(resolve));
  rmSync(mailDirectory, { recursive: true, force: true });
});

afterEach(() => {
  vi.unstubAllEnvs();
});

/**
 * The next message MailDev stores. The SMTP server accepts a message before MailDev has parsed it, so a test
 * waits for this event (asked for before sending) rather than reading the store after the send.
 */
const nextMail = () => new Promise<Received>((resolve) => maildev.once('new', resolve));

describe('createMailer', () => {
  it('delivers a message over SMTP with its sender, recipient, subject and both bodies', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Sentinel Health <no-reply@clinic.example>',
    });
    const arrived = nextMail();
    await mailer.send({
      to: 'maria.lopez@example.com',
      subject: 'Set your password',
      text: 'Open https://id.example/invitation?ticket=abc to set your password.',
      html: '<p>Open <a href="https://id.example/invitation?ticket=abc">this link</a>.</p>',
    });
    const mail = await arrived;
    expect(mail?.subject).toBe('Set your password');
    expect(mail?.to.map((to) => to.address)).toEqual(['maria.lopez@example.com']);
    expect(mail?.from[0]).toMatchObject({ address: 'no-reply@clinic.example', name: 'Sentinel Health' });
    expect(mail?.text.trim()).toBe('Open https://id.example/invitation?ticket=abc to set your password.');
    expect(mail?.html).toContain('href="https://id.example/invitation?ticket=abc"');
  });

  it('sends through SMTP_URL and from MAIL_FROM when the options name neither', async () => {
    vi.stubEnv('SMTP_URL', `smtp://127.0.0.1:${port}`);
    vi.stubEnv('MAIL_FROM', 'Clinic <desk@clinic.example>');
    const arrived = nextMail();
    await createMailer().send({ to: 'a@example.com', subject: 'Hello', text: 'Hi.' });
    const mail = await arrived;
    expect(mail?.from[0]?.address).toBe('desk@clinic.example');
  });

  it('signs mail as Sentinel Health when no sender is configured', async () => {
    vi.stubEnv('MAIL_FROM', '');
    const arrived = nextMail();
    await createMailer({ smtpUrl: `smtp://127.0.0.1:${port}` }).send({
      to: 'a@example.com',
      subject: 'Hello',
      text: 'Hi.',
    });
    const mail = await arrived;
    expect(DEFAULT_MAIL_FROM).toContain(mail?.from[0]?.address);
  });

  it('rejects a failed send with a MailError naming the message and the server, never its password', async () => {
    const closed = await freePort();
    const mailer = createMailer({
      smtpUrl: `smtp://mailer:s3cret-pass@127.0.0.1:${closed}`,
      from: 'a@b.example',
    });
    const failure = await mailer
      .send({ to: 'x@example.com', subject: 'Reset your password', text: 'x' })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(MailError);
    const message = (failure as Error).message;
    expect(message).toContain('"Reset your password" could not be sent');
    expect(message).toContain(`127.0.0.1:${closed}`);
    expect(message).toMatch(/ECONNREFUSED/);
    expect(message).not.toContain('s3cret-pass');
  });

  it.each(['http://localhost:1025', 'localhost:1025', 'smtp://', 'not a url'])(
    'refuses %j as the SMTP address with a message naming SMTP_URL',
    (smtpUrl) => {
      expect(() => createMailer({ smtpUrl })).toThrow(/SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL/);
    },
  );

  it('does not show a refused SMTP address, which may hold a password', () => {
    expect(() => createMailer({ smtpUrl: 'smpt://user:hunter2@mail.example' })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining('hunter2') as unknown }),
    );
  });
});
