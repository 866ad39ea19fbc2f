/**
 * The account directory's schema, in code so it runs from source (tsx, vitest) and from any build. One list for
 * SQLite and PostgreSQL (the same column types work in both). The tables and Kysely's bookkeeping tables carry
 * an `idp_` prefix: with DATABASE_URL the provider may share a PostgreSQL database with the API, whose store has
 * its own `users` table and its own `kysely_migration` list. Never edit a released migration: add one.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';

export const MIGRATION_TABLE = 'idp_migration';
export const MIGRATION_LOCK_TABLE = 'idp_migration_lock';

/** Row shapes as the database holds them (times are ISO 8601 text in UTC, so text order is time order). */
export type AccountRow = {
  sub: string;
  /** Lowercased and trimmed (`emailKey`): unique, so one address cannot hold two accounts in any case. */
  email: string;
  name: string;
  given_name: string;
  family_name: string;
  role: string;
  /** JSON arrays of text. */
  roles: string;
  permissions: string;
  specializations: string;
  department: string;
  picture: string | null;
  /** A JSON object. */
  app_metadata: string;
  /** 0 or 1. */
  blocked: number;
  /** argon2id, PHC string; null for an invited account. */
  password_hash: string | null;
  password_set_at: string | null;
  /** encryption.ts `v1.<iv>.<tag>.<ciphertext>`, bound to `totp:<sub>`. */
  totp_secret_enc: string | null;
  created_at: string;
  updated_at: string;
  last_login: string | null;
  logins_count: number;
};

export type TicketRow = {
  /** SHA-256 of the link token, hex: the token itself is never stored. */
  token_hash: string;
  sub: string;
  kind: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
};

/** A passkey (types.ts `Passkey`): public data only, the private key stays in the authenticator. */
export type PasskeyRow = {
  /** The credential ID, base64url. */
  id: string;
  sub: string;
  /** COSE public key, base64url. */
  public_key: string;
  /** Up to 2^32 - 1 (bigint: PostgreSQL's integer stops at 2^31 - 1); pg hands bigint back as text. */
  counter: number | string;
  /** A JSON array of text. */
  transports: string;
  name: string;
  created_at: string;
  last_used_at: string | null;
};

/** `key_check` (a value encrypted with the secrets key, to tell a wrong key at start) and `first_start`. */
export type MetaRow = { name: string; value: string };

export type RecoveryCodeRow = {
  sub: string;
  /** secretHashes.ts `recoveryCodeHash`: HMAC-SHA256, hex. */
  code_hash: string;
  created_at: string;
  /** Set once, when the code is used: a used code is refused. */
  used_at: string | null;
};

export type DeviceRow = {
  sub: string;
  /** secretHashes.ts `deviceTokenHash`: HMAC-SHA256 of the device cookie's value, hex. */
  device_hash: string;
  first_seen: string;
  last_seen: string;
};

export type DirectoryDatabase = {
  idp_accounts: AccountRow;
  idp_tickets: TicketRow;
  idp_meta: MetaRow;
  idp_recovery_codes: RecoveryCodeRow;
  idp_devices: DeviceRow;
  idp_passkeys: PasskeyRow;
};

const initial: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idp_meta')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('idp_accounts')
      .addColumn('sub', 'text', (c) => c.primaryKey())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('given_name', 'text', (c) => c.notNull())
      .addColumn('family_name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('roles', 'text', (c) => c.notNull())
      .addColumn('permissions', 'text', (c) => c.notNull())
      .addColumn('specializations', 'text', (c) => c.notNull())
      .addColumn('department', 'text', (c) => c.notNull())
      .addColumn('picture', 'text')
      .addColumn('app_metadata', 'text', (c) => c.notNull())
      .addColumn('blocked', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('password_hash', 'text')
      .addColumn('password_set_at', 'text')
      .addColumn('totp_secret_enc', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('last_login', 'text')
      .addColumn('logins_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('idp_accounts_email').on('idp_accounts').column('email').unique().execute();

    await db.schema
      .createTable('idp_tickets')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('sub', 'text', (c) => c.notNull().references('idp_accounts.sub').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('idp_tickets_sub_kind').on('idp_tickets').columns(['sub', 'kind']).execute();
  },
};

/** Passkeys as a second factor (REQ-auth-passkeys): any number per account, each credential ID once in the directory. */
const passkeys: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idp_passkeys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('sub', 'text', (c) => c.notNull().references('idp_accounts.sub').onDelete('cascade'))
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('last_used_at', 'text')
      .execute();
    await db.schema.createIndex('idp_passkeys_sub').on('idp_passkeys').column('sub').execute();
  },
};

/** Recovery codes and known devices (REQ-auth-recovery-codes, REQ-auth-new-device-notice). */
const recoveryCodesAndDevices: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('idp_recovery_codes')
      .addColumn('sub', 'text', (c) => c.notNull().references('idp_accounts.sub').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addPrimaryKeyConstraint('idp_recovery_codes_pk', ['sub', 'code_hash'])
      .execute();
    await db.schema
      .createTable('idp_devices')
      .addColumn('sub', 'text', (c) => c.notNull().references('idp_accounts.sub').onDelete('cascade'))
      .addColumn('device_hash', 'text', (c) => c.notNull())
      .addColumn('first_seen', 'text', (c) => c.notNull())
      .addColumn('last_seen', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('idp_devices_pk', ['sub', 'device_hash'])
      .execute();
  },
};

const MIGRATIONS: Record<string, Migration> = {
  '0001-accounts': initial,
  '0002-passkeys': passkeys,
  '0003-recovery-codes-and-devices': recoveryCodesAndDevices,
};

export const migrationProvider: MigrationProvider = { getMigrations: async () => MIGRATIONS };
