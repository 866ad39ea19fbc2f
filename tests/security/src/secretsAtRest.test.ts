/**
 * Secrets at rest and in logs (REQ-auth-accounts, REQ-auth-recovery-codes, REQ-auth-password-reset; ASVS 2.4
 * credential storage, 2.8 one-time secrets, 7.1 log content; HIPAA 164.312(a)(2)(iv)): the provider is started in
 * process as main.ts starts it (its SQLite account directory in a fresh data folder, not silent, its audit log
 * and the console captured), and walked through every flow that handles a secret: an invitation link setting a
 * first password, a wrong password, a first sign-in enrolling TOTP from the setup key and showing the recovery
 * codes, a later sign-in with one recovery code, "Forgot password?" and its reset link, and the Management API
 * creating an account with a password and changing it. Then every file of the data folder (the database, its
 * -wal and -shm files, keys, sessions) is read as raw bytes, and every captured log line is read: none holds a
 * password, the TOTP setup key, a recovery code or a link's ticket in any of the forms they were typed or shown.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TEST_AUDIENCE } from '@sentinel/api/testkit';
import { startIdp, type IdpOptions } from '@sentinel/idp';
import {
  authorizeUrl,
  Browser,
  currentTotp,
  formAction,
  newPkce,
  openSqlDirectory,
  PORTAL,
  RECOVERY_TEXTS,
} from '@sentinel/idp/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_CLIENT_SECRET, csrfIn, managementToken, postForm, type MailMessage } from './provider';

const CONNECTION = 'Username-Password-Authentication';
const FIRST_PASSWORD = 'harbour violet compass 83';
const WRONG_PASSWORD = 'harbour violet compass 38';
const RESET_PASSWORD = 'saffron glacier tunnel 46';
const API_PASSWORD = 'orchid pebble lantern 71';
const CHANGED_API_PASSWORD = 'walnut ember meadow 29';

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

/** The files under `dir` (name relative to it) whose bytes hold `text` in UTF-8 or UTF-16LE. */
function filesHolding(dir: string, text: string): string[] {
  return filesUnder(dir)
    .filter((file) => {
      const bytes = readFileSync(file);
      return bytes.includes(Buffer.from(text, 'utf8')) || bytes.includes(Buffer.from(text, 'utf16le'));
    })
    .map((file) => path.relative(dir, file));
}

/** A secret in each form it was typed, shown or sent: as is, without separators, form-encoded, upper case. */
const formsOf = (secret: string): string[] => [
  ...new Set([
    secret,
    secret.replace(/[\s-]/g, ''),
    new URLSearchParams({ s: secret }).toString().slice(2),
    secret.toUpperCase(),
  ]),
];

/** What the provider writes to the console and the process's streams while a test runs, kept, not printed. */
function captureOutput(lines: string[]) {
  const keep = (...args: unknown[]) => {
    lines.push(args.map((arg) => (arg instanceof Error ? `${arg.stack}` : String(arg))).join(' '));
  };
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
    vi.spyOn(console, method).mockImplementation(keep);
  }
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: never[]) => {
      lines.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      return write(chunk as string, ...rest);
    }) as typeof stream.write);
  }
}

let cleanup: (() => Promise<void>) | undefined;
afterEach(async () => {
  await cleanup?.();
  cleanup = undefined;
  vi.restoreAllMocks();
});

/** The provider as main.ts starts it: the SQLite directory in a fresh data folder, not silent. */
async function startRealProvider(log: string[]) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sentinel-security-secrets-'));
  const mails: MailMessage[] = [];
  const mailer: NonNullable<IdpOptions['mailer']> = {
    async send(message) {
      mails.push(message);
    },
  };
  const directory = await openSqlDirectory({ dataDir, seed: [] });
  const idp = await startIdp(
    {
      port: 0,
      host: 'localhost',
      portalOrigin: PORTAL,
      extraRedirectUris: [],
      apiAudience: TEST_AUDIENCE,
      apiClientSecret: API_CLIENT_SECRET,
      dataDir,
      trustedProxies: ['loopback'],
    },
    { directory, mailer, log: (line) => log.push(line) },
  );
  let closed = false;
  const close = async () => {
    if (!closed) await idp.close();
    closed = true;
  };
  cleanup = async () => {
    await close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { idp, dataDir, mails, close };
}

describe('secrets at rest and in logs', () => {
  it('no password, TOTP setup key, recovery code or link ticket is in any file of the data folder or any log line, after every flow that handles one', async () => {
    const log: string[] = [];
    captureOutput(log);
    const { idp, dataDir, mails, close } = await startRealProvider(log);
    const own = { origin: new URL(idp.url).origin };

    // The Management API, with the API client's client-credentials token (what the API's ManagementClient uses).
    const token = await managementToken(idp);
    const api = async (method: string, route: string, body: unknown) => {
      const res = await fetch(`${idp.url}/api/v2${route}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, `${method} ${route}`).toBeLessThan(300);
      return res.status === 204 ? undefined : ((await res.json()) as Record<string, unknown>);
    };

    // An invited doctor (a second factor is required of the role): no password yet, and an invitation link.
    const email = 'dana.secrets@clinic.example';
    const created = await api('POST', '/users', {
      connection: CONNECTION,
      email,
      name: 'Dana Secrets',
      given_name: 'Dana',
      family_name: 'Secrets',
    });
    const sub = String(created?.user_id);
    await api('POST', `/users/${encodeURIComponent(sub)}/roles`, { roles: ['rol_doctor'] });
    const invitation = new URL(
      String((await api('POST', '/tickets/password-change', { user_id: sub, ttl_sec: 259200 }))?.ticket),
    );
    expect(invitation.pathname).toBe('/invitation');
    const invitationTicket = invitation.searchParams.get('ticket') ?? '';
    expect(invitationTicket).toMatch(/^[\w-]{43}$/);

    // The invitation link sets the first password.
    const invited = new Browser(idp.url);
    const invitationPage = await (await invited.request(`${invitation.pathname}${invitation.search}`)).text();
    const set = await postForm(
      invited,
      '/invitation',
      {
        csrf: csrfIn(invitationPage),
        ticket: invitationTicket,
        password: FIRST_PASSWORD,
        confirm: FIRST_PASSWORD,
      },
      own,
    );
    expect(set.status).toBe(200);

    // A wrong password (one character pair swapped, what a typo looks like) is refused.
    const typo = new Browser(idp.url);
    const typoLogin = await typo.follow(authorizeUrl(newPkce()));
    const refused = await typo.postForm(formAction(await typoLogin.res.text()), {
      email,
      password: WRONG_PASSWORD,
    });
    expect(refused.url.origin).not.toBe(PORTAL);
    expect(refused.res.status).toBeGreaterThanOrEqual(400);

    // The first sign-in enrols TOTP from the setup key the page shows, then shows the ten recovery codes.
    const first = new Browser(idp.url);
    const firstLogin = await first.follow(authorizeUrl(newPkce()));
    const enrol = await first.postForm(formAction(await firstLogin.res.text()), {
      email,
      password: FIRST_PASSWORD,
    });
    const enrolPage = await enrol.res.text();
    const shownKey = /<code class="setup-key"[^>]*>([A-Z2-7 ]+)<\/code>/.exec(enrolPage)?.[1] ?? '';
    const setupKey = shownKey.replace(/ /g, '');
    expect(setupKey).toMatch(/^[A-Z2-7]{32}$/);
    const codesAnswer = await first.postForm(formAction(enrolPage), { code: currentTotp(setupKey) });
    const codesPage = await codesAnswer.res.text();
    expect(codesPage).toContain(RECOVERY_TEXTS.savedTitle);
    const recoveryCodes = [...codesPage.matchAll(/<li><code>([a-z0-9-]+)<\/code><\/li>/g)].map(
      (m) => m[1] ?? '',
    );
    expect(recoveryCodes).toHaveLength(10);
    expect((await first.postForm(formAction(codesPage), {})).url.origin).toBe(PORTAL);

    // A later sign-in uses one recovery code instead of the app's code.
    const later = new Browser(idp.url);
    const laterLogin = await later.follow(authorizeUrl(newPkce()));
    const codeStep = await later.postForm(formAction(await laterLogin.res.text()), {
      email,
      password: FIRST_PASSWORD,
    });
    const recoveryLink =
      /<a href="([^"]+)">Use a recovery code instead<\/a>/.exec(await codeStep.res.text())?.[1] ?? '';
    expect(recoveryLink).not.toBe('');
    const recoveryForm = await later.follow(recoveryLink.replace(/&amp;/g, '&'));
    const usedCode = recoveryCodes[0] ?? '';
    const recovered = await later.postForm(formAction(await recoveryForm.res.text()), { code: usedCode });
    expect(recovered.url.origin).toBe(PORTAL);
    expect(await idp.directory.recoveryCodesLeft(sub)).toBe(9);

    // "Forgot password?" mails a reset link, which sets another password.
    const forgetful = new Browser(idp.url);
    const forgotPage = await (await forgetful.request('/forgot')).text();
    const asked = await postForm(forgetful, '/forgot', { csrf: csrfIn(forgotPage), email }, own);
    expect(asked.status).toBe(200);
    const resetMail = await vi.waitFor(() => {
      const mail = mails.find((m) => m.to === email && /reset\?ticket=/.test(m.text));
      if (!mail) throw new Error('no reset mail yet');
      return mail;
    });
    const resetTicket = decodeURIComponent(/reset\?ticket=([^\s"&<]+)/.exec(resetMail.text)?.[1] ?? '');
    expect(resetTicket).toMatch(/^[\w-]{43}$/);
    const resetPage = await (
      await forgetful.request(`/reset?ticket=${encodeURIComponent(resetTicket)}`)
    ).text();
    const reset = await postForm(
      forgetful,
      '/reset',
      { csrf: csrfIn(resetPage), ticket: resetTicket, password: RESET_PASSWORD, confirm: RESET_PASSWORD },
      own,
    );
    expect(reset.status).toBe(200);
    expect((await idp.directory.authenticate(email, RESET_PASSWORD)).ok).toBe(true);

    // The Management API creates an account with a password, changes it, and that account signs in with it.
    const nurseEmail = 'nico.secrets@clinic.example';
    const nurse = await api('POST', '/users', {
      connection: CONNECTION,
      email: nurseEmail,
      name: 'Nico Secrets',
      password: API_PASSWORD,
    });
    const nurseSub = String(nurse?.user_id);
    await api('POST', `/users/${encodeURIComponent(nurseSub)}/roles`, { roles: ['rol_nurse'] });
    await api('PATCH', `/users/${encodeURIComponent(nurseSub)}`, { password: CHANGED_API_PASSWORD });
    const nurseBrowser = new Browser(idp.url);
    const nurseLogin = await nurseBrowser.follow(authorizeUrl(newPkce()));
    const nurseDone = await nurseBrowser.postForm(formAction(await nurseLogin.res.text()), {
      email: nurseEmail,
      password: CHANGED_API_PASSWORD,
    });
    expect(nurseDone.url.origin).toBe(PORTAL);

    // The secrets were kept (hashed or encrypted): the scan below looks at a folder that holds them in some form.
    expect(await idp.directory.totpSecret(sub)).toBe(setupKey);

    const secrets: Record<string, string[]> = {
      'the invitation password': formsOf(FIRST_PASSWORD),
      'the wrong password': formsOf(WRONG_PASSWORD),
      'the reset password': formsOf(RESET_PASSWORD),
      'the Management API password': formsOf(API_PASSWORD),
      'the changed Management API password': formsOf(CHANGED_API_PASSWORD),
      'the TOTP setup key': [...new Set([shownKey, setupKey, setupKey.toLowerCase()])],
      'the invitation ticket': [invitationTicket],
      'the reset ticket': [resetTicket],
      ...Object.fromEntries(recoveryCodes.map((code, i) => [`recovery code ${i + 1}`, formsOf(code)])),
    };
    const leaks = (where: 'running' | 'closed') =>
      Object.entries(secrets).flatMap(([name, forms]) =>
        forms.flatMap((form) => [
          ...filesHolding(dataDir, form).map((file) => `${where}: ${name} (${form}) in ${file}`),
          ...log
            .filter((line) => line.includes(form))
            .map(
              (line) => `${where}: ${name} (${form}) in the log line ${JSON.stringify(line.slice(0, 200))}`,
            ),
        ]),
      );

    // While running (the database's -wal file holds the latest writes) and after the close (checkpointed, flushed).
    const running = leaks('running');
    const whileRunning = filesUnder(dataDir).map((file) => path.relative(dataDir, file));
    await close();
    const closed = leaks('closed');
    const afterClose = filesUnder(dataDir).map((file) => path.relative(dataDir, file));

    // The scan is real: it read the provider's database, which names the accounts, and the provider's log lines.
    expect([...whileRunning, ...afterClose]).toContain('accounts.sqlite');
    expect(filesHolding(dataDir, email)).toContain('accounts.sqlite');
    expect(filesHolding(dataDir, nurseEmail)).toContain('accounts.sqlite');
    expect(log.some((line) => line.includes(sub))).toBe(true);

    expect([...running, ...closed]).toEqual([]);
  });
});
