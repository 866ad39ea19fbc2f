/**
 * The operations of one transaction (`StoreTx`), in SQL both dialects understand, written with Kysely's query
 * builder and prepared once (./queries.ts); a `Runner` runs them in the transaction.
 */
import { sql } from 'kysely';
import type { ManagedUser } from '@sentinel/domain';
import type { ApprovalRequest, AuditEvent, CalendarScope } from '@sentinel/domain/contract';
import { FIRST_GENERATED_ID, normalize, patientAccountOf } from '@sentinel/service';
import { DuplicateEmailError, DuplicateIdError, OwnerChangeError, isUniqueViolation } from './errors';
import { confidentialityOperations } from './confidentiality';
import { arg, madeOnce, prepare, type Prepared, type Runner } from './queries';
import { accountIdPattern } from './auditOwner';
import type { AuditScope, Collection, EntityOf, PatientScope, StoreTx } from './types';

/** The first number `nextId` gives per prefix ('apt-1001'), the same in every store. */
export { FIRST_GENERATED_ID };

type Owned = {
  readonly id: string;
  readonly patientEmail: string;
  readonly patientName: string;
  readonly ownerId?: string | undefined;
};

/** The values of an entity row, in the order of the insert and replace queries' stand-ins. */
function entityArgs(item: Owned): unknown[] {
  return [
    item.id,
    normalize(item.patientEmail),
    normalize(item.patientName),
    // Appointments carry no patient id; records and prescriptions do.
    normalize((item as { patientId?: string }).patientId),
    JSON.stringify(item),
    item.ownerId ?? null,
  ];
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

/** An audit row's columns but its id, from the call's values 1 to 10. */
const AUDIT_VALUES = {
  timestamp: arg(1),
  actor_sub: arg(2),
  actor_role: arg(3),
  action: arg(4),
  resource_type: arg(5),
  resource_id: arg(6),
  patient_id: arg(7),
  outcome: arg(8),
  reason: arg(9),
  patient_account_id: arg(10),
};

/** The columns of an audit row, as `auditEventOf` reads them. */
const AUDIT_COLUMNS = [
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
] as const;

const Q = {
  listAll: madeOnce((c: Collection) =>
    prepare((db) => db.selectFrom(table(c)).select('data').orderBy('seq')),
  ),
  /** REQ-access-owner Items of one patient: those their account owns. */
  listOwned: madeOnce((c: Collection) =>
    prepare((db) => db.selectFrom(table(c)).select('data').where('owner_id', '=', arg(0)).orderBy('seq')),
  ),
  get: madeOnce((c: Collection) =>
    prepare((db) => db.selectFrom(table(c)).select('data').where('id', '=', arg(0))),
  ),
  insert: madeOnce((c: Collection) =>
    prepare((db) =>
      db
        .insertInto(table(c))
        .values({
          id: arg(0),
          patient_email_norm: arg(1),
          patient_name_norm: arg(2),
          patient_id_norm: arg(3),
          data: arg(4),
          owner_id: arg(5),
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id'),
    ),
  ),
  replace: madeOnce((c: Collection) =>
    prepare((db) =>
      db
        .updateTable(table(c))
        .set({ patient_email_norm: arg(1), patient_name_norm: arg(2), patient_id_norm: arg(3), data: arg(4) })
        .where('id', '=', arg(0))
        // The owner is not set here but must be the row's: a replace naming another owner changes nothing.
        .where('owner_id', 'is not distinct from', arg(5)),
    ),
  ),
  remove: madeOnce((c: Collection) => prepare((db) => db.deleteFrom(table(c)).where('id', '=', arg(0)))),
  listUsers: prepare((db) => db.selectFrom('users').select('data').orderBy('seq')),
  getUser: prepare((db) => db.selectFrom('users').select('data').where('id', '=', arg(0))),
  userByEmail: prepare((db) => db.selectFrom('users').select('data').where('email_norm', '=', arg(0))),
  userIdByEmail: prepare((db) => db.selectFrom('users').select('id').where('email_norm', '=', arg(0))),
  insertUser: prepare((db) =>
    db
      .insertInto('users')
      .values({ id: arg(0), email_norm: arg(1), data: arg(2) })
      .onConflict((oc) => oc.doNothing())
      .returning('id'),
  ),
  replaceUser: prepare((db) =>
    db
      .updateTable('users')
      .set({ email_norm: arg(1), data: arg(2) })
      .where('id', '=', arg(0)),
  ),
  removeUser: prepare((db) => db.deleteFrom('users').where('id', '=', arg(0))),
  // One statement, so concurrent transactions never get the same number: the upsert row-locks the counter
  // (PostgreSQL) or runs under the single writer lock (SQLite) until commit; a rollback gives it back.
  nextCounter: prepare((db) =>
    db
      .insertInto('counters')
      .values({ prefix: arg(0), last_issued: arg(1) as unknown as number })
      .onConflict((oc) =>
        oc.column('prefix').doUpdateSet({ last_issued: sql<number>`counters.last_issued + 1` }),
      )
      .returning('last_issued'),
  ),
  nextInSequence: prepare<{ n: string }>((db) => ({
    compile: () => sql<{ n: string }>`SELECT nextval(${arg(0)}) AS n`.compile(db),
  })),
  listApprovals: prepare((db) =>
    db.selectFrom('approvals').select('data').where('approver_sub', '=', arg(0)).orderBy('seq'),
  ),
  getApproval: prepare((db) => db.selectFrom('approvals').select('data').where('id', '=', arg(0))),
  insertApproval: prepare((db) =>
    db
      .insertInto('approvals')
      .values({ id: arg(0), approver_sub: arg(1), data: arg(2) })
      .onConflict((oc) => oc.doNothing())
      .returning('id'),
  ),
  replaceApproval: prepare((db) =>
    db
      .updateTable('approvals')
      .set({ approver_sub: arg(1), data: arg(2) })
      .where('id', '=', arg(0)),
  ),
  getVaultConnection: prepare((db) =>
    db.selectFrom('vault_connections').select(['sub', 'scopes', 'connected_at']).where('sub', '=', arg(0)),
  ),
  putVaultConnection: prepare((db) =>
    db
      .insertInto('vault_connections')
      .values({ sub: arg(0), scopes: arg(1), connected_at: arg(2) })
      .onConflict((oc) => oc.column('sub').doUpdateSet({ scopes: arg(1), connected_at: arg(2) })),
  ),
  removeVaultConnection: prepare((db) => db.deleteFrom('vault_connections').where('sub', '=', arg(0))),
  appendAudit: prepare((db) =>
    db.insertInto('audit').values({
      id: arg(0),
      ...AUDIT_VALUES,
    }),
  ),
  /** PostgreSQL: the row with the next id of the audit sequence, in one statement (one round trip). */
  appendAuditFromSequence: prepare((db) =>
    db.insertInto('audit').values({
      id: sql<string>`'aud-' || nextval('audit_ids')`,
      ...AUDIT_VALUES,
    }),
  ),
  listAuditAll: prepare((db) => db.selectFrom('audit').select(AUDIT_COLUMNS).orderBy('seq')),
  listAuditOfActor: prepare((db) =>
    db.selectFrom('audit').select(AUDIT_COLUMNS).where('actor_sub', '=', arg(0)).orderBy('seq'),
  ),
  /** A patient's rows: their calls, and calls on their data by account id (never the shared display id). */
  listAuditOfActorOrPatient: prepare((db) =>
    db
      .selectFrom('audit')
      .select(AUDIT_COLUMNS)
      .where((eb) => eb.or([eb('actor_sub', '=', arg(0)), eb('patient_account_id', '=', arg(1))]))
      .orderBy('seq'),
  ),
  ownerOfItem: madeOnce((c: Collection) =>
    prepare((db) => db.selectFrom(table(c)).select('owner_id').where('id', '=', arg(0))),
  ),
  /** Accounts whose id may give a display patient id (see `accountIdPattern`). */
  usersLike: prepare((db) =>
    db
      .selectFrom('users')
      .select(['id', 'data'])
      .where(sql<boolean>`id LIKE ${arg(0)} ESCAPE '!'`),
  ),
};

export function operations(run: Runner): StoreTx {
  const emailTakenBy = async (emailNorm: string) => (await run.rows(Q.userIdByEmail, [emailNorm]))[0]?.id;
  const first = async <Row>(query: Prepared<Row>, args: readonly unknown[]) =>
    (await run.rows(query, args))[0];

  const nextId = async (prefix: string): Promise<string> => {
    const sequence = run.dialect === 'postgres' ? SEQUENCE_PREFIXES[prefix] : undefined;
    if (sequence) return `${prefix}-${(await first(Q.nextInSequence, [sequence]))?.n ?? ''}`;
    const row = await first(Q.nextCounter, [prefix, FIRST_GENERATED_ID]);
    if (!row) throw new Error(`No id was issued for the prefix ${prefix}.`);
    return `${prefix}-${row.last_issued}`;
  };

  /** The lookups of `patientAccountOf`, in SQL. */
  const auditOwnerLookups = {
    ownerOfItem: async (collection: Collection, id: string) =>
      (await first(Q.ownerOfItem(collection), [id]))?.owner_id,
    accountsLike: async (patientId: string) =>
      (await run.rows(Q.usersLike, [accountIdPattern(patientId)])).map((c) => ({
        id: c.id,
        role: parse<ManagedUser>(c).role,
      })),
  };

  return {
    async list<C extends Collection>(collection: C, scope?: PatientScope) {
      if (!scope) return (await run.rows(Q.listAll(collection), [])).map((row) => parse<EntityOf[C]>(row));
      // An empty owner is nobody: items without owner are never a patient's.
      if (scope.ownerId === '') return [];
      const rows = await run.rows(Q.listOwned(collection), [scope.ownerId]);
      return rows.map((row) => parse<EntityOf[C]>(row));
    },

    async get<C extends Collection>(collection: C, id: string) {
      const row = await first(Q.get(collection), [id]);
      return row && parse<EntityOf[C]>(row);
    },

    async insert(collection, item) {
      // ON CONFLICT DO NOTHING rather than catching the violation: a failed statement would abort the whole
      // PostgreSQL transaction.
      const inserted = await first(Q.insert(collection), entityArgs(item));
      if (!inserted) throw new DuplicateIdError(collection, item.id);
    },

    async replace(collection, item) {
      if ((await run.changes(Q.replace(collection), entityArgs(item))) > 0) return true;
      if (await first(Q.get(collection), [item.id])) throw new OwnerChangeError(collection, item.id);
      return false;
    },

    async remove(collection, id) {
      return (await run.changes(Q.remove(collection), [id])) > 0;
    },

    async listUsers() {
      return (await run.rows(Q.listUsers, [])).map((row) => parse<ManagedUser>(row));
    },

    async getUser(id) {
      const row = await first(Q.getUser, [id]);
      return row && parse<ManagedUser>(row);
    },

    async findUserByEmail(email) {
      const emailNorm = normalize(email);
      if (emailNorm === '') return undefined;
      const row = await first(Q.userByEmail, [emailNorm]);
      return row && parse<ManagedUser>(row);
    },

    async insertUser(user) {
      const emailNorm = normalize(user.email);
      if (await first(Q.insertUser, [user.id, emailNorm, JSON.stringify(user)])) return;
      if ((await emailTakenBy(emailNorm)) !== undefined) throw new DuplicateEmailError(user.email);
      throw new DuplicateIdError('users', user.id);
    },

    async replaceUser(user) {
      const emailNorm = normalize(user.email);
      const owner = await emailTakenBy(emailNorm);
      if (owner !== undefined && owner !== user.id) throw new DuplicateEmailError(user.email);
      try {
        return (await run.changes(Q.replaceUser, [user.id, emailNorm, JSON.stringify(user)])) > 0;
      } catch (error) {
        // Only a concurrent transaction that took the address after our check gets here.
        if (isUniqueViolation(error)) throw new DuplicateEmailError(user.email);
        throw error;
      }
    },

    async removeUser(id) {
      return (await run.changes(Q.removeUser, [id])) > 0;
    },

    nextId,

    ...confidentialityOperations(run),

    async listApprovals(approverSub) {
      return (await run.rows(Q.listApprovals, [approverSub])).map((row) => parse<ApprovalRequest>(row));
    },

    async getApproval(id) {
      const row = await first(Q.getApproval, [id]);
      return row && parse<ApprovalRequest>(row);
    },

    async insertApproval(request) {
      const inserted = await first(Q.insertApproval, [
        request.id,
        request.approverSub,
        JSON.stringify(request),
      ]);
      if (!inserted) throw new DuplicateIdError('approvals', request.id);
    },

    async replaceApproval(request) {
      const args = [request.id, request.approverSub, JSON.stringify(request)];
      return (await run.changes(Q.replaceApproval, args)) > 0;
    },

    async getVaultConnection(sub) {
      const row = await first(Q.getVaultConnection, [sub]);
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
      const args = [connection.sub, connection.scopes.join(' '), connection.connectedAt];
      await run.changes(Q.putVaultConnection, args);
    },

    async removeVaultConnection(sub) {
      return (await run.changes(Q.removeVaultConnection, [sub])) > 0;
    },

    async appendAudit(row) {
      const values = [
        row.timestamp,
        row.actorSub,
        row.actorRole,
        row.action,
        row.resourceType,
        row.resourceId,
        row.patientId,
        row.outcome,
        row.reason,
        await patientAccountOf(row, auditOwnerLookups),
      ];
      if (row.id === undefined && run.dialect === 'postgres') {
        await run.changes(Q.appendAuditFromSequence, [undefined, ...values]);
        return;
      }
      await run.changes(Q.appendAudit, [row.id ?? (await nextId('aud')), ...values]);
    },

    async listAudit(scope: AuditScope) {
      let rows;
      if (scope.all) rows = await run.rows(Q.listAuditAll, []);
      else if (scope.patientAccountId)
        rows = await run.rows(Q.listAuditOfActorOrPatient, [scope.actorSub, scope.patientAccountId]);
      else rows = await run.rows(Q.listAuditOfActor, [scope.actorSub]);
      return rows.map(auditEventOf);
    },
  };
}
