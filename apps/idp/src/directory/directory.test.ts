/**
 * The account directory's promises, one suite run against every store: in memory, a SQLite file and
 * PostgreSQL (when installed; on CI always). Then what only a database has: restarts, the first-start seeding,
 * the secrets key, and what lies in its files.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { DEMO_TOTP_SECRET, PERSONAS, PERSONA_LIST } from '@sentinel/demo-data';
import { settingsFromEnv } from '../settings';
import {
  decryptSecret,
  encryptSecret,
  newSecretsKey,
  parseSecretsKey,
  SecretDecryptionError,
  SecretsKeyError,
  SECRETS_KEY_FILE,
} from './encryption';
import { createMemoryDirectory } from './memory';
import { describePostgres, openSqlDirectory, SQLITE_FILE, type SqlDirectory } from './sql';
import {
  DirectoryConflict,
  DirectoryNotFound,
  type AccountDirectory,
  type NewAccount,
  type NewPasskey,
  type StoredAccount,
} from './types';

const postgresUrl = inject('postgresUrl');
const onCi = process.env.CI === 'true';
if (!postgresUrl && !onCi) {
  console.warn(
    'PostgreSQL is not installed and DATABASE_URL_TEST is unset: the directory suite runs on memory and SQLite ' +
      'only (apt-get install postgresql to run it on PostgreSQL too).',
  );
}
type StoreKind = 'memory' | 'sqlite' | 'postgres';
type DatabaseKind = Exclude<StoreKind, 'memory'>;
// On CI the PostgreSQL leg always runs, and fails when there is no PostgreSQL.
const DATABASES: DatabaseKind[] = postgresUrl || onCi ? ['sqlite', 'postgres'] : ['sqlite'];
const STORES: StoreKind[] = ['memory', ...DATABASES];

const START = new Date('2026-07-01T09:00:00.000Z');
const HOUR = 3_600_000;

const OLGA: NewAccount = {
  sub: 'auth0|0000000000000000000000a1',
  name: 'Olga Outsider',
  given_name: 'Olga',
  family_name: 'Outsider',
  email: 'Olga@Example.org',
  password: 'Olga-long-password-1',
  role: 'patient',
  roles: ['Patient'],
  permissions: ['read:own_records'],
  specializations: [],
  department: 'None',
};
const OLGA_INVITED: NewAccount = { ...OLGA, password: undefined };
const PETER: NewAccount = {
  ...OLGA_INVITED,
  sub: 'auth0|0000000000000000000000b2',
  name: 'Peter Pending',
  given_name: 'Peter',
  family_name: 'Pending',
  email: 'peter@example.org',
  role: 'doctor',
  roles: ['Doctor'],
  specializations: ['cardiology'],
  department: 'Cardiology',
};

/** Passkeys as a registration gives them (the directory stores public data only). */
const PHONE_KEY: NewPasskey = {
  id: 'cGhvbmUta2V5LWNyZWRlbnRpYWw',
  publicKey: 'pQECAyYgASFYIGZha2UteC1jb29yZGluYXRlLTMyLWJ5dGVzISEiWCBmYWtl',
  counter: 2,
  transports: ['internal', 'hybrid'],
  name: 'Passkey',
};
const SECURITY_KEY: NewPasskey = {
  id: 'c2VjdXJpdHkta2V5LWNyZWRlbnRpYWw',
  publicKey: 'pQECAyYgASFYIHNlY3VyaXR5LWtleS14LWNvb3JkaW5hdGUtMzItYnl0',
  counter: 40,
  transports: ['usb', 'nfc'],
  name: 'Passkey',
};

/** A test's own empty directory of one kind, which it can close and open again on the same data. */
type Fresh = {
  readonly kind: StoreKind;
  /** The data folder (secrets.key; the SQLite file). */
  readonly dataDir: string;
  open(options?: { seed?: readonly NewAccount[]; secretsKey?: string }): Promise<AccountDirectory>;
  /** Every row of the directory's tables as text (databases only). */
  dump(): Promise<string>;
  /** Raw SQL beside the directory (databases only). */
  execute(text: string): Promise<void>;
  dispose(): Promise<void>;
};

let clock = START;
const now = () => clock;

async function freshStore(kind: StoreKind): Promise<Fresh> {
  const dataDir = await mkdtemp(join(tmpdir(), 'sentinel-idp-directory-'));
  const opened: AccountDirectory[] = [];
  let databaseUrl: string | undefined;
  let admin: pg.Client | undefined;
  let database: string | undefined;
  if (kind === 'postgres') {
    if (!postgresUrl) {
      throw new Error(
        'CI=true but no PostgreSQL: install it (apt-get install postgresql, see .ci/run) or set DATABASE_URL_TEST.',
      );
    }
    admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    database = `sentinel_idp_${randomUUID().replaceAll('-', '')}`;
    await admin.query(`CREATE DATABASE ${database}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${database}`;
    databaseUrl = url.href;
  }
  let memory: AccountDirectory | undefined;
  const withRaw = async <T>(
    work: (query: (text: string) => Promise<Record<string, unknown>[]>) => Promise<T>,
  ) => {
    if (kind === 'sqlite') {
      const raw = new SqliteDatabase(join(dataDir, SQLITE_FILE));
      try {
        return await work(async (text) => {
          const statement = raw.prepare(text);
          if (statement.reader) return statement.all() as Record<string, unknown>[];
          statement.run();
          return [];
        });
      } finally {
        raw.close();
      }
    }
    if (kind === 'postgres') {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        return await work(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
      } finally {
        await client.end();
      }
    }
    throw new Error('A memory directory has no SQL.');
  };
  return {
    kind,
    dataDir,
    async open(options = {}) {
      let directory: AccountDirectory;
      if (kind === 'memory') {
        // Reopening a memory directory gives the same one (its data lives as long as the test).
        memory ??= await createMemoryDirectory(options.seed ?? [], { now });
        directory = memory;
      } else {
        directory = await openSqlDirectory({
          dataDir,
          ...(databaseUrl ? { databaseUrl } : {}),
          ...(options.secretsKey ? { secretsKey: options.secretsKey } : {}),
          ...(options.seed ? { seed: options.seed } : {}),
          now,
        });
      }
      opened.push(directory);
      return directory;
    },
    dump: () =>
      withRaw(async (query) => {
        const rows = [
          ...(await query('SELECT * FROM idp_accounts')),
          ...(await query('SELECT * FROM idp_tickets')),
          ...(await query('SELECT * FROM idp_meta')),
          ...(await query('SELECT * FROM idp_recovery_codes')),
          ...(await query('SELECT * FROM idp_devices')),
        ];
        return JSON.stringify(rows);
      }),
    execute: (text) => withRaw(async (query) => void (await query(text))),
    async dispose() {
      await Promise.all(opened.map((directory) => directory.close()));
      if (admin && database) {
        await admin.query(`DROP DATABASE IF EXISTS ${database}`);
        await admin.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

beforeEach(() => {
  clock = START;
});

describe.each(STORES)('the %s account directory', (kind) => {
  let env: Fresh;
  beforeEach(async () => {
    env = await freshStore(kind);
  });
  afterEach(async () => {
    await env.dispose();
  });

  it('creates an account with a password as active, one without as invited, keeping only the profile', async () => {
    const directory = await env.open();
    const olga = await directory.create({ ...OLGA, appMetadata: { department: 'None', gone: null } });
    expect(olga).toEqual({
      sub: OLGA.sub,
      name: OLGA.name,
      given_name: 'Olga',
      family_name: 'Outsider',
      email: 'olga@example.org',
      role: 'patient',
      roles: ['Patient'],
      permissions: ['read:own_records'],
      specializations: [],
      department: 'None',
      state: 'active',
      blocked: false,
      createdAt: START.toISOString(),
      updatedAt: START.toISOString(),
      loginsCount: 0,
      totpEnrolled: false,
      passwordSetAt: START.toISOString(),
      appMetadata: { department: 'None' },
    } satisfies StoredAccount);
    const peter = await directory.create(PETER);
    expect(peter).toMatchObject({ state: 'invited', totpEnrolled: false, appMetadata: {} });
    expect(peter.passwordSetAt).toBeUndefined();
    // A persona carries more than a profile (its key, dashboard role, password): none of it is stored.
    const sam = await directory.create(PERSONAS.sam);
    expect(Object.keys(sam)).not.toContain('key');
    expect(JSON.stringify(sam)).not.toContain(PERSONAS.sam.password);
    expect(await directory.find(OLGA.sub)).toEqual(olga);
    expect(await directory.find(PETER.sub)).toEqual(peter);
  });

  it('lets in the right e-mail (any case, spaces) and password; refuses wrong, unknown and invited alike', async () => {
    const directory = await env.open();
    await directory.create(OLGA);
    await directory.create(PETER);
    expect(await directory.authenticate('  OLGA@example.ORG ', OLGA.password ?? '')).toMatchObject({
      ok: true,
      account: { sub: OLGA.sub },
    });
    const invalid = { ok: false, reason: 'invalid' };
    expect(await directory.authenticate(OLGA.email, `${OLGA.password}x`)).toEqual(invalid);
    expect(await directory.authenticate('nobody@example.org', OLGA.password ?? '')).toEqual(invalid);
    expect(await directory.authenticate(PETER.email, '')).toEqual(invalid);
    expect(await directory.authenticate('', '')).toEqual(invalid);
  });

  it('refuses a blocked account after its right password, and lets it in again once unblocked', async () => {
    const directory = await env.open();
    await directory.create(OLGA);
    expect(await directory.update(OLGA.sub, { blocked: true })).toMatchObject({ blocked: true });
    expect(await directory.authenticate(OLGA.email, OLGA.password ?? '')).toEqual({
      ok: false,
      reason: 'blocked',
    });
    expect(await directory.authenticate(OLGA.email, 'wrong')).toEqual({ ok: false, reason: 'invalid' });
    await directory.update(OLGA.sub, { blocked: false });
    expect(await directory.authenticate(OLGA.email, OLGA.password ?? '')).toMatchObject({ ok: true });
  });

  it('finds an account by its exact subject and by its e-mail in any case', async () => {
    const directory = await env.open();
    await directory.create(OLGA);
    expect(await directory.find(OLGA.sub)).toMatchObject({ email: 'olga@example.org' });
    expect(await directory.find(OLGA.sub.toUpperCase())).toBeUndefined();
    expect(await directory.findByEmail(' OLGA@EXAMPLE.ORG')).toMatchObject({ sub: OLGA.sub });
    expect(await directory.findByEmail('olga@example.com')).toBeUndefined();
  });

  it('lists accounts by e-mail in code-unit order, a page at a time, with the total', async () => {
    const directory = await env.open();
    const emails = ['b@example.org', 'a.b@example.org', 'A-b@example.org', 'ab@example.org', 'Z@example.org'];
    for (const [index, email] of emails.entries()) {
      await directory.create({ ...OLGA_INVITED, sub: `auth0|list-${index}`, email });
    }
    const sorted = emails.map((email) => email.toLowerCase()).sort();
    expect(sorted).toEqual([
      'a-b@example.org',
      'a.b@example.org',
      'ab@example.org',
      'b@example.org',
      'z@example.org',
    ]);
    const all = await directory.list();
    expect(all.total).toBe(5);
    expect(all.accounts.map((a) => a.email)).toEqual(sorted);
    const second = await directory.list({ page: 1, perPage: 2 });
    expect(second).toMatchObject({ total: 5 });
    expect(second.accounts.map((a) => a.email)).toEqual(sorted.slice(2, 4));
    expect((await directory.list({ page: 3, perPage: 2 })).accounts).toEqual([]);
    await expect(directory.list({ page: -1 })).rejects.toThrow(RangeError);
    await expect(directory.list({ perPage: 0 })).rejects.toThrow(
      'perPage must be a whole number from 1 to 100.',
    );
    await expect(directory.list({ perPage: 1.5 })).rejects.toThrow(RangeError);
  });

  it('refuses a second account with a subject or an e-mail (any case) already taken, creating nothing', async () => {
    const directory = await env.open();
    await directory.create(OLGA);
    const sameSub = directory.create({ ...PETER, sub: OLGA.sub });
    await expect(sameSub).rejects.toThrow(DirectoryConflict);
    await expect(sameSub).rejects.toMatchObject({ field: 'sub' });
    const sameEmail = directory.create({ ...PETER, email: ' OLGA@EXAMPLE.ORG' });
    await expect(sameEmail).rejects.toMatchObject({
      field: 'email',
      message: 'An account with this e-mail already exists.',
    });
    expect((await directory.list()).total).toBe(1);
    expect(await directory.find(PETER.sub)).toBeUndefined();
  });

  it('updates the fields given, keeps the others, and refuses an e-mail another account holds', async () => {
    const directory = await env.open();
    await directory.create({ ...OLGA, picture: 'https://example.org/olga.png' });
    await directory.create(PETER);
    clock = new Date(START.getTime() + HOUR);
    const updated = await directory.update(OLGA.sub, {
      name: 'Olga Insider',
      family_name: 'Insider',
      email: 'Olga.Insider@Example.org',
      role: 'nurse',
      roles: ['Nurse'],
      permissions: ['read:patients'],
      picture: '',
    });
    expect(updated).toMatchObject({
      name: 'Olga Insider',
      given_name: 'Olga',
      family_name: 'Insider',
      email: 'olga.insider@example.org',
      role: 'nurse',
      roles: ['Nurse'],
      permissions: ['read:patients'],
      department: 'None',
      state: 'active',
      createdAt: START.toISOString(),
      updatedAt: clock.toISOString(),
    });
    expect(updated?.picture).toBeUndefined();
    expect(await directory.find(OLGA.sub)).toEqual(updated);
    expect(await directory.authenticate('olga.insider@example.org', OLGA.password ?? '')).toMatchObject({
      ok: true,
    });
    // Its own e-mail in another case is no conflict; another account's is.
    expect(await directory.update(OLGA.sub, { email: 'OLGA.INSIDER@example.org' })).toBeDefined();
    await expect(directory.update(PETER.sub, { email: 'olga.insider@EXAMPLE.org' })).rejects.toMatchObject({
      field: 'email',
    });
    expect(await directory.find(PETER.sub)).toMatchObject({ email: 'peter@example.org' });
    expect(await directory.update('auth0|nobody', { name: 'Nobody' })).toBeUndefined();
  });

  it('merges app_metadata per top-level key: a key given replaces its value, null removes it', async () => {
    const directory = await env.open();
    await directory.create({
      ...PETER,
      appMetadata: { department: 'Cardiology', invitation: { sent_at: 'a', expires_at: 'b' }, tags: [1, 2] },
    });
    const merged = await directory.update(PETER.sub, {
      appMetadata: { invitation: { sent_at: 'c' }, specializations: ['cardiology'], tags: null },
    });
    expect(merged?.appMetadata).toEqual({
      department: 'Cardiology',
      invitation: { sent_at: 'c' },
      specializations: ['cardiology'],
    });
    expect((await directory.find(PETER.sub))?.appMetadata).toEqual(merged?.appMetadata);
    // Other fields leave it as it is.
    expect((await directory.update(PETER.sub, { department: 'Cardiology' }))?.appMetadata).toEqual(
      merged?.appMetadata,
    );
    await expect(
      directory.update(PETER.sub, {
        appMetadata: ['not', 'an', 'object'] as unknown as Record<string, unknown>,
      }),
    ).rejects.toThrow('app_metadata must be a JSON object.');
    expect((await directory.find(PETER.sub))?.appMetadata).toEqual(merged?.appMetadata);
  });

  it('removes an account with its links, after which its e-mail is free again', async () => {
    const directory = await env.open();
    await directory.create(PETER);
    const { token } = await directory.createTicket(PETER.sub, 'invitation', 3600);
    expect(await directory.remove(PETER.sub)).toBe(true);
    expect(await directory.remove(PETER.sub)).toBe(false);
    expect(await directory.find(PETER.sub)).toBeUndefined();
    expect(await directory.peekTicket(token, 'invitation')).toEqual({ problem: 'invalid' });
    expect(await directory.ticketInfo(PETER.sub, 'invitation')).toBeUndefined();
    await directory.create({ ...PETER, sub: 'auth0|0000000000000000000000c3' });
    expect(await directory.findByEmail(PETER.email)).toMatchObject({ sub: 'auth0|0000000000000000000000c3' });
  });

  it('sets a password: an invited account becomes active, and only the newest password works', async () => {
    const directory = await env.open();
    await directory.create(PETER);
    clock = new Date(START.getTime() + HOUR);
    await directory.setPassword(PETER.sub, 'Peter-first-password');
    expect(await directory.find(PETER.sub)).toMatchObject({
      state: 'active',
      passwordSetAt: clock.toISOString(),
      updatedAt: clock.toISOString(),
    });
    await directory.setPassword(PETER.sub, 'Peter-second-password');
    expect(await directory.authenticate(PETER.email, 'Peter-first-password')).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await directory.authenticate(PETER.email, 'Peter-second-password')).toMatchObject({ ok: true });
    await expect(directory.setPassword('auth0|nobody', 'whatever-password')).resolves.toBeUndefined();
    expect(await directory.find('auth0|nobody')).toBeUndefined();
  });

  it('keeps, gives back and removes a TOTP secret, and says whether one is enrolled', async () => {
    const directory = await env.open();
    await directory.create(PETER);
    await directory.create({ ...OLGA, totpSecret: DEMO_TOTP_SECRET });
    expect(await directory.totpSecret(OLGA.sub)).toBe(DEMO_TOTP_SECRET);
    expect(await directory.find(OLGA.sub)).toMatchObject({ totpEnrolled: true });
    expect(await directory.totpSecret(PETER.sub)).toBeUndefined();
    await directory.setTotpSecret(PETER.sub, 'KRUGS4ZANFZSAYJAORSXG5BA');
    expect(await directory.totpSecret(PETER.sub)).toBe('KRUGS4ZANFZSAYJAORSXG5BA');
    expect(await directory.find(PETER.sub)).toMatchObject({ totpEnrolled: true });
    await directory.setTotpSecret(PETER.sub, undefined);
    expect(await directory.totpSecret(PETER.sub)).toBeUndefined();
    expect(await directory.find(PETER.sub)).toMatchObject({ totpEnrolled: false });
    expect(await directory.totpSecret('auth0|nobody')).toBeUndefined();
  });

  it('keeps an account’s passkeys oldest first, and refuses a credential already enrolled or an unknown account', async () => {
    const directory = await env.open();
    await directory.create(PETER);
    await directory.create(OLGA);
    expect(await directory.passkeys(PETER.sub)).toEqual([]);
    const first = await directory.addPasskey(PETER.sub, PHONE_KEY);
    expect(first).toEqual({ ...PHONE_KEY, sub: PETER.sub, createdAt: clock.toISOString() });
    clock = new Date(START.getTime() + HOUR);
    await directory.addPasskey(PETER.sub, SECURITY_KEY);
    expect(await directory.passkeys(PETER.sub)).toEqual([
      first,
      { ...SECURITY_KEY, sub: PETER.sub, createdAt: clock.toISOString() },
    ]);
    // A credential ID is one authenticator's: not enrolled twice, not on another account.
    await expect(directory.addPasskey(OLGA.sub, { ...PHONE_KEY, name: 'Copy' })).rejects.toEqual(
      new DirectoryConflict('passkey'),
    );
    await expect(
      directory.addPasskey('auth0|nobody', { ...PHONE_KEY, id: 'other-id' }),
    ).rejects.toBeInstanceOf(DirectoryNotFound);
    expect(await directory.passkeys(OLGA.sub)).toEqual([]);
    expect(await directory.passkeys('auth0|nobody')).toEqual([]);
  });

  it('takes a passkey’s counter only when it goes up (0 after 0 for one that keeps none), and only for its account', async () => {
    const directory = await env.open();
    await directory.create(PETER);
    await directory.create(OLGA);
    await directory.addPasskey(PETER.sub, PHONE_KEY);
    await directory.addPasskey(PETER.sub, { ...SECURITY_KEY, counter: 0 });
    const at = new Date(START.getTime() + HOUR);
    expect(await directory.usePasskey(PETER.sub, PHONE_KEY.id, 8, at)).toBe(true);
    // The same counter again (a replay, a clone), a lower one, and another account's claim: refused.
    expect(await directory.usePasskey(PETER.sub, PHONE_KEY.id, 8, at)).toBe(false);
    expect(await directory.usePasskey(PETER.sub, PHONE_KEY.id, 3, at)).toBe(false);
    expect(await directory.usePasskey(OLGA.sub, PHONE_KEY.id, 9, at)).toBe(false);
    expect(await directory.usePasskey(PETER.sub, 'unknown-id', 9, at)).toBe(false);
    // Above the top of PostgreSQL's integer: the counter is 32 bits unsigned.
    expect(await directory.usePasskey(PETER.sub, PHONE_KEY.id, 4_000_000_000, at)).toBe(true);
    expect(await directory.usePasskey(PETER.sub, SECURITY_KEY.id, 0, at)).toBe(true);
    expect(await directory.usePasskey(PETER.sub, SECURITY_KEY.id, 0, at)).toBe(true);
    const byId = new Map((await directory.passkeys(PETER.sub)).map((p) => [p.id, p]));
    const [phone, key] = [byId.get(PHONE_KEY.id), byId.get(SECURITY_KEY.id)];
    expect(phone).toMatchObject({ counter: 4_000_000_000, lastUsedAt: at.toISOString() });
    expect(key).toMatchObject({ counter: 0, lastUsedAt: at.toISOString() });
    // Once an authenticator has counted, 0 is a step back.
    expect(await directory.usePasskey(PETER.sub, PHONE_KEY.id, 0, at)).toBe(false);
  });

  it('lets exactly one of two sign-ins with the same passkey counter at once through', async () => {
    const directory = await env.open();
    await directory.create(PETER);
    await directory.addPasskey(PETER.sub, PHONE_KEY);
    const results = await Promise.all([
      directory.usePasskey(PETER.sub, PHONE_KEY.id, 6, START),
      directory.usePasskey(PETER.sub, PHONE_KEY.id, 6, START),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('removes passkeys: those named, all of them (a reset), and all with the account', async () => {
    const directory = await env.open();
    await directory.create(PETER);
    await directory.create(OLGA);
    await directory.addPasskey(PETER.sub, PHONE_KEY);
    await directory.addPasskey(PETER.sub, SECURITY_KEY);
    await directory.addPasskey(OLGA.sub, { ...PHONE_KEY, id: 'olga-phone' });
    expect(await directory.removePasskeys(PETER.sub, [SECURITY_KEY.id, 'olga-phone'])).toBe(1);
    expect((await directory.passkeys(PETER.sub)).map((p) => p.id)).toEqual([PHONE_KEY.id]);
    expect(await directory.removePasskeys(PETER.sub, [])).toBe(0);
    expect(await directory.removePasskeys(PETER.sub)).toBe(1);
    expect(await directory.passkeys(PETER.sub)).toEqual([]);
    expect(await directory.remove(OLGA.sub)).toBe(true);
    expect(await directory.passkeys(OLGA.sub)).toEqual([]);
    // Its credential ID is free again once the account is gone.
    await directory.create({ ...OLGA });
    await expect(directory.addPasskey(OLGA.sub, { ...PHONE_KEY, id: 'olga-phone' })).resolves.toMatchObject({
      sub: OLGA.sub,
    });
  });

  it('records each completed sign-in: the last one and the count', async () => {
    const directory = await env.open();
    await directory.create(OLGA);
    await directory.recordLogin(OLGA.sub, new Date('2026-07-02T08:00:00.000Z'));
    await directory.recordLogin(OLGA.sub, new Date('2026-07-03T08:00:00.000Z'));
    expect(await directory.find(OLGA.sub)).toMatchObject({
      lastLogin: '2026-07-03T08:00:00.000Z',
      loginsCount: 2,
    });
    await expect(directory.recordLogin('auth0|nobody', clock)).resolves.toBeUndefined();
  });

  it('makes a link that names its account until it is used, sets the password once, then is used', async () => {
    const directory = await env.open();
    await directory.create(PETER);
    const ticket = await directory.createTicket(PETER.sub, 'invitation', 72 * 3600);
    expect(ticket.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ticket.expiresAt).toBe(new Date(START.getTime() + 72 * HOUR).toISOString());
    expect(await directory.ticketInfo(PETER.sub, 'invitation')).toEqual({
      createdAt: START.toISOString(),
      expiresAt: ticket.expiresAt,
      used: false,
    });
    expect(await directory.peekTicket(ticket.token, 'invitation')).toEqual({ sub: PETER.sub });
    // Peeking uses nothing, and a link of one kind is not one of the other.
    expect(await directory.peekTicket(ticket.token, 'invitation')).toEqual({ sub: PETER.sub });
    expect(await directory.peekTicket(ticket.token, 'reset')).toEqual({ problem: 'invalid' });
    expect(await directory.redeemTicket(ticket.token, 'reset', 'Peter-long-password')).toEqual({
      problem: 'invalid',
    });

    clock = new Date(START.getTime() + HOUR);
    expect(await directory.redeemTicket(ticket.token, 'invitation', 'Peter-long-password')).toEqual({
      sub: PETER.sub,
    });
    expect(await directory.find(PETER.sub)).toMatchObject({
      state: 'active',
      passwordSetAt: clock.toISOString(),
    });
    expect(await directory.authenticate(PETER.email, 'Peter-long-password')).toMatchObject({ ok: true });
    expect(await directory.ticketInfo(PETER.sub, 'invitation')).toMatchObject({ used: true });
    expect(await directory.peekTicket(ticket.token, 'invitation')).toEqual({ problem: 'used' });
    expect(await directory.redeemTicket(ticket.token, 'invitation', 'Another-long-password')).toEqual({
      problem: 'used',
    });
    expect(await directory.authenticate(PETER.email, 'Another-long-password')).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('refuses an expired link without setting the password, and a tampered or unknown one as invalid', async () => {
    const directory = await env.open();
    await directory.create(OLGA);
    const ticket = await directory.createTicket(OLGA.sub, 'reset', 3600);
    clock = new Date(START.getTime() + HOUR);
    expect(await directory.peekTicket(ticket.token, 'reset')).toEqual({ problem: 'expired' });
    expect(await directory.redeemTicket(ticket.token, 'reset', 'Olga-new-password-2')).toEqual({
      problem: 'expired',
    });
    expect(await directory.authenticate(OLGA.email, OLGA.password ?? '')).toMatchObject({ ok: true });
    expect(await directory.find(OLGA.sub)).toMatchObject({ passwordSetAt: START.toISOString() });
    const tampered = `${ticket.token.slice(0, -1)}${ticket.token.endsWith('A') ? 'B' : 'A'}`;
    expect(await directory.peekTicket(tampered, 'reset')).toEqual({ problem: 'invalid' });
    expect(await directory.redeemTicket('', 'reset', 'Olga-new-password-2')).toEqual({ problem: 'invalid' });
  });

  it('replaces an account’s earlier link of a kind with a new one, leaving its other kind alone', async () => {
    const directory = await env.open();
    await directory.create(PETER);
    const first = await directory.createTicket(PETER.sub, 'invitation', 3600);
    const reset = await directory.createTicket(PETER.sub, 'reset', 3600);
    clock = new Date(START.getTime() + 1000);
    const second = await directory.createTicket(PETER.sub, 'invitation', 7200);
    expect(await directory.peekTicket(first.token, 'invitation')).toEqual({ problem: 'invalid' });
    expect(await directory.peekTicket(second.token, 'invitation')).toEqual({ sub: PETER.sub });
    expect(await directory.peekTicket(reset.token, 'reset')).toEqual({ sub: PETER.sub });
    expect(await directory.ticketInfo(PETER.sub, 'invitation')).toEqual({
      createdAt: clock.toISOString(),
      expiresAt: second.expiresAt,
      used: false,
    });
  });

  it('makes no link for an unknown account or a lifetime that is not a positive number of seconds', async () => {
    const directory = await env.open();
    await directory.create(PETER);
    await expect(directory.createTicket('auth0|nobody', 'invitation', 3600)).rejects.toThrow(
      DirectoryNotFound,
    );
    for (const ttl of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(directory.createTicket(PETER.sub, 'invitation', ttl)).rejects.toThrow(RangeError);
    }
    expect(await directory.ticketInfo(PETER.sub, 'invitation')).toBeUndefined();
  });

  it('lets exactly one of two posts of the same link at once set the password', async () => {
    const directory = await env.open();
    await directory.create(PETER);
    const { token } = await directory.createTicket(PETER.sub, 'invitation', 3600);
    const results = await Promise.all([
      directory.redeemTicket(token, 'invitation', 'First-racing-password'),
      directory.redeemTicket(token, 'invitation', 'Second-racing-password'),
    ]);
    expect(results.filter((r) => 'sub' in r)).toHaveLength(1);
    expect(results.filter((r) => 'problem' in r)).toEqual([{ problem: 'used' }]);
    const winner = 'sub' in results[0]! ? 'First-racing-password' : 'Second-racing-password';
    const loser = winner === 'First-racing-password' ? 'Second-racing-password' : 'First-racing-password';
    expect(await directory.authenticate(PETER.email, winner)).toMatchObject({ ok: true });
    expect(await directory.authenticate(PETER.email, loser)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('keeps recovery codes that each work once for their own account, and forgets them when replaced', async () => {
    const directory = await env.open();
    await directory.create(OLGA);
    await directory.create(PETER);
    const codes = ['abcdefghjk', 'mnpqrstuvw', 'xyz2345678'];
    await directory.setRecoveryCodes(OLGA.sub, codes);
    expect(await directory.recoveryCodesLeft(OLGA.sub)).toBe(3);
    expect(await directory.useRecoveryCode(PETER.sub, 'abcdefghjk')).toEqual({ used: false });
    expect(await directory.useRecoveryCode(OLGA.sub, 'abcdefghjx')).toEqual({ used: false });
    expect(await directory.useRecoveryCode(OLGA.sub, 'mnpqrstuvw')).toEqual({ used: true, remaining: 2 });
    expect(await directory.useRecoveryCode(OLGA.sub, 'mnpqrstuvw')).toEqual({ used: false });
    expect(await directory.recoveryCodesLeft(OLGA.sub)).toBe(2);
    // New codes replace every earlier one, used or not.
    await directory.setRecoveryCodes(OLGA.sub, ['2345678abc']);
    expect(await directory.useRecoveryCode(OLGA.sub, 'abcdefghjk')).toEqual({ used: false });
    expect(await directory.useRecoveryCode(OLGA.sub, '2345678abc')).toEqual({ used: true, remaining: 0 });
    await directory.setRecoveryCodes(OLGA.sub, codes);
    await directory.setRecoveryCodes(OLGA.sub, []);
    expect(await directory.recoveryCodesLeft(OLGA.sub)).toBe(0);
    expect(await directory.useRecoveryCode(OLGA.sub, 'abcdefghjk')).toEqual({ used: false });
    await directory.setRecoveryCodes('auth0|nobody', codes);
    expect(await directory.recoveryCodesLeft('auth0|nobody')).toBe(0);
  });

  it('lets exactly one of two uses of the same recovery code at once through', async () => {
    const directory = await env.open();
    await directory.create(OLGA);
    await directory.setRecoveryCodes(OLGA.sub, ['abcdefghjk', 'mnpqrstuvw']);
    const results = await Promise.all([
      directory.useRecoveryCode(OLGA.sub, 'abcdefghjk'),
      directory.useRecoveryCode(OLGA.sub, 'abcdefghjk'),
    ]);
    expect(results).toEqual(expect.arrayContaining([{ used: true, remaining: 1 }, { used: false }]));
  });

  it('tells a device new once per account, then known; an unknown account has no devices', async () => {
    const directory = await env.open();
    await directory.create(OLGA);
    await directory.create(PETER);
    expect(await directory.rememberDevice(OLGA.sub, 'device-one', clock)).toBe('new');
    expect(await directory.rememberDevice(OLGA.sub, 'device-one', clock)).toBe('known');
    expect(await directory.rememberDevice(OLGA.sub, 'device-two', clock)).toBe('new');
    // The same browser is new to another account it signs in to.
    expect(await directory.rememberDevice(PETER.sub, 'device-one', clock)).toBe('new');
    expect(await directory.rememberDevice('auth0|nobody', 'device-one', clock)).toBe('known');
  });

  it('removes an account with its recovery codes and devices', async () => {
    const directory = await env.open();
    await directory.create(OLGA);
    await directory.setRecoveryCodes(OLGA.sub, ['abcdefghjk']);
    await directory.rememberDevice(OLGA.sub, 'device-one', clock);
    expect(await directory.remove(OLGA.sub)).toBe(true);
    await directory.create(OLGA);
    expect(await directory.recoveryCodesLeft(OLGA.sub)).toBe(0);
    expect(await directory.useRecoveryCode(OLGA.sub, 'abcdefghjk')).toEqual({ used: false });
    expect(await directory.rememberDevice(OLGA.sub, 'device-one', clock)).toBe('new');
  });

  it('seeds the demo personas, who sign in with the published passwords and the demo TOTP secret', async () => {
    const directory = await env.open({ seed: PERSONA_LIST });
    expect((await directory.list()).total).toBe(PERSONA_LIST.length);
    for (const persona of [PERSONAS.john, PERSONAS.alice]) {
      expect(await directory.authenticate(persona.email, persona.password)).toMatchObject({
        ok: true,
        account: { sub: persona.sub, role: persona.role, state: 'active' },
      });
    }
    for (const persona of PERSONA_LIST) {
      expect(await directory.totpSecret(persona.sub)).toBe(persona.mfa ? DEMO_TOTP_SECRET : undefined);
    }
  });
});

describe.each(DATABASES)('the %s account directory, as a database', (kind) => {
  let env: Fresh;
  beforeEach(async () => {
    env = await freshStore(kind);
  });
  afterEach(async () => {
    await env.dispose();
  });

  it('keeps accounts, passwords, secrets, passkeys and links across a restart', async () => {
    const first = await env.open();
    await first.create({ ...OLGA, totpSecret: DEMO_TOTP_SECRET, appMetadata: { department: 'None' } });
    await first.create(PETER);
    await first.recordLogin(OLGA.sub, START);
    const { token } = await first.createTicket(PETER.sub, 'invitation', 3600);
    await first.addPasskey(OLGA.sub, PHONE_KEY);
    const before = await first.list();
    const passkeys = await first.passkeys(OLGA.sub);
    await first.close();

    const second = await env.open();
    expect(await second.list()).toEqual(before);
    expect(await second.passkeys(OLGA.sub)).toEqual(passkeys);
    expect(await second.authenticate(OLGA.email, OLGA.password ?? '')).toMatchObject({ ok: true });
    expect(await second.totpSecret(OLGA.sub)).toBe(DEMO_TOTP_SECRET);
    expect(await second.redeemTicket(token, 'invitation', 'Peter-long-password')).toEqual({ sub: PETER.sub });
  });

  it('seeds on its first start only: deleted demo accounts do not come back, even when it is empty', async () => {
    const first = (await env.open({ seed: PERSONA_LIST })) as SqlDirectory;
    expect(first.seeded).toBe(PERSONA_LIST.length);
    await first.remove(PERSONAS.john.sub);
    await first.close();

    const second = (await env.open({ seed: PERSONA_LIST })) as SqlDirectory;
    expect(second.seeded).toBe(0);
    expect(await second.find(PERSONAS.john.sub)).toBeUndefined();
    for (const persona of PERSONA_LIST) await second.remove(persona.sub);
    await second.close();

    const third = (await env.open({ seed: PERSONA_LIST })) as SqlDirectory;
    expect(third.seeded).toBe(0);
    expect((await third.list()).total).toBe(0);
  });

  it('does not seed a directory whose first start had no seed list', async () => {
    await (await env.open()).close();
    const again = (await env.open({ seed: PERSONA_LIST })) as SqlDirectory;
    expect(again.seeded).toBe(0);
    expect((await again.list()).total).toBe(0);
  });

  it('refuses a seed list in which two accounts share an e-mail, writing nothing', async () => {
    await expect(env.open({ seed: [OLGA, { ...PETER, email: 'OLGA@example.org' }] })).rejects.toThrow(
      'An account with this e-mail already exists.',
    );
    const directory = (await env.open({ seed: [OLGA] })) as SqlDirectory;
    expect(directory.seeded).toBe(1);
  });

  it('lets exactly one of two providers on the same database use a link posted to both at once', async () => {
    const one = await env.open();
    const two = await env.open();
    await one.create(PETER);
    const { token } = await one.createTicket(PETER.sub, 'invitation', 3600);
    const results = await Promise.all([
      one.redeemTicket(token, 'invitation', 'First-racing-password'),
      two.redeemTicket(token, 'invitation', 'Second-racing-password'),
    ]);
    expect(results.filter((r) => 'sub' in r)).toHaveLength(1);
    expect(results.filter((r) => 'problem' in r)).toEqual([{ problem: 'used' }]);
  });

  it('creates its secrets key at first start, its owner’s only, and opens again with it', async () => {
    const directory = await env.open();
    await directory.create({ ...OLGA, totpSecret: DEMO_TOTP_SECRET });
    await directory.close();
    const file = join(env.dataDir, SECRETS_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(parseSecretsKey(await readFile(file, 'utf8'))).toHaveLength(32);
    expect(await (await env.open()).totpSecret(OLGA.sub)).toBe(DEMO_TOTP_SECRET);
  });

  it('stops at start with a clear error under a wrong or missing secrets key, never quoting the key', async () => {
    const key = newSecretsKey();
    const directory = await env.open({ secretsKey: key });
    await directory.create({ ...OLGA, totpSecret: DEMO_TOTP_SECRET });
    await directory.close();
    expect(await (await env.open({ secretsKey: key })).totpSecret(OLGA.sub)).toBe(DEMO_TOTP_SECRET);

    const wrong = newSecretsKey();
    const refused = env.open({ secretsKey: wrong });
    await expect(refused).rejects.toThrow(SecretsKeyError);
    await expect(refused).rejects.toThrow(
      /is not the key this account directory's secrets were encrypted with/,
    );
    await expect(refused).rejects.not.toThrow(wrong);
    // No key given and no key file: the stored secrets need the old key, so no new one is made.
    await expect(env.open()).rejects.toThrow(/key that is missing: .*secrets\.key does not exist/);
    await expect(readFile(join(env.dataDir, SECRETS_KEY_FILE))).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(env.open({ secretsKey: 'c2hvcnQ=' })).rejects.toThrow(
      'IDP_SECRETS_KEY must be base64 of 32 bytes',
    );
  });

  it('stops at start when secrets.key has been replaced by another key', async () => {
    await (await env.open()).close();
    await writeFile(join(env.dataDir, SECRETS_KEY_FILE), newSecretsKey(), { mode: 0o600 });
    await expect(env.open()).rejects.toThrow(/secrets\.key\) is not the key this account directory/);
  });

  it('does not decrypt a TOTP secret copied into another account’s row', async () => {
    const directory = await env.open();
    await directory.create({ ...OLGA, totpSecret: DEMO_TOTP_SECRET });
    await directory.create(PETER);
    await env.execute(
      `UPDATE idp_accounts SET totp_secret_enc = (SELECT totp_secret_enc FROM idp_accounts WHERE sub = '${OLGA.sub}') WHERE sub = '${PETER.sub}'`,
    );
    await expect(directory.totpSecret(PETER.sub)).rejects.toThrow(SecretDecryptionError);
    expect(await directory.totpSecret(OLGA.sub)).toBe(DEMO_TOTP_SECRET);
  });

  it('holds no password, TOTP secret or link token in plain text in any of its rows or files', async () => {
    const directory = await env.open({ seed: PERSONA_LIST });
    const newPassword = 'Fresh-password-for-john-7';
    const newSecret = 'MFRGGZDFMZTWQ2LKNNWG23TPOA';
    const invitedPassword = 'Invited-password-for-peter-8';
    await directory.setPassword(PERSONAS.john.sub, newPassword);
    await directory.setTotpSecret(PERSONAS.ben.sub, newSecret);
    await directory.create(PETER);
    const { token } = await directory.createTicket(PETER.sub, 'invitation', 3600);
    expect(await directory.redeemTicket(token, 'invitation', invitedPassword)).toEqual({ sub: PETER.sub });
    const recoveryCode = 'qrstuvwxyz';
    const deviceToken = 'Zm9yLXRoZS1kZXZpY2UtY29va2llLXRlc3Qtb25seQ';
    await directory.setRecoveryCodes(PETER.sub, [recoveryCode, 'abcdefghjk']);
    expect(await directory.rememberDevice(PETER.sub, deviceToken, clock)).toBe('new');
    const secrets = [
      recoveryCode,
      deviceToken,
      ...PERSONA_LIST.map((persona) => persona.password),
      DEMO_TOTP_SECRET,
      newPassword,
      newSecret,
      invitedPassword,
      token,
    ];
    const rows = await env.dump();
    expect(rows).toContain(PERSONAS.john.email); // the dump does hold the directory
    for (const secret of secrets) expect(rows).not.toContain(secret);
    if (kind === 'sqlite') {
      const scan = async () => {
        const files = await readdir(env.dataDir);
        const raw = await Promise.all(files.map((file) => readFile(join(env.dataDir, file))));
        return { files, raw };
      };
      // Open: the newest writes are in the write-ahead log; closed: checkpointed into the database file.
      for (const when of ['open', 'closed'] as const) {
        if (when === 'closed') await directory.close();
        const { files, raw } = await scan();
        expect(files).toEqual(expect.arrayContaining([SQLITE_FILE, SECRETS_KEY_FILE]));
        if (when === 'open') expect(files).toContain(`${SQLITE_FILE}-wal`);
        expect(Buffer.concat(raw).includes(Buffer.from(PERSONAS.john.email))).toBe(true);
        for (const content of raw) {
          for (const secret of secrets) {
            expect(content.includes(Buffer.from(secret, 'utf8'))).toBe(false);
            expect(content.includes(Buffer.from(secret, 'utf16le'))).toBe(false);
          }
        }
      }
    }
  });
});

describe('secrets at rest', () => {
  const key = parseSecretsKey(newSecretsKey())!;

  it('encrypts a value differently each time, and gives it back only with the same key and place', () => {
    const one = encryptSecret(key, DEMO_TOTP_SECRET, 'totp:a');
    const two = encryptSecret(key, DEMO_TOTP_SECRET, 'totp:a');
    expect(one).not.toBe(two);
    expect(one).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(one).not.toContain(DEMO_TOTP_SECRET);
    expect(decryptSecret(key, one, 'totp:a')).toBe(DEMO_TOTP_SECRET);
    expect(() => decryptSecret(key, one, 'totp:b')).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(parseSecretsKey(newSecretsKey())!, one, 'totp:a')).toThrow(
      'does not decrypt with the secrets key',
    );
  });

  it('refuses an altered value and a format it does not know', () => {
    const stored = encryptSecret(key, DEMO_TOTP_SECRET, 'totp:a');
    const [version, iv, tag, ciphertext] = stored.split('.');
    const flipped = Buffer.from(ciphertext!, 'base64url');
    flipped[0]! ^= 1;
    expect(() =>
      decryptSecret(key, [version, iv, tag, flipped.toString('base64url')].join('.'), 'totp:a'),
    ).toThrow(SecretDecryptionError);
    expect(() => decryptSecret(key, `v2.${iv}.${tag}.${ciphertext}`, 'totp:a')).toThrow('not in a format');
    expect(() => decryptSecret(key, DEMO_TOTP_SECRET, 'totp:a')).toThrow('not in a format');
  });

  it('reads a key only from base64 of exactly 32 bytes', () => {
    expect(parseSecretsKey(Buffer.alloc(32, 7).toString('base64'))).toHaveLength(32);
    expect(parseSecretsKey(` ${Buffer.alloc(32, 7).toString('base64url')}\n`)).toHaveLength(32);
    expect(parseSecretsKey(Buffer.alloc(16, 7).toString('base64'))).toBeUndefined();
    expect(parseSecretsKey('not a key at all!')).toBeUndefined();
  });
});

/** The message of the error `run` throws; fails the test when it throws none. */
function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected an error');
}

describe('the directory settings', () => {
  it('name the directory for the start-up log without the database user or password', () => {
    expect(describePostgres('postgres://idp-user:s3cret@db.example:5433/accounts?sslmode=require')).toBe(
      'PostgreSQL db.example:5433/accounts',
    );
    expect(describePostgres('not a url')).toBe('PostgreSQL');
  });

  it('take IDP_DATABASE_URL, else the DATABASE_URL the API uses, else the SQLite file', () => {
    expect(settingsFromEnv({ DATABASE_URL: 'postgres://u:p@db:5432/api' }).databaseUrl).toBe(
      'postgres://u:p@db:5432/api',
    );
    expect(
      settingsFromEnv({ IDP_DATABASE_URL: 'postgresql://u:p@db/idp', DATABASE_URL: 'postgres://u:p@db/api' })
        .databaseUrl,
    ).toBe('postgresql://u:p@db/idp');
    expect(settingsFromEnv({ IDP_DATABASE_URL: ' ', DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('refuse a database URL that is not PostgreSQL’s, without repeating it (it may hold a password)', () => {
    const url = 'mysql://user:s3cret@db/idp';
    expect(() => settingsFromEnv({ IDP_DATABASE_URL: url })).toThrow(
      'IDP_DATABASE_URL must be a postgres:// or postgresql:// URL.',
    );
    expect(() => settingsFromEnv({ DATABASE_URL: 'not a url s3cret' })).toThrow(/^DATABASE_URL must be/);
    expect(messageOf(() => settingsFromEnv({ IDP_DATABASE_URL: url }))).not.toContain('s3cret');
  });

  it('take IDP_SECRETS_KEY only as base64 of 32 bytes, and never repeat a wrong one', () => {
    const key = newSecretsKey();
    expect(settingsFromEnv({ IDP_SECRETS_KEY: key }).secretsKey).toBe(key);
    expect(settingsFromEnv({}).secretsKey).toBeUndefined();
    const wrong = 'dG9vLXNob3J0LWtleQ==';
    expect(() => settingsFromEnv({ IDP_SECRETS_KEY: wrong })).toThrow(
      'IDP_SECRETS_KEY must be base64 of 32 bytes',
    );
    expect(messageOf(() => settingsFromEnv({ IDP_SECRETS_KEY: wrong }))).not.toContain(wrong);
  });
});
