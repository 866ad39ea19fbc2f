/**
 * The account directory in a database (REQ-auth, real accounts): a SQLite file `<dataDir>/accounts.sqlite`
 * (WAL) by default, PostgreSQL when given a connection string (IDP_DATABASE_URL, else DATABASE_URL). Same
 * behaviour as the memory store in every method (directory.test.ts runs one suite on all three). Passwords are
 * argon2id hashes, TOTP secrets AES-256-GCM ciphertexts (./encryption.ts), link tokens SHA-256 hashes.
 *
 * Writes that read first run in a write transaction (SQLite: BEGIN IMMEDIATE, which takes the file's write lock
 * before reading, so two processes on one file queue instead of failing; PostgreSQL: the row is read FOR
 * UPDATE). A link is used by one conditional UPDATE (`used_at IS NULL AND expires_at > now`), so of two posts
 * of the same link exactly one sets the password, in either database.
 */
import { closeSync, existsSync, mkdirSync, openSync, statSync, chmodSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Transaction } from 'kysely';
import pg from 'pg';
import {
  createSecretsKeyFile,
  decryptSecret,
  encryptSecret,
  parseSecretsKey,
  readSecretsKeyFile,
  SecretDecryptionError,
  secretsKeyPath,
  SecretsKeyError,
} from './encryption';
import {
  MIGRATION_LOCK_TABLE,
  MIGRATION_TABLE,
  migrationProvider,
  type AccountRow,
  type DirectoryDatabase,
  type PasskeyRow,
} from './migrations';
import { dummyHash, hashPassword, linkTokenHash, newLinkToken, verifyPassword } from './passwords';
import { deviceTokenHash, hashKeyFrom, recoveryCodeHash } from './secretHashes';
import {
  DirectoryConflict,
  DirectoryNotFound,
  applyPatch,
  emailKey,
  mergeAppMetadata,
  pageWindow,
  ticketLifetimeMs,
  type AccountDirectory,
  type NewAccount,
  type Passkey,
  type StoredAccount,
  type TicketKind,
  type TicketProblem,
  newStoredAccount,
} from './types';

export const SQLITE_FILE = 'accounts.sqlite';
const SQLITE_BUSY_TIMEOUT_MS = 5_000;
/** What the key check decrypts to: any text would do, it only has to be known. */
const KEY_CHECK_TEXT = 'sentinel-idp-secrets-key-check';
const KEY_CHECK_CONTEXT = 'key-check';
const totpContext = (sub: string) => `totp:${sub}`;

export type SqlDirectoryOptions = {
  /** The data folder: the SQLite file (unless `databaseUrl`) and `secrets.key` (unless `secretsKey`). */
  readonly dataDir: string;
  /** A postgres:// URL: the directory lives there instead of the SQLite file. */
  readonly databaseUrl?: string;
  /** IDP_SECRETS_KEY: base64 of 32 bytes. Unset: `<dataDir>/secrets.key`, created at first start. */
  readonly secretsKey?: string;
  /** Accounts created on the directory's first start only (the demo personas); never again, even when empty. */
  readonly seed?: readonly NewAccount[];
  readonly now?: () => Date;
};

export type SqlDirectory = AccountDirectory & {
  readonly dialect: Dialect;
  /** Where the accounts are, for the start-up log: the SQLite file, or PostgreSQL's host and database only. */
  readonly location: string;
  /** How many accounts this open seeded: the seed's length on the first start, 0 after. */
  readonly seeded: number;
};

type Db = Kysely<DirectoryDatabase>;
type Dialect = 'sqlite' | 'postgres';

/** A transaction that may write after reading: see the header. */
async function inWriteTransaction<T>(
  db: Db,
  dialect: Dialect,
  work: (trx: Kysely<DirectoryDatabase>) => Promise<T>,
): Promise<T> {
  if (dialect === 'postgres')
    return db.transaction().execute((trx: Transaction<DirectoryDatabase>) => work(trx));
  // Kysely's SQLite driver has one connection: holding it keeps this process's other queries out meanwhile.
  return db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      const value = await work(conn);
      await sql`COMMIT`.execute(conn);
      return value;
    } catch (error) {
      await sql`ROLLBACK`.execute(conn);
      throw error;
    }
  });
}

/** The data folder (0700) and the database file (0600) before SQLite opens it: its -wal and -shm files copy it. */
function preparePrivateFile(dataDir: string, file: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  if ((statSync(dataDir).mode & 0o077) !== 0) chmodSync(dataDir, 0o700);
  closeSync(openSync(file, 'a', 0o600));
  for (const each of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(each) && (statSync(each).mode & 0o077) !== 0) chmodSync(each, 0o600);
  }
}

function openSqlite(dataDir: string): { db: Db; location: string } {
  const file = path.join(dataDir, SQLITE_FILE);
  preparePrivateFile(dataDir, file);
  const database = new SqliteDatabase(file);
  try {
    // WAL: readers (a second provider process, a backup) work during a write. FULL: a set password or a used
    // link survives a power cut once acknowledged; writes here are few (sign-ins, admin changes).
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = FULL');
    database.pragma('foreign_keys = ON');
    database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  } catch (error) {
    database.close();
    throw error;
  }
  return { db: new Kysely({ dialect: new SqliteDialect({ database }) }), location: `SQLite ${file}` };
}

/** Host, port and database of a PostgreSQL URL: never its user name or password. */
export function describePostgres(url: string): string {
  try {
    const parsed = new URL(url);
    return `PostgreSQL ${parsed.host}${parsed.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

function openPostgres(databaseUrl: string): { db: Db; location: string } {
  const pool = new pg.Pool({ connectionString: databaseUrl });
  // An idle pooled connection that dies (server restart) is dropped by the pool; unheard, the 'error' event
  // would end the process.
  pool.on('error', (error) =>
    console.error('Account directory: an idle PostgreSQL connection failed:', error.message),
  );
  return {
    db: new Kysely({ dialect: new PostgresDialect({ pool }) }),
    location: describePostgres(databaseUrl),
  };
}

/** A unique index refused the row (SQLite's SQLITE_CONSTRAINT_*, PostgreSQL's 23505). */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | undefined)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

const json = (value: unknown) => JSON.stringify(value);

function toAccount(row: AccountRow): StoredAccount {
  return {
    sub: row.sub,
    name: row.name,
    given_name: row.given_name,
    family_name: row.family_name,
    email: row.email,
    role: row.role,
    roles: JSON.parse(row.roles) as string[],
    permissions: JSON.parse(row.permissions) as string[],
    specializations: JSON.parse(row.specializations) as string[],
    department: row.department,
    ...(row.picture ? { picture: row.picture } : {}),
    state: row.password_hash ? 'active' : 'invited',
    blocked: Number(row.blocked) !== 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.last_login ? { lastLogin: row.last_login } : {}),
    loginsCount: Number(row.logins_count),
    totpEnrolled: row.totp_secret_enc !== null,
    ...(row.password_set_at ? { passwordSetAt: row.password_set_at } : {}),
    appMetadata: JSON.parse(row.app_metadata) as Record<string, unknown>,
  };
}

function toPasskey(row: PasskeyRow): Passkey {
  return {
    id: row.id,
    sub: row.sub,
    publicKey: row.public_key,
    counter: Number(row.counter),
    transports: JSON.parse(row.transports) as string[],
    name: row.name,
    createdAt: row.created_at,
    ...(row.last_used_at ? { lastUsedAt: row.last_used_at } : {}),
  };
}

/** The columns an account's profile and flags fill (not its counters, secrets or password). */
function profileColumns(account: StoredAccount) {
  return {
    email: account.email,
    name: account.name,
    given_name: account.given_name,
    family_name: account.family_name,
    role: account.role,
    roles: json(account.roles),
    permissions: json(account.permissions),
    specializations: json(account.specializations),
    department: account.department,
    picture: account.picture ?? null,
    app_metadata: json(account.appMetadata),
    blocked: account.blocked ? 1 : 0,
    updated_at: account.updatedAt,
  };
}

/**
 * Opens the directory (creating the database, its schema and the secrets key when needed). A secrets key that is
 * not the one the stored secrets were encrypted with, or is missing while secrets are stored, is a
 * SecretsKeyError here, at start, rather than failed sign-ins later.
 */
export async function openSqlDirectory(options: SqlDirectoryOptions): Promise<SqlDirectory> {
  const now = options.now ?? (() => new Date());
  const dialect: Dialect = options.databaseUrl ? 'postgres' : 'sqlite';
  // The key given in the environment is checked before anything is created.
  const givenKey = options.secretsKey === undefined ? undefined : parseSecretsKey(options.secretsKey);
  if (options.secretsKey !== undefined && !givenKey) {
    throw new SecretsKeyError('IDP_SECRETS_KEY must be base64 of 32 bytes (e.g. `openssl rand -base64 32`).');
  }
  const { db, location } = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(options.dataDir);

  const writeTx = <T>(work: (trx: Kysely<DirectoryDatabase>) => Promise<T>) =>
    inWriteTransaction(db, dialect, work);

  const selectForWrite = (trx: Kysely<DirectoryDatabase>, sub: string) => {
    const query = trx.selectFrom('idp_accounts').selectAll().where('sub', '=', sub);
    return (dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
  };

  let key: Buffer;
  let hashKey: Buffer;
  let seeded = 0;
  try {
    await migrate(db, dialect);
    key = await secretsKey(db, options.dataDir, givenKey, options.secretsKey !== undefined);
    hashKey = hashKeyFrom(key);
    seeded = await seedOnFirstStart(db, dialect, options.seed ?? [], now, (sub, secret) =>
      encryptSecret(key, secret, totpContext(sub)),
    );
  } catch (error) {
    await db.destroy();
    throw error;
  }

  const accountByEmail = (email: string) =>
    db.selectFrom('idp_accounts').selectAll().where('email', '=', emailKey(email)).executeTakeFirst();

  async function ticketProblem(
    trx: Kysely<DirectoryDatabase>,
    token: string,
    kind: TicketKind,
  ): Promise<{ sub: string } | { problem: TicketProblem }> {
    const ticket = await trx
      .selectFrom('idp_tickets')
      .innerJoin('idp_accounts', 'idp_accounts.sub', 'idp_tickets.sub')
      .select(['idp_tickets.sub', 'idp_tickets.used_at', 'idp_tickets.expires_at'])
      .where('idp_tickets.token_hash', '=', linkTokenHash(token))
      .where('idp_tickets.kind', '=', kind)
      .executeTakeFirst();
    if (!ticket) return { problem: 'invalid' };
    if (ticket.used_at) return { problem: 'used' };
    if (Date.parse(ticket.expires_at) <= now().getTime()) return { problem: 'expired' };
    return { sub: ticket.sub };
  }

  let closed = false;
  const directory: SqlDirectory = {
    dialect,
    location,
    seeded,
    async authenticate(email, password) {
      const row = await accountByEmail(email);
      const stored = row?.password_hash ?? undefined;
      const good = await verifyPassword(stored ?? (await dummyHash()), password);
      if (!row || !stored || !good) return { ok: false, reason: 'invalid' };
      if (Number(row.blocked) !== 0) return { ok: false, reason: 'blocked' };
      return { ok: true, account: toAccount(row) };
    },
    async find(sub) {
      const row = await db.selectFrom('idp_accounts').selectAll().where('sub', '=', sub).executeTakeFirst();
      return row && toAccount(row);
    },
    async findByEmail(email) {
      const row = await accountByEmail(email);
      return row && toAccount(row);
    },
    async list(listOptions) {
      const { offset, limit } = pageWindow(listOptions);
      // Code-unit order in both: PostgreSQL's "C" collation, SQLite's default BINARY.
      const order = dialect === 'postgres' ? sql`email collate "C"` : sql`email`;
      const [rows, count] = await Promise.all([
        db.selectFrom('idp_accounts').selectAll().orderBy(order).limit(limit).offset(offset).execute(),
        db
          .selectFrom('idp_accounts')
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { accounts: rows.map(toAccount), total: Number(count.total) };
    },
    async create(input) {
      const appMetadata = mergeAppMetadata({}, input.appMetadata ?? {});
      const passwordHash = input.password ? await hashPassword(input.password) : undefined;
      const account = newStoredAccount(input, { appMetadata, passwordHash, at: now().toISOString() });
      try {
        await db
          .insertInto('idp_accounts')
          .values({
            sub: account.sub,
            ...profileColumns(account),
            password_hash: passwordHash ?? null,
            password_set_at: account.passwordSetAt ?? null,
            totp_secret_enc: input.totpSecret
              ? encryptSecret(key, input.totpSecret, totpContext(account.sub))
              : null,
            created_at: account.createdAt,
            last_login: null,
            logins_count: 0,
          })
          .execute();
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        // Which one: the subject first, as the memory store checks it first.
        throw new DirectoryConflict((await directory.find(account.sub)) ? 'sub' : 'email');
      }
      return account;
    },
    async update(sub, patch) {
      try {
        return await writeTx(async (trx) => {
          const row = await selectForWrite(trx, sub);
          if (!row) return undefined;
          const next = applyPatch(toAccount(row), patch, now());
          await trx.updateTable('idp_accounts').set(profileColumns(next)).where('sub', '=', sub).execute();
          return next;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DirectoryConflict('email');
        throw error;
      }
    },
    async remove(sub) {
      return writeTx(async (trx) => {
        await trx.deleteFrom('idp_tickets').where('sub', '=', sub).execute();
        await trx.deleteFrom('idp_recovery_codes').where('sub', '=', sub).execute();
        await trx.deleteFrom('idp_devices').where('sub', '=', sub).execute();
        await trx.deleteFrom('idp_passkeys').where('sub', '=', sub).execute();
        const result = await trx.deleteFrom('idp_accounts').where('sub', '=', sub).executeTakeFirst();
        return Number(result.numDeletedRows) > 0;
      });
    },
    async setPassword(sub, password) {
      const passwordHash = await hashPassword(password);
      const at = now().toISOString();
      await db
        .updateTable('idp_accounts')
        .set({ password_hash: passwordHash, password_set_at: at, updated_at: at })
        .where('sub', '=', sub)
        .execute();
    },
    async totpSecret(sub) {
      const row = await db
        .selectFrom('idp_accounts')
        .select('totp_secret_enc')
        .where('sub', '=', sub)
        .executeTakeFirst();
      if (!row?.totp_secret_enc) return undefined;
      try {
        return decryptSecret(key, row.totp_secret_enc, totpContext(sub));
      } catch (error) {
        if (error instanceof SecretDecryptionError) {
          throw new SecretDecryptionError(`The TOTP secret of ${sub} does not decrypt: ${error.message}`);
        }
        throw error;
      }
    },
    async setTotpSecret(sub, secret) {
      await db
        .updateTable('idp_accounts')
        .set({
          totp_secret_enc: secret ? encryptSecret(key, secret, totpContext(sub)) : null,
          updated_at: now().toISOString(),
        })
        .where('sub', '=', sub)
        .execute();
    },
    async passkeys(sub) {
      const rows = await db
        .selectFrom('idp_passkeys')
        .selectAll()
        .where('sub', '=', sub)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      return rows.map(toPasskey);
    },
    async addPasskey(sub, input) {
      const row: PasskeyRow = {
        id: input.id,
        sub,
        public_key: input.publicKey,
        counter: input.counter,
        transports: json(input.transports),
        name: input.name,
        created_at: now().toISOString(),
        last_used_at: null,
      };
      try {
        await writeTx(async (trx) => {
          if (!(await selectForWrite(trx, sub))) throw new DirectoryNotFound();
          await trx.insertInto('idp_passkeys').values(row).execute();
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new DirectoryConflict('passkey');
        throw error;
      }
      return toPasskey(row);
    },
    async usePasskey(sub, id, counter, at) {
      // The counter check is the UPDATE's condition: of two sign-ins with one counter, the second changes nothing.
      const result = await db
        .updateTable('idp_passkeys')
        .set({ counter, last_used_at: at.toISOString() })
        .where('id', '=', id)
        .where('sub', '=', sub)
        // counterAdvances: above the stored one, or 0 after 0 (an authenticator that keeps no counter).
        .where('counter', counter === 0 ? '=' : '<', counter)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async removePasskeys(sub, ids) {
      if (ids && ids.length === 0) return 0;
      let query = db.deleteFrom('idp_passkeys').where('sub', '=', sub);
      if (ids) query = query.where('id', 'in', [...ids]);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async recordLogin(sub, at) {
      await db
        .updateTable('idp_accounts')
        .set((eb) => ({ last_login: at.toISOString(), logins_count: eb('logins_count', '+', 1) }))
        .where('sub', '=', sub)
        .execute();
    },
    async createTicket(sub, kind, ttlSeconds) {
      const lifetime = ticketLifetimeMs(ttlSeconds);
      const { token, hash } = newLinkToken();
      const created = now();
      const expiresAt = new Date(created.getTime() + lifetime).toISOString();
      await writeTx(async (trx) => {
        const account = await selectForWrite(trx, sub);
        if (!account) throw new DirectoryNotFound();
        await trx.deleteFrom('idp_tickets').where('sub', '=', sub).where('kind', '=', kind).execute();
        await trx
          .insertInto('idp_tickets')
          .values({
            token_hash: hash,
            sub,
            kind,
            created_at: created.toISOString(),
            expires_at: expiresAt,
            used_at: null,
          })
          .execute();
      });
      return { token, expiresAt };
    },
    async peekTicket(token, kind) {
      return ticketProblem(db, token, kind);
    },
    async redeemTicket(token, kind, password) {
      // A link that cannot work costs no hash; one that may is checked again, atomically, below.
      const before = await ticketProblem(db, token, kind);
      if ('problem' in before) return before;
      const passwordHash = await hashPassword(password);
      return writeTx(async (trx) => {
        const at = now().toISOString();
        // The conditional UPDATE is the check: of two posts of one link, the second finds used_at set (in
        // PostgreSQL it waits for the first's row lock, then re-reads the row) and changes nothing.
        const used = await trx
          .updateTable('idp_tickets')
          .set({ used_at: at })
          .where('token_hash', '=', linkTokenHash(token))
          .where('kind', '=', kind)
          .where('used_at', 'is', null)
          .where('expires_at', '>', at)
          .returning('sub')
          .executeTakeFirst();
        if (!used) return ticketProblem(trx, token, kind);
        const result = await trx
          .updateTable('idp_accounts')
          .set({ password_hash: passwordHash, password_set_at: at, updated_at: at })
          .where('sub', '=', used.sub)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) > 0 ? { sub: used.sub } : { problem: 'invalid' as const };
      });
    },
    async ticketInfo(sub, kind) {
      const ticket = await db
        .selectFrom('idp_tickets')
        .select(['created_at', 'expires_at', 'used_at'])
        .where('sub', '=', sub)
        .where('kind', '=', kind)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return ticket
        ? { createdAt: ticket.created_at, expiresAt: ticket.expires_at, used: ticket.used_at !== null }
        : undefined;
    },
    async setRecoveryCodes(sub, codes) {
      const at = now().toISOString();
      await writeTx(async (trx) => {
        await trx.deleteFrom('idp_recovery_codes').where('sub', '=', sub).execute();
        if (!codes.length || !(await selectForWrite(trx, sub))) return;
        const hashes = [...new Set(codes.map((code) => recoveryCodeHash(hashKey, sub, code)))];
        await trx
          .insertInto('idp_recovery_codes')
          .values(hashes.map((code_hash) => ({ sub, code_hash, created_at: at, used_at: null })))
          .execute();
      });
    },
    async useRecoveryCode(sub, code) {
      const at = now().toISOString();
      return writeTx(async (trx) => {
        // The conditional UPDATE is the check: of two posts of one code, the second finds used_at set.
        const result = await trx
          .updateTable('idp_recovery_codes')
          .set({ used_at: at })
          .where('sub', '=', sub)
          .where('code_hash', '=', recoveryCodeHash(hashKey, sub, code))
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) return { used: false as const };
        return { used: true as const, remaining: await unusedCodes(trx, sub) };
      });
    },
    async recoveryCodesLeft(sub) {
      return unusedCodes(db, sub);
    },
    async rememberDevice(sub, deviceToken, at) {
      const device_hash = deviceTokenHash(hashKey, sub, deviceToken);
      const seen = at.toISOString();
      return writeTx(async (trx) => {
        if (!(await selectForWrite(trx, sub))) return 'known' as const;
        const known = await trx
          .updateTable('idp_devices')
          .set({ last_seen: seen })
          .where('sub', '=', sub)
          .where('device_hash', '=', device_hash)
          .executeTakeFirst();
        if (Number(known.numUpdatedRows) > 0) return 'known' as const;
        await trx
          .insertInto('idp_devices')
          .values({ sub, device_hash, first_seen: seen, last_seen: seen })
          .execute();
        return 'new' as const;
      });
    },
    async close() {
      if (closed) return;
      closed = true;
      await db.destroy();
    },
  };
  return directory;
}

async function unusedCodes(on: Kysely<DirectoryDatabase>, sub: string): Promise<number> {
  const row = await on
    .selectFrom('idp_recovery_codes')
    .select((eb) => eb.fn.countAll().as('left'))
    .where('sub', '=', sub)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.left);
}

async function migrate(db: Db, dialect: Dialect): Promise<void> {
  const run = async (on: Kysely<DirectoryDatabase>) => {
    const migrator = new Migrator({
      db: on,
      provider: migrationProvider,
      migrationTableName: MIGRATION_TABLE,
      migrationLockTableName: MIGRATION_LOCK_TABLE,
    });
    const { error } = await migrator.migrateToLatest();
    if (error)
      throw error instanceof Error
        ? error
        : new Error(`Account directory migration failed: ${String(error)}`);
  };
  if (dialect === 'postgres') return run(db); // Kysely runs each migration in a transaction, under a lock.
  // Kysely runs SQLite migrations outside a transaction; one around the whole run leaves no half schema after a
  // crash and takes the write lock against a second process migrating the same file.
  await inWriteTransaction(db, dialect, run);
}

/**
 * The secrets key, checked against the directory: the first start stores a value encrypted with it, and every
 * later start must decrypt that value, so a wrong or lost key stops the start with a clear message.
 */
async function secretsKey(
  db: Db,
  dataDir: string,
  given: Buffer | undefined,
  fromEnv: boolean,
): Promise<Buffer> {
  const readCheck = async () =>
    (await db.selectFrom('idp_meta').select('value').where('name', '=', 'key_check').executeTakeFirst())
      ?.value;
  let check = await readCheck();
  let key = given ?? (await readSecretsKeyFile(dataDir));
  const source = fromEnv ? 'IDP_SECRETS_KEY' : secretsKeyPath(dataDir);
  if (!key) {
    if (check) {
      throw new SecretsKeyError(
        `The account directory holds secrets encrypted with a key that is missing: ${secretsKeyPath(dataDir)} ` +
          'does not exist and IDP_SECRETS_KEY is unset. Restore that file or set IDP_SECRETS_KEY to the key.',
      );
    }
    key = await createSecretsKeyFile(dataDir);
  }
  if (!check) {
    // Two first starts at once: the first check stored wins, and the other start compares against it.
    await db
      .insertInto('idp_meta')
      .values({ name: 'key_check', value: encryptSecret(key, KEY_CHECK_TEXT, KEY_CHECK_CONTEXT) })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    check = await readCheck();
  }
  let decrypted: string | undefined;
  try {
    decrypted = check === undefined ? undefined : decryptSecret(key, check, KEY_CHECK_CONTEXT);
  } catch {
    decrypted = undefined;
  }
  if (decrypted !== KEY_CHECK_TEXT) {
    throw new SecretsKeyError(
      `The secrets key (${source}) is not the key this account directory's secrets were encrypted with. ` +
        'Use the key of its first start (IDP_SECRETS_KEY, or the secrets.key file from that data folder).',
    );
  }
  return key;
}

/**
 * Seeds the accounts on the directory's first start (no `first_start` mark yet) when it is empty, and marks the
 * first start in the same transaction: an admin who deletes the demo accounts does not see them come back.
 */
async function seedOnFirstStart(
  db: Db,
  dialect: Dialect,
  seed: readonly NewAccount[],
  now: () => Date,
  encryptTotp: (sub: string, secret: string) => string,
): Promise<number> {
  const marked = () =>
    db.selectFrom('idp_meta').select('name').where('name', '=', 'first_start').executeTakeFirst();
  if (await marked()) return 0;
  // A list that would conflict with itself is refused before anything is written, as the memory store does.
  const subs = new Set<string>();
  const emails = new Set<string>();
  for (const account of seed) {
    if (subs.has(account.sub)) throw new DirectoryConflict('sub');
    if (emails.has(emailKey(account.email))) throw new DirectoryConflict('email');
    subs.add(account.sub);
    emails.add(emailKey(account.email));
  }
  // Hashed outside the transaction (argon2 is slow on purpose); the transaction checks the mark again.
  const hashes = await Promise.all(
    seed.map((account) => (account.password ? hashPassword(account.password) : null)),
  );
  const at = now().toISOString();
  const run = async (trx: Kysely<DirectoryDatabase>) => {
    // Two providers starting together on one PostgreSQL database: the second waits here, then sees the mark.
    if (dialect === 'postgres') await sql`LOCK TABLE idp_meta IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    if (
      await trx.selectFrom('idp_meta').select('name').where('name', '=', 'first_start').executeTakeFirst()
    ) {
      return 0;
    }
    const existing = await trx.selectFrom('idp_accounts').select('sub').limit(1).executeTakeFirst();
    const rows = existing
      ? []
      : seed.map((input, index) => {
          const hash = hashes[index] ?? null;
          const account = newStoredAccount(input, {
            appMetadata: mergeAppMetadata({}, input.appMetadata ?? {}),
            passwordHash: hash ?? undefined,
            at,
          });
          return {
            sub: account.sub,
            ...profileColumns(account),
            password_hash: hash,
            password_set_at: hash ? at : null,
            totp_secret_enc: input.totpSecret ? encryptTotp(account.sub, input.totpSecret) : null,
            created_at: at,
            last_login: null,
            logins_count: 0,
          };
        });
    if (rows.length) await trx.insertInto('idp_accounts').values(rows).execute();
    await trx.insertInto('idp_meta').values({ name: 'first_start', value: at }).execute();
    return rows.length;
  };
  return inWriteTransaction(db, dialect, run);
}
