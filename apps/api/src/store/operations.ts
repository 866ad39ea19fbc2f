/**
 * The operations of one transaction (`StoreTx`) over a Kysely transaction, in SQL both dialects understand.
 */
import { sql, type Transaction } from 'kysely';
import type { ManagedUser } from '@sentinel/domain';
import type { ApprovalRequest, AuditEvent, CalendarScope } from '@sentinel/domain/contract';
import { DuplicateEmailError, DuplicateIdError, isUniqueViolation } from './errors';
import type { Database } from './schema';
import type { AuditScope, Collection, EntityOf, PatientScope, StoreDialect, StoreTx } from './types';

/** The first number `nextId` gives per prefix ('apt-1001'), as the mocks' `FIRST_GENERATED_ID`. */
export const FIRST_GENERATED_ID = 1001;

/** How ownership is compared (§6, `isOwnItem`): trimmed and case-insensitive. */
export const normalize = (value: string | undefined): string => (value ?? '').trim().toLowerCase();

type Owned = { readonly id: string; readonly patientEmail: string; readonly patientName: string };

function entityRow(item: Owned) {
  return {
    id: item.id,
    patient_email_norm: normalize(item.patientEmail),
    patient_name_norm: normalize(item.patientName),
    // Appointments carry no patient id; records and prescriptions do.
    patient_id_norm: normalize((item as { patientId?: string }).patientId),
    data: JSON.stringify(item),
  };
}

/**
 * The three entity tables have one shape (`EntityTable`); naming one of them lets Kysely type a query whose
 * table is chosen at run time.
 */
const table = (collection: Collection) => collection as 'appointments';

const parse = <T>(row: { data: string }): T => JSON.parse(row.data) as T;

function auditEventOf(row: {
  id: string;
  timestamp: string;
  actor_sub: string;
  actor_role: string;
  action: string;
  resource_type: string;
  resource_id: string | null;
  patient_id: string | null;
  outcome: string;
  reason: string;
}): AuditEvent {
  // The columns hold only what `appendAudit` wrote from an `AuditEvent`, so the narrow types hold.
  return {
    id: row.id,
    timestamp: row.timestamp,
    actorSub: row.actor_sub,
    actorRole: row.actor_role as AuditEvent['actorRole'],
    action: row.action as AuditEvent['action'],
    resourceType: row.resource_type as AuditEvent['resourceType'],
    resourceId: row.resource_id,
    patientId: row.patient_id,
    outcome: row.outcome as AuditEvent['outcome'],
    reason: row.reason,
  };
}

/**
 * Prefixes whose ids come from a PostgreSQL sequence instead of the counters table: the audit trail gets a row
 * on every call, and a counter row would be locked by each transaction until commit, so every call on the
 * server would wait for the one before it. A sequence hands out numbers without a lock; a rolled-back
 * transaction leaves a gap, which ids may have.
 */
export const SEQUENCE_PREFIXES: Readonly<Record<string, string>> = { aud: 'audit_ids' };

export function operations(trx: Transaction<Database>, dialect: StoreDialect = 'sqlite'): StoreTx {
  const emailTakenBy = async (emailNorm: string) =>
    (await trx.selectFrom('users').select('id').where('email_norm', '=', emailNorm).executeTakeFirst())?.id;

  return {
    async list<C extends Collection>(collection: C, scope?: PatientScope) {
      let query = trx.selectFrom(table(collection)).select('data').orderBy('seq');
      if (scope) {
        const wanted = [
          ['patient_email_norm', normalize(scope.email)],
          ['patient_name_norm', normalize(scope.name)],
          ['patient_id_norm', normalize(scope.patientId)],
        ] as const;
        // Empty values match nothing: an item without an e-mail is nobody's by e-mail.
        const terms = wanted.filter(([, value]) => value !== '');
        if (terms.length === 0) return [];
        query = query.where((eb) => eb.or(terms.map(([column, value]) => eb(column, '=', value))));
      }
      return (await query.execute()).map((row) => parse<EntityOf[C]>(row));
    },

    async get<C extends Collection>(collection: C, id: string) {
      const row = await trx
        .selectFrom(table(collection))
        .select('data')
        .where('id', '=', id)
        .executeTakeFirst();
      return row && parse<EntityOf[C]>(row);
    },

    async insert(collection, item) {
      // ON CONFLICT DO NOTHING rather than catching the violation: a failed statement would abort the whole
      // PostgreSQL transaction.
      const inserted = await trx
        .insertInto(table(collection))
        .values(entityRow(item))
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new DuplicateIdError(collection, item.id);
    },

    async replace(collection, item) {
      const { id, ...columns } = entityRow(item);
      const result = await trx
        .updateTable(table(collection))
        .set(columns)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async remove(collection, id) {
      const result = await trx.deleteFrom(table(collection)).where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async listUsers() {
      const rows = await trx.selectFrom('users').select('data').orderBy('seq').execute();
      return rows.map((row) => parse<ManagedUser>(row));
    },

    async getUser(id) {
      const row = await trx.selectFrom('users').select('data').where('id', '=', id).executeTakeFirst();
      return row && parse<ManagedUser>(row);
    },

    async findUserByEmail(email) {
      const emailNorm = normalize(email);
      if (emailNorm === '') return undefined;
      const row = await trx
        .selectFrom('users')
        .select('data')
        .where('email_norm', '=', emailNorm)
        .executeTakeFirst();
      return row && parse<ManagedUser>(row);
    },

    async insertUser(user) {
      const emailNorm = normalize(user.email);
      const inserted = await trx
        .insertInto('users')
        .values({ id: user.id, email_norm: emailNorm, data: JSON.stringify(user) })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (inserted) return;
      if ((await emailTakenBy(emailNorm)) !== undefined) throw new DuplicateEmailError(user.email);
      throw new DuplicateIdError('users', user.id);
    },

    async replaceUser(user) {
      const emailNorm = normalize(user.email);
      const owner = await emailTakenBy(emailNorm);
      if (owner !== undefined && owner !== user.id) throw new DuplicateEmailError(user.email);
      try {
        const result = await trx
          .updateTable('users')
          .set({ email_norm: emailNorm, data: JSON.stringify(user) })
          .where('id', '=', user.id)
          .executeTakeFirst();
        return result.numUpdatedRows > 0n;
      } catch (error) {
        // Only a concurrent transaction that took the address after our check gets here.
        if (isUniqueViolation(error)) throw new DuplicateEmailError(user.email);
        throw error;
      }
    },

    async removeUser(id) {
      const result = await trx.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async nextId(prefix) {
      const sequence = dialect === 'postgres' ? SEQUENCE_PREFIXES[prefix] : undefined;
      if (sequence) {
        const { rows } = await sql<{ n: string }>`SELECT nextval(${sequence}) AS n`.execute(trx);
        return `${prefix}-${rows[0]?.n ?? ''}`;
      }
      // One statement, so concurrent transactions never get the same number: the upsert row-locks the counter
      // (PostgreSQL) or runs under the single writer lock (SQLite) until commit; a rollback gives it back.
      const row = await trx
        .insertInto('counters')
        .values({ prefix, last_issued: FIRST_GENERATED_ID })
        .onConflict((oc) =>
          oc.column('prefix').doUpdateSet({ last_issued: sql<number>`counters.last_issued + 1` }),
        )
        .returning('last_issued')
        .executeTakeFirstOrThrow();
      return `${prefix}-${row.last_issued}`;
    },

    async listApprovals(approverSub) {
      const rows = await trx
        .selectFrom('approvals')
        .select('data')
        .where('approver_sub', '=', approverSub)
        .orderBy('seq')
        .execute();
      return rows.map((row) => parse<ApprovalRequest>(row));
    },

    async getApproval(id) {
      const row = await trx.selectFrom('approvals').select('data').where('id', '=', id).executeTakeFirst();
      return row && parse<ApprovalRequest>(row);
    },

    async insertApproval(request) {
      const inserted = await trx
        .insertInto('approvals')
        .values({ id: request.id, approver_sub: request.approverSub, data: JSON.stringify(request) })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) throw new DuplicateIdError('approvals', request.id);
    },

    async replaceApproval(request) {
      const result = await trx
        .updateTable('approvals')
        .set({ approver_sub: request.approverSub, data: JSON.stringify(request) })
        .where('id', '=', request.id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async getVaultConnection(sub) {
      const row = await trx
        .selectFrom('vault_connections')
        .select(['sub', 'scopes', 'connected_at'])
        .where('sub', '=', sub)
        .executeTakeFirst();
      // The column holds only what `putVaultConnection` wrote from calendar scopes.
      return (
        row && {
          sub: row.sub,
          scopes: row.scopes.split(' ') as CalendarScope[],
          connectedAt: row.connected_at,
        }
      );
    },

    async putVaultConnection(connection) {
      const values = { scopes: connection.scopes.join(' '), connected_at: connection.connectedAt };
      await trx
        .insertInto('vault_connections')
        .values({ sub: connection.sub, ...values })
        .onConflict((oc) => oc.column('sub').doUpdateSet(values))
        .execute();
    },

    async removeVaultConnection(sub) {
      const result = await trx.deleteFrom('vault_connections').where('sub', '=', sub).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    async appendAudit(row) {
      await trx
        .insertInto('audit')
        .values({
          id: row.id,
          timestamp: row.timestamp,
          actor_sub: row.actorSub,
          actor_role: row.actorRole,
          action: row.action,
          resource_type: row.resourceType,
          resource_id: row.resourceId,
          patient_id: row.patientId,
          outcome: row.outcome,
          reason: row.reason,
        })
        .execute();
    },

    async listAudit(scope: AuditScope) {
      let query = trx
        .selectFrom('audit')
        .select([
          'id',
          'timestamp',
          'actor_sub',
          'actor_role',
          'action',
          'resource_type',
          'resource_id',
          'patient_id',
          'outcome',
          'reason',
        ])
        .orderBy('seq');
      if (!scope.all) {
        const { actorSub, patientId } = scope;
        query = query.where((eb) =>
          patientId
            ? eb.or([eb('actor_sub', '=', actorSub), eb('patient_id', '=', patientId)])
            : eb('actor_sub', '=', actorSub),
        );
      }
      return (await query.execute()).map(auditEventOf);
    },
  };
}
