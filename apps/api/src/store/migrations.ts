/**
 * The store's schema migrations, in code so that they run from source (tsx, vitest) and from any build
 * without a migrations folder. One list for both dialects; where SQL differs (row-order columns, the
 * append-only triggers) a migration asks which dialect it runs on. Never edit a released migration: add one.
 */
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { patientIdFor, soleAccountWithPatientId } from '@sentinel/domain';
import type { StoreDialect } from './types';
import { ENTITY_TABLES } from './schema';
import { FIRST_GENERATED_ID } from './operations';

/** The message both dialects give when someone tries to change or delete an audit row. */
export const AUDIT_APPEND_ONLY_MESSAGE = 'audit rows are append-only';

function initial(dialect: StoreDialect): Migration {
  // Row order: an integer the database assigns on insert and never reuses (SQLite AUTOINCREMENT avoids reusing
  // the rowid of a deleted last row; PostgreSQL takes it from an identity sequence, with no lock held to commit).
  const seqType = dialect === 'sqlite' ? 'integer' : 'bigint';
  const seq = (table: string) => (db: Kysely<unknown>) =>
    db.schema
      .createTable(table)
      .addColumn('seq', seqType, (c) =>
        dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedAlwaysAsIdentity(),
      );

  return {
    async up(db: Kysely<unknown>) {
      for (const table of ENTITY_TABLES) {
        await seq(table)(db)
          .addColumn('id', 'text', (c) => c.notNull().unique())
          .addColumn('patient_email_norm', 'text', (c) => c.notNull())
          .addColumn('patient_name_norm', 'text', (c) => c.notNull())
          .addColumn('patient_id_norm', 'text', (c) => c.notNull())
          .addColumn('data', 'text', (c) => c.notNull())
          .execute();
        for (const column of ['patient_email_norm', 'patient_name_norm', 'patient_id_norm']) {
          await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute();
        }
      }

      await seq('users')(db)
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('email_norm', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_email_norm').on('users').column('email_norm').unique().execute();

      await db.schema
        .createTable('counters')
        .addColumn('prefix', 'text', (c) => c.primaryKey())
        .addColumn('last_issued', 'integer', (c) => c.notNull())
        .execute();

      await seq('audit')(db)
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('timestamp', 'text', (c) => c.notNull())
        .addColumn('actor_sub', 'text', (c) => c.notNull())
        .addColumn('actor_role', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('resource_type', 'text', (c) => c.notNull())
        .addColumn('resource_id', 'text')
        .addColumn('patient_id', 'text')
        .addColumn('outcome', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_actor_sub').on('audit').column('actor_sub').execute();
      await db.schema.createIndex('audit_patient_id').on('audit').column('patient_id').execute();

      // HIPAA 164.312(b): the trail is append-only whatever code or person connects, so the database refuses.
      const message = sql.lit(AUDIT_APPEND_ONLY_MESSAGE);
      if (dialect === 'sqlite') {
        for (const event of ['UPDATE', 'DELETE']) {
          await sql`CREATE TRIGGER ${sql.raw(`audit_no_${event.toLowerCase()}`)} BEFORE ${sql.raw(event)} ON audit
            BEGIN SELECT RAISE(ABORT, ${message}); END`.execute(db);
        }
      } else {
        await sql`CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
          BEGIN RAISE EXCEPTION ${message} USING ERRCODE = 'insufficient_privilege'; END $$`.execute(db);
        await sql`CREATE TRIGGER audit_no_change BEFORE UPDATE OR DELETE ON audit
          FOR EACH ROW EXECUTE FUNCTION audit_append_only()`.execute(db);
        await sql`CREATE TRIGGER audit_no_truncate BEFORE TRUNCATE ON audit
          FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only()`.execute(db);
      }
    },
  };
}

/** PostgreSQL hands out audit ids from a sequence (see `SEQUENCE_PREFIXES`); SQLite keeps its counter row. */
function auditIdSequence(dialect: StoreDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`CREATE SEQUENCE audit_ids START ${sql.lit(FIRST_GENERATED_ID)}`.execute(db);
    },
  };
}

/**
 * Approval requests of the assistant's proposed prescriptions (asynchronous authorization,
 * REQ-tool-approvals).
 */
function approvals(dialect: StoreDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('approvals')
        .addColumn('seq', dialect === 'sqlite' ? 'integer' : 'bigint', (c) =>
          dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedAlwaysAsIdentity(),
        )
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('approver_sub', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('approvals_approver_sub').on('approvals').column('approver_sub').execute();
    },
  };
}

/** The token vault's calendar connections (REQ-tool-vault): a user's consent, keyed by the token subject. */
function vaultConnections(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('vault_connections')
        .addColumn('sub', 'text', (c) => c.primaryKey())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('connected_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * REQ-access-owner One owner per patient item (REQ-access-owner): `owner_id` is the account id of the patient
 * an item belongs to, the only thing a patient's lists and reads match on. Existing rows get the patient
 * account whose e-mail they carry (any status: a suspended patient still owns their data), and their patient
 * id becomes that account's; a row whose e-mail is no patient account's gets no owner and is seen by staff
 * only. Rows are rewritten one by one in JavaScript, so both dialects read the same JSON the same way.
 */
function itemOwners(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const users = await sql<{ id: string; email_norm: string; data: string }>`
        SELECT id, email_norm, data FROM users`.execute(db);
      const patients = new Map<string, string>();
      for (const user of users.rows) {
        if ((JSON.parse(user.data) as { role?: unknown }).role === 'patient')
          patients.set(user.email_norm, user.id);
      }
      for (const table of ENTITY_TABLES) {
        await db.schema.alterTable(table).addColumn('owner_id', 'text').execute();
        await db.schema.createIndex(`${table}_owner_id`).on(table).column('owner_id').execute();
        const rows = await sql<{ id: string; patient_email_norm: string; data: string }>`
          SELECT id, patient_email_norm, data FROM ${sql.table(table)}`.execute(db);
        for (const row of rows.rows) {
          const owner = patients.get(row.patient_email_norm);
          if (!owner) continue;
          const item = JSON.parse(row.data) as Record<string, unknown>;
          const patientId = table === 'appointments' ? undefined : patientIdFor(owner);
          const data = JSON.stringify({ ...item, ...(patientId ? { patientId } : {}), ownerId: owner });
          await sql`UPDATE ${sql.table(table)}
            SET owner_id = ${owner}, data = ${data}, patient_id_norm = ${(patientId ?? '').toLowerCase()}
            WHERE id = ${row.id}`.execute(db);
        }
      }
    },
  };
}

/**
 * Record confidentiality (REQ-rec-break-glass): the care-team assignments (one row per patient and doctor) and
 * the break-the-glass grants (each a row with its 60-minute window). A store migrated here has no assignments
 * until some are written (a new store is seeded with them): until then only a record's author, and the doctors
 * of the patient's appointments for sensitive records, read above normal, which fails closed.
 */
function confidentiality(dialect: StoreDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('care_team')
        .addColumn('patient_id', 'text', (c) => c.notNull())
        .addColumn('clinician_sub', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('care_team_pk', ['patient_id', 'clinician_sub'])
        .execute();
      await db.schema
        .createTable('emergency_access')
        .addColumn('seq', dialect === 'sqlite' ? 'integer' : 'bigint', (c) =>
          dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey().generatedAlwaysAsIdentity(),
        )
        .addColumn('id', 'text', (c) => c.notNull().unique())
        .addColumn('patient_id', 'text', (c) => c.notNull())
        .addColumn('clinician_sub', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('granted_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('emergency_access_clinician_sub')
        .on('emergency_access')
        .column('clinician_sub')
        .execute();
    },
  };
}

/** SQLite: the UPDATE refusal of `initial`, as it created it (a released migration is never edited). */
async function createSqliteAuditUpdateTrigger(db: Kysely<unknown>): Promise<void> {
  const message = sql.lit(AUDIT_APPEND_ONLY_MESSAGE);
  await sql`CREATE TRIGGER audit_no_update BEFORE UPDATE ON audit
    BEGIN SELECT RAISE(ABORT, ${message}); END`.execute(db);
}

/**
 * Audit rows keyed on the full owner account (REQ-access-owner follow-up): `patient_account_id` beside the
 * display `patient_id` two accounts may share; a patient's audit view matches on it alone. Rows written before
 * get the one patient account (any status) whose display id their `patient_id` is; a display id of no account
 * or of several leaves it null, and such a row belongs to no patient (fails closed; admins and its caller still
 * see it).
 *
 * The trail is append-only, so the backfill lifts the UPDATE refusal for this one statement per patient id and
 * puts it back before the migration ends. Both dialects run a migration in one transaction (store/index.ts
 * `migrate`; PostgreSQL's DDL is transactional and ALTER TABLE locks `audit` against every other session until
 * commit), so no other connection ever writes or sees the trail unguarded, and a failure rolls it all back.
 * Only the new column is written: `WHERE patient_account_id IS NULL` on rows that existed before the column.
 */
function auditPatientAccounts(dialect: StoreDialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('audit').addColumn('patient_account_id', 'text').execute();
      await db.schema
        .createIndex('audit_patient_account_id')
        .on('audit')
        .column('patient_account_id')
        .execute();

      const users = await sql<{ id: string; data: string }>`SELECT id, data FROM users`.execute(db);
      const accounts = users.rows.map((u) => ({
        id: u.id,
        role: String((JSON.parse(u.data) as { role?: unknown }).role),
      }));
      const named = await sql<{ patient_id: string }>`
        SELECT DISTINCT patient_id FROM audit WHERE patient_id IS NOT NULL`.execute(db);
      const backfill = named.rows.flatMap((row) => {
        const account = soleAccountWithPatientId(row.patient_id, accounts);
        return account ? [{ patientId: row.patient_id, account }] : [];
      });
      if (backfill.length === 0) return;

      if (dialect === 'sqlite') await sql`DROP TRIGGER audit_no_update`.execute(db);
      else await sql`ALTER TABLE audit DISABLE TRIGGER audit_no_change`.execute(db);
      for (const { patientId, account } of backfill) {
        await sql`UPDATE audit SET patient_account_id = ${account}
          WHERE patient_id = ${patientId} AND patient_account_id IS NULL`.execute(db);
      }
      if (dialect === 'sqlite') await createSqliteAuditUpdateTrigger(db);
      else await sql`ALTER TABLE audit ENABLE TRIGGER audit_no_change`.execute(db);
    },
  };
}

/**
 * Care team and break-the-glass keyed on the patient's account (REQ-rec-confidentiality): `care_team` and
 * `emergency_access` named the patient by display id (`P-` and the last six characters of the account id), which
 * two accounts may share, so one's assigned doctor counted for the other. The column becomes `owner_id`, the
 * patient's account id (the `ownerId` of their records). A row whose display id is exactly one patient account's
 * (any status) gets that account; a row of no account or of several is deleted (fails closed: an assignment is
 * written again for the right account, a grant asked again; the audit trail keeps the grant's row either way).
 */
function careTeamOwners(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const users = await sql<{ id: string; data: string }>`SELECT id, data FROM users`.execute(db);
      const accounts = users.rows.map((u) => ({
        id: u.id,
        role: String((JSON.parse(u.data) as { role?: unknown }).role),
      }));
      for (const table of ['care_team', 'emergency_access'] as const) {
        await db.schema.alterTable(table).renameColumn('patient_id', 'owner_id').execute();
        const named = await sql<{ owner_id: string }>`
          SELECT DISTINCT owner_id FROM ${sql.table(table)}`.execute(db);
        for (const { owner_id: patientId } of named.rows) {
          const account = soleAccountWithPatientId(patientId, accounts);
          if (account) {
            await sql`UPDATE ${sql.table(table)} SET owner_id = ${account}
              WHERE owner_id = ${patientId}`.execute(db);
          } else {
            await sql`DELETE FROM ${sql.table(table)} WHERE owner_id = ${patientId}`.execute(db);
          }
        }
      }
    },
  };
}

/** Every migration, by name (applied in name order). */
export function migrationProvider(dialect: StoreDialect): MigrationProvider {
  return {
    getMigrations: async () => ({
      '0001_initial': initial(dialect),
      '0002_audit_id_sequence': auditIdSequence(dialect),
      '0003_approvals': approvals(dialect),
      '0004_vault_connections': vaultConnections(),
      '0005_item_owners': itemOwners(),
      '0006_confidentiality': confidentiality(dialect),
      '0007_audit_patient_accounts': auditPatientAccounts(dialect),
      '0008_care_team_owners': careTeamOwners(),
    }),
  };
}
