/**
 * Opens the API's store: SQLite in `<dataDir>/sentinel.db` by default, PostgreSQL when `databaseUrl` is set.
 * Both go through one Kysely query layer (./operations) and one list of migrations (./migrations), which run
 * on every open; an empty store is then seeded.
 *
 * What callers rely on:
 * - Every `transaction` is one database transaction; a rejected `work` rolls back its data changes, audit rows
 *   and the ids it drew. On SQLite transactions run one after another on a single connection (do not open a
 *   `transaction` inside another: it would wait for itself); on PostgreSQL they run side by side on a pool, at
 *   READ COMMITTED.
 * - Lists are in insertion order; `replace` keeps an item's place, `remove` then `insert` puts it last.
 * - `nextId(prefix)` gives '<prefix>-1001', '<prefix>-1002', ... per prefix, unique across restarts and
 *   concurrent transactions. On PostgreSQL the counter row stays locked until the transaction ends, so
 *   transactions drawing ids from the same prefix commit one after another.
 * - Durability: a `transaction` resolves only once what it committed is on disk, and on SQLite also once
 *   nothing it could have read is unsynced (group commit, ./groupCommit.ts; PostgreSQL's COMMIT syncs itself).
 * - Errors: `DuplicateEmailError` (insertUser/replaceUser, e-mail taken), `DuplicateIdError` (insert/insertUser,
 *   id taken), `StoreClosedError` (transaction after close), `DurabilityError` (SQLite could not sync its log:
 *   every later call fails too); driver errors otherwise.
 * - Entities are stored as JSON: properties whose value is `undefined` do not come back.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type Dialect } from 'kysely';
import pg from 'pg';
import { StoreClosedError } from './errors';
import { startCheckpointer, type Checkpointer } from './checkpointer';
import { groupCommit, type GroupCommit } from './groupCommit';
import { migrationProvider } from './migrations';
import { operations } from './operations';
import { kyselyRunner, postgresRunner, sqliteRunner } from './queries';
import { ENTITY_TABLES, type Database } from './schema';
import type { OpenStoreOptions, Store, StoreDialect, StoreTx } from './types';

export type * from './types';
export type { Database } from './schema';
export {
  DuplicateEmailError,
  DuplicateIdError,
  OwnerChangeError,
  StoreClosedError,
  isUniqueViolation,
} from './errors';
export { DurabilityError } from './groupCommit';
export { AUDIT_APPEND_ONLY_MESSAGE } from './migrations';
export { FIRST_GENERATED_ID } from './operations';

/** The SQLite file inside `dataDir`. */
export const SQLITE_FILE = 'sentinel.db';
/** How long a SQLite statement waits for another process's write lock before failing with SQLITE_BUSY. */
const SQLITE_BUSY_TIMEOUT_MS = 5_000;

/**
 * Pages (4 KiB) the write-ahead log may hold before the writer checkpoints it itself (see sqliteDialect): the log
 * file stays under about 40 MiB however long writes go on without a pause.
 */
export const WAL_RESTART_PAGES = 10_000;

/** Distinct SQL texts whose prepared statements are kept (the store's queries are a few dozen). */
const STATEMENT_CACHE_SIZE = 256;

/**
 * Prepared statements by SQL text. The store's queries come from a fixed set (./queries.ts), so their SQL texts
 * repeat: each is prepared once and reused. A statement still being iterated (a streamed query) is busy and
 * cannot run again: a fresh one is made.
 */
function statementCache(database: SqliteDatabase.Database): (text: string) => SqliteDatabase.Statement {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return (text) => {
    const cached = statements.get(text);
    if (cached && !cached.busy) return cached;
    const statement = database.prepare(text);
    if (!cached) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value ?? '');
      statements.set(text, statement);
    }
    return statement;
  };
}

type Sqlite = {
  readonly dialect: Dialect;
  /** The connection's prepared statement for an SQL text. */
  readonly statement: (text: string) => SqliteDatabase.Statement;
  /** Whether a transaction is open on the connection. */
  readonly inTransaction: () => boolean;
  /** Row changes made on the connection so far (SQLite's total_changes()). */
  readonly changes: () => number;
  /** Durable commits for a database file; none for ':memory:'. */
  readonly commits: GroupCommit | undefined;
  /** WAL checkpoints on their own thread (file databases only). */
  readonly checkpoints: Checkpointer | undefined;
};

/** Folder and file modes of the SQLite store: its owner only (the database holds ePHI). */
const PRIVATE_DIR_MODE = 0o700;
const PRIVATE_FILE_MODE = 0o600;

/** Takes read, write and search rights from group and others when the path grants any (an older or copied folder). */
function tighten(path: string, mode: number): void {
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, mode);
}

/**
 * The data folder (0700) and the database file (0600), created before SQLite opens it: SQLite gives its -wal and
 * -shm files the database file's permissions, so they are born 0600 too, whatever the process's umask. Files
 * an older version left readable by others are tightened.
 */
function preparePrivateFiles(dataDir: string, file: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dataDir, PRIVATE_DIR_MODE);
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const path of [file, `${file}-wal`, `${file}-shm`]) {
    if (existsSync(path)) tighten(path, PRIVATE_FILE_MODE);
  }
}

function sqliteDialect(dataDir: string): Sqlite {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    file = join(dataDir, SQLITE_FILE);
    preparePrivateFiles(dataDir, file);
  }
  const database = new SqliteDatabase(file);
  try {
    // WAL lets readers in other processes work during a write. synchronous NORMAL: a COMMIT does not fsync the
    // WAL itself; the group commit (./groupCommit.ts) does, before any call that wrote is answered, so a
    // committed audit row still survives a power loss while the event loop is not held for every fsync.
    database.pragma('journal_mode = WAL');
    database.pragma(`synchronous = ${file === ':memory:' ? 'FULL' : 'NORMAL'}`);
    database.pragma('foreign_keys = ON');
    database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    // Checkpoints run on a thread of their own (./checkpointer.ts), not inside a COMMIT on the event loop. But
    // the log restarts from its beginning only when a write begins with every frame copied, which a thread
    // racing a busy writer hardly ever sees: under sustained writes the log grew by gigabytes. SQLite's own
    // checkpoint, run by the writer inside a COMMIT once the log holds WAL_RESTART_PAGES, always catches up;
    // the thread has copied nearly everything by then, so it finds little left to copy.
    if (file !== ':memory:') database.pragma(`wal_autocheckpoint = ${WAL_RESTART_PAGES}`);
  } catch (error) {
    database.close();
    throw error;
  }
  const totalChanges = database.prepare('SELECT total_changes()').pluck();
  const statement = statementCache(database);
  return {
    // Kysely runs the migrations and the first seeding; the store's transactions run on `statement`.
    dialect: new SqliteDialect({ database: { close: () => database.close(), prepare: statement } }),
    statement,
    inTransaction: () => database.inTransaction,
    changes: () => totalChanges.get() as number,
    commits: file === ':memory:' ? undefined : groupCommit(`${file}-wal`),
    checkpoints:
      file === ':memory:'
        ? undefined
        : startCheckpointer({
            file,
            busyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS,
            onFailure: (error) => {
              console.error(`SQLite: ${error.message}; checkpoints run inside commits again.`);
              database.pragma('wal_autocheckpoint = 1000');
            },
          }),
  };
}

function postgresPool(connectionString: string): pg.Pool {
  const pool = new pg.Pool({ connectionString });
  // A pooled idle connection that dies (server restart, network) is dropped by the pool; without a listener
  // the 'error' event would end the process.
  pool.on('error', (error) => console.error('PostgreSQL: an idle connection failed:', error.message));
  return pool;
}

/**
 * PostgreSQL: one transaction on a pooled connection, begun and committed on it directly (READ COMMITTED, as
 * Kysely's did). A connection whose ROLLBACK failed is dropped from the pool, not reused.
 */
async function postgresTransaction<T>(pool: pg.Pool, work: (tx: StoreTx) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const value = await work(operations(postgresRunner(client)));
    await client.query('COMMIT');
    return value;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackFailed: unknown) => {
      broken = rollbackFailed instanceof Error ? rollbackFailed : new Error(String(rollbackFailed));
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

async function migrate(db: Kysely<Database>, dialect: StoreDialect): Promise<void> {
  const run = async (on: Kysely<Database>) => {
    const { error } = await new Migrator({ db: on, provider: migrationProvider(dialect) }).migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(`Store migration failed: ${String(error)}`);
  };
  if (dialect === 'postgres') return run(db); // Kysely runs each migration in a transaction, under a lock.
  // Kysely runs SQLite migrations outside a transaction, so a crash could leave half a schema behind. SQLite
  // handles DDL in transactions: wrap the whole run (migrations and Kysely's bookkeeping) in one, which also
  // takes the write lock against a second process migrating the same file.
  await db.connection().execute(async (conn) => {
    await sql`BEGIN IMMEDIATE`.execute(conn);
    try {
      await run(conn);
    } catch (error) {
      await sql`ROLLBACK`.execute(conn);
      throw error;
    }
    await sql`COMMIT`.execute(conn);
  });
}

async function seedIfEmpty(
  db: Kysely<Database>,
  dialect: StoreDialect,
  seed: NonNullable<OpenStoreOptions['seed']>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Two servers starting together on one PostgreSQL database: the second waits here, then sees the users.
    if (dialect === 'postgres') await sql`LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    if (await trx.selectFrom('users').select('id').limit(1).executeTakeFirst()) return;
    const tx = operations(kyselyRunner(trx, dialect));
    for (const user of seed.users) await tx.insertUser(user);
    for (const collection of ENTITY_TABLES) {
      for (const item of seed[collection]) await tx.insert(collection, item);
    }
    for (const assignment of seed.careTeam ?? []) await tx.insertCareTeamAssignment(assignment);
  });
}

type Backend =
  { readonly kind: 'sqlite'; readonly lite: Sqlite } | { readonly kind: 'postgres'; readonly pool: pg.Pool };

/** Opens (and creates, migrates and seeds when needed) the store. */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const dialect: StoreDialect = options.databaseUrl ? 'postgres' : 'sqlite';
  const backend: Backend = options.databaseUrl
    ? { kind: 'postgres', pool: postgresPool(options.databaseUrl) }
    : { kind: 'sqlite', lite: sqliteDialect(options.dataDir) };
  const sqlite = backend.kind === 'sqlite' ? backend.lite : undefined;
  const db = new Kysely<Database>({
    // Kysely runs the migrations and the first seeding; the store's transactions run on the connections.
    dialect: backend.kind === 'sqlite' ? backend.lite.dialect : new PostgresDialect({ pool: backend.pool }),
  });
  const commits = sqlite?.commits;
  try {
    await migrate(db, dialect);
    if (options.seed) await seedIfEmpty(db, dialect, options.seed);
    await commits?.sync();
  } catch (error) {
    commits?.close();
    await sqlite?.checkpoints?.close();
    await db.destroy();
    throw error;
  }

  const running = new Set<Promise<unknown>>();
  let closing: Promise<void> | undefined;

  /**
   * SQLite: one transaction at a time on the connection, begun and committed on it directly (each waits for the
   * one before it, as Kysely's driver would make it); a call that wrote is answered once its commit is on disk, a
   * call that read once nothing it could have read is still unsynced (./groupCommit.ts). The next transaction
   * starts while this one waits for its sync, so commits share fsyncs.
   */
  let sqliteQueue: Promise<unknown> = Promise.resolve();
  const sqliteTransaction = async <T>(work: (tx: StoreTx) => Promise<T>, lite: Sqlite): Promise<T> => {
    const group = lite.commits;
    if (group?.failure) throw group.failure;
    let wrote: { done(): void } | undefined;
    const committed = sqliteQueue.then(async () => {
      lite.statement('BEGIN').run();
      try {
        const before = lite.changes();
        const value = await work(operations(sqliteRunner(lite.statement)));
        if (lite.changes() !== before) wrote = group?.begin();
        lite.statement('COMMIT').run();
        return value;
      } catch (error) {
        if (lite.inTransaction()) lite.statement('ROLLBACK').run();
        throw error;
      }
    });
    sqliteQueue = committed.catch(() => undefined);
    try {
      const result = await committed;
      if (group && (wrote || group.unsynced)) await group.sync();
      if (wrote) lite.checkpoints?.afterCommit();
      return result;
    } finally {
      wrote?.done();
    }
  };

  return {
    dialect,

    transaction(work) {
      if (closing) return Promise.reject(new StoreClosedError());
      const done =
        backend.kind === 'sqlite'
          ? sqliteTransaction(work, backend.lite)
          : postgresTransaction(backend.pool, work);
      const tracked = done.finally(() => running.delete(tracked));
      // The tracked copy only counts; its rejection is the caller's, through `done`.
      tracked.catch(() => undefined);
      running.add(tracked);
      return done;
    },

    async ping() {
      if (commits?.failure) throw commits.failure;
      if (sqlite) sqlite.statement('SELECT 1').get();
      else await sql`select 1`.execute(db);
    },

    close() {
      closing ??= (async () => {
        await Promise.allSettled([...running]);
        await sqlite?.checkpoints?.close();
        await db.destroy();
        commits?.close();
      })();
      return closing;
    },
  };
}
