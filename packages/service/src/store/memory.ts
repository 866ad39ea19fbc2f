/**
 * The store in memory, for the mock API (Storybook, unit tests) and anywhere without a database. It keeps the
 * promises of the SQL stores (apps/api/src/store), and the store suite (apps/api/src/store/store.test.ts) runs
 * against all three:
 * - a transaction commits when its work resolves and leaves no change at all when it throws (data, audit rows
 *   and ids drawn);
 * - transactions run one after another, as on SQLite (do not open one inside another: it would wait for
 *   itself);
 * - lists are in insertion order; `replace` keeps an item's place, `remove` then `insert` puts it last;
 * - items come back as JSON copies: properties whose value is `undefined` do not come back, and changing a
 *   returned item changes nothing stored;
 * - the same errors: `DuplicateIdError`, `DuplicateEmailError`, `OwnerChangeError`, `StoreClosedError`.
 * Nothing here reads a clock or draws a random number.
 */
import {
  patientIdFor,
  type Appointment,
  type CareTeamAssignment,
  type EmergencyGrant,
  type ManagedUser,
  type MedicalRecord,
  type Prescription,
} from '@sentinel/domain';
import type { ApprovalRequest, AuditEvent } from '@sentinel/domain/contract';
import { DuplicateEmailError, DuplicateIdError, OwnerChangeError, StoreClosedError } from './errors';
import { FIRST_GENERATED_ID, normalize, patientAccountOf } from './rules';
import type {
  AuditScope,
  Collection,
  EntityOf,
  NewAuditRow,
  PatientScope,
  Store,
  StoreSeed,
  StoreTx,
  VaultConnectionRow,
} from './types';

/** An item as stored: its JSON text, and its owner kept beside it as the SQL stores' owner column. */
type StoredItem = { readonly json: string; readonly ownerId: string | null };
type StoredAudit = { readonly event: AuditEvent; readonly patientAccountId: string | null };

/**
 * The tables. Maps keep insertion order, which is the order lists come back in; a transaction copies a map
 * the first time it writes to it, so the committed one is untouched until the work resolves.
 */
type Tables = {
  appointments: Map<string, StoredItem>;
  records: Map<string, StoredItem>;
  prescriptions: Map<string, StoredItem>;
  users: Map<string, string>;
  approvals: Map<string, string>;
  vault: Map<string, VaultConnectionRow>;
  /** Keyed on owner and clinician, as the SQL table's primary key. */
  careTeam: Map<string, CareTeamAssignment>;
  grants: Map<string, Omit<EmergencyGrant, 'patientId'>>;
  counters: Map<string, number>;
  /** Append-only: a transaction only ever pushes, and a rollback cuts the rows it pushed. */
  audit: StoredAudit[];
};

type MapTable = Exclude<keyof Tables, 'audit'>;

/**
 * The data of a memory store. A store opened again on the same data sees what the one before committed, as a
 * SQL store reopened on its database does.
 */
export type MemoryData = { tables: Tables };

/** Empty data, for `openMemoryStore`. */
export function createMemoryData(): MemoryData {
  return {
    tables: {
      appointments: new Map(),
      records: new Map(),
      prescriptions: new Map(),
      users: new Map(),
      approvals: new Map(),
      vault: new Map(),
      careTeam: new Map(),
      grants: new Map(),
      counters: new Map(),
      audit: [],
    },
  };
}

/**
 * The data of a memory store as plain values, in list order: what the mock API shows synchronously to stories
 * and tests (packages/mocks `MockStore`). `counters` holds the last number drawn per prefix; each audit row
 * carries the patient account it was filed under (see `patientAccountOf`).
 */
export type MemoryRows = {
  readonly appointments: readonly Appointment[];
  readonly records: readonly MedicalRecord[];
  readonly prescriptions: readonly Prescription[];
  readonly users: readonly ManagedUser[];
  readonly approvals: readonly ApprovalRequest[];
  readonly vault: readonly VaultConnectionRow[];
  readonly careTeam: readonly CareTeamAssignment[];
  readonly grants: readonly EmergencyGrant[];
  readonly counters: ReadonlyMap<string, number>;
  readonly audit: readonly { readonly event: AuditEvent; readonly patientAccountId: string | null }[];
};

const itemsOf = <T extends { readonly id: string; readonly ownerId?: string | undefined }>(
  items: readonly T[],
) => new Map(items.map((item) => [item.id, { json: JSON.stringify(item), ownerId: item.ownerId ?? null }]));

/** Data holding exactly `rows` (copies: changing `rows` later changes nothing here). */
export function memoryDataFrom(rows: MemoryRows): MemoryData {
  return {
    tables: {
      appointments: itemsOf(rows.appointments),
      records: itemsOf(rows.records),
      prescriptions: itemsOf(rows.prescriptions),
      users: new Map(rows.users.map((user) => [user.id, JSON.stringify(user)])),
      approvals: new Map(rows.approvals.map((request) => [request.id, JSON.stringify(request)])),
      vault: new Map(rows.vault.map((row) => [row.sub, { ...row, scopes: [...row.scopes] }])),
      careTeam: new Map(
        rows.careTeam.map(({ ownerId, clinicianSub }) => [
          careTeamKey({ ownerId, clinicianSub }),
          { ownerId, clinicianSub },
        ]),
      ),
      grants: new Map(
        rows.grants.map(({ id, ownerId, clinicianSub, reason, grantedAt, expiresAt }) => [
          id,
          { id, ownerId, clinicianSub, reason, grantedAt, expiresAt },
        ]),
      ),
      counters: new Map(rows.counters),
      audit: rows.audit.map(({ event, patientAccountId }) => ({ event: { ...event }, patientAccountId })),
    },
  };
}

/** How each table's rows are read, as copies in list order. */
const TABLE_ROWS: { readonly [K in keyof MemoryRows]: (tables: Tables) => MemoryRows[K] } = {
  appointments: (tables) => operations({ ...tables }).list('appointments'),
  records: (tables) => operations({ ...tables }).list('records'),
  prescriptions: (tables) => operations({ ...tables }).list('prescriptions'),
  users: (tables) => operations({ ...tables }).listUsers(),
  approvals: (tables) => [...tables.approvals.values()].map((json) => copy<ApprovalRequest>(json)),
  vault: (tables) => {
    const ops = operations({ ...tables });
    return [...tables.vault.keys()].flatMap((sub) => ops.getVaultConnection(sub) ?? []);
  },
  careTeam: (tables) =>
    [...tables.careTeam.values()].map(({ ownerId, clinicianSub }) => ({ ownerId, clinicianSub })),
  grants: (tables) => operations({ ...tables }).listEmergencyGrants(),
  counters: (tables) => new Map(tables.counters),
  audit: (tables) =>
    tables.audit.map(({ event, patientAccountId }) => ({ event: { ...event }, patientAccountId })),
};

/**
 * The rows of one table `data` holds now, as copies in list order (what `memoryRowsOf` gives for it), so a
 * reader of one table does not parse the others.
 */
export function memoryTableOf<K extends keyof MemoryRows>(data: MemoryData, table: K): MemoryRows[K] {
  return TABLE_ROWS[table](data.tables);
}

/** The rows `data` holds now, as copies (the reverse of `memoryDataFrom`). */
export function memoryRowsOf(data: MemoryData): MemoryRows {
  return {
    appointments: memoryTableOf(data, 'appointments'),
    records: memoryTableOf(data, 'records'),
    prescriptions: memoryTableOf(data, 'prescriptions'),
    users: memoryTableOf(data, 'users'),
    approvals: memoryTableOf(data, 'approvals'),
    vault: memoryTableOf(data, 'vault'),
    careTeam: memoryTableOf(data, 'careTeam'),
    grants: memoryTableOf(data, 'grants'),
    counters: memoryTableOf(data, 'counters'),
    audit: memoryTableOf(data, 'audit'),
  };
}

export type MemoryStoreOptions = {
  /** The data to work on (default: new, empty data). */
  readonly data?: MemoryData;
  /** Seeds the data when it holds no users, as the SQL stores seed an empty database. */
  readonly seed?: StoreSeed | undefined;
};

const copy = <T>(json: string): T => JSON.parse(json) as T;

const careTeamKey = (assignment: CareTeamAssignment) =>
  `${assignment.ownerId}\u0000${assignment.clinicianSub}`;

/** Compares as SQL's ORDER BY on text without a collation: by code unit. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The operations of one transaction on `draft`, synchronous underneath (seeding uses them as they are). */
function operations(draft: Tables) {
  const copied = new Set<MapTable>();
  /** The table to write to: the draft's own copy, made on the first write. */
  const writable = <K extends MapTable>(name: K): Tables[K] => {
    if (!copied.has(name)) {
      draft[name] = new Map(draft[name] as Map<string, never>) as Tables[K];
      copied.add(name);
    }
    return draft[name];
  };
  /** The id of the user holding this (normalized) address: the SQL stores' unique index on it. */
  const userWithEmail = (emailNorm: string): string | undefined => {
    for (const [id, json] of draft.users) {
      if (normalize(copy<ManagedUser>(json).email) === emailNorm) return id;
    }
    return undefined;
  };
  /**
   * Users in order, each refused as the SQL stores refuse it: the e-mail first (a clash on both is reported as
   * the e-mail's), then the id. The stored e-mails are read once for all of them: a seed of 10,000 users one
   * by one would read every stored user for each (minutes, not milliseconds).
   */
  const insertUsers = (users: readonly ManagedUser[]): void => {
    const emails = new Set([...draft.users.values()].map((json) => normalize(copy<ManagedUser>(json).email)));
    const table = writable('users');
    for (const user of users) {
      const email = normalize(user.email);
      if (emails.has(email)) throw new DuplicateEmailError(user.email);
      if (table.has(user.id)) throw new DuplicateIdError('users', user.id);
      emails.add(email);
      table.set(user.id, JSON.stringify(user));
    }
  };
  const nextId = (prefix: string): string => {
    const counters = writable('counters');
    const n = (counters.get(prefix) ?? FIRST_GENERATED_ID - 1) + 1;
    counters.set(prefix, n);
    return `${prefix}-${n}`;
  };

  return {
    list<C extends Collection>(collection: C, scope?: PatientScope): EntityOf[C][] {
      const items = [...draft[collection].values()];
      // An empty owner is nobody: items without owner are never a patient's.
      const kept = scope
        ? items.filter((item) => scope.ownerId !== '' && item.ownerId === scope.ownerId)
        : items;
      return kept.map((item) => copy<EntityOf[C]>(item.json));
    },

    get<C extends Collection>(collection: C, id: string): EntityOf[C] | undefined {
      const item = draft[collection].get(id);
      return item && copy<EntityOf[C]>(item.json);
    },

    insert<C extends Collection>(collection: C, item: EntityOf[C]): void {
      if (draft[collection].has(item.id)) throw new DuplicateIdError(collection, item.id);
      writable(collection).set(item.id, { json: JSON.stringify(item), ownerId: item.ownerId ?? null });
    },

    replace<C extends Collection>(collection: C, item: EntityOf[C]): boolean {
      const stored = draft[collection].get(item.id);
      if (!stored) return false;
      if (stored.ownerId !== (item.ownerId ?? null)) throw new OwnerChangeError(collection, item.id);
      writable(collection).set(item.id, { json: JSON.stringify(item), ownerId: stored.ownerId });
      return true;
    },

    remove(collection: Collection, id: string): boolean {
      return draft[collection].has(id) && writable(collection).delete(id);
    },

    listUsers(): ManagedUser[] {
      return [...draft.users.values()].map((json) => copy<ManagedUser>(json));
    },

    getUser(id: string): ManagedUser | undefined {
      const json = draft.users.get(id);
      return json === undefined ? undefined : copy<ManagedUser>(json);
    },

    findUserByEmail(email: string): ManagedUser | undefined {
      const emailNorm = normalize(email);
      const id = emailNorm === '' ? undefined : userWithEmail(emailNorm);
      const json = id === undefined ? undefined : draft.users.get(id);
      return json === undefined ? undefined : copy<ManagedUser>(json);
    },

    insertUser(user: ManagedUser): void {
      insertUsers([user]);
    },

    insertUsers,

    replaceUser(user: ManagedUser): boolean {
      const holder = userWithEmail(normalize(user.email));
      if (holder !== undefined && holder !== user.id) throw new DuplicateEmailError(user.email);
      if (!draft.users.has(user.id)) return false;
      writable('users').set(user.id, JSON.stringify(user));
      return true;
    },

    removeUser(id: string): boolean {
      return draft.users.has(id) && writable('users').delete(id);
    },

    nextId,

    listApprovals(approverSub: string): ApprovalRequest[] {
      return [...draft.approvals.values()]
        .map((json) => copy<ApprovalRequest>(json))
        .filter((request) => request.approverSub === approverSub);
    },

    getApproval(id: string): ApprovalRequest | undefined {
      const json = draft.approvals.get(id);
      return json === undefined ? undefined : copy<ApprovalRequest>(json);
    },

    insertApproval(request: ApprovalRequest): void {
      if (draft.approvals.has(request.id)) throw new DuplicateIdError('approvals', request.id);
      writable('approvals').set(request.id, JSON.stringify(request));
    },

    replaceApproval(request: ApprovalRequest): boolean {
      if (!draft.approvals.has(request.id)) return false;
      writable('approvals').set(request.id, JSON.stringify(request));
      return true;
    },

    getVaultConnection(sub: string): VaultConnectionRow | undefined {
      const row = draft.vault.get(sub);
      return row && { sub: row.sub, scopes: [...row.scopes], connectedAt: row.connectedAt };
    },

    putVaultConnection(connection: VaultConnectionRow): void {
      const { sub, scopes, connectedAt } = connection;
      writable('vault').set(sub, { sub, scopes: [...scopes], connectedAt });
    },

    removeVaultConnection(sub: string): boolean {
      return draft.vault.has(sub) && writable('vault').delete(sub);
    },

    /** The row and the account of the patient it names (see `patientAccountOf`), to push. */
    async auditRowOf(row: NewAuditRow): Promise<StoredAudit> {
      const patientAccountId = await patientAccountOf(row, {
        ownerOfItem: async (collection, id) => draft[collection].get(id)?.ownerId,
        accountsLike: async (patientId) =>
          [...draft.users.keys()]
            .filter((id) => patientIdFor(id) === patientId)
            .map((id) => ({ id, role: copy<ManagedUser>(draft.users.get(id) ?? '{}').role })),
      });
      // Drawn ids are unique by the counter; a given one is checked, as the SQL stores' primary key does.
      if (row.id !== undefined && draft.audit.some((stored) => stored.event.id === row.id)) {
        throw new DuplicateIdError('audit', row.id);
      }
      const id = row.id ?? nextId('aud');
      const event: AuditEvent = {
        id,
        timestamp: row.timestamp,
        actorSub: row.actorSub,
        actorRole: row.actorRole,
        action: row.action,
        resourceType: row.resourceType,
        resourceId: row.resourceId,
        patientId: row.patientId,
        outcome: row.outcome,
        reason: row.reason,
      };
      return { event, patientAccountId };
    },

    listAudit(scope: AuditScope): AuditEvent[] {
      const inScope = (row: StoredAudit) =>
        scope.all ||
        row.event.actorSub === scope.actorSub ||
        (!!scope.patientAccountId && row.patientAccountId === scope.patientAccountId);
      return draft.audit.filter(inScope).map((row) => ({ ...row.event }));
    },

    listCareTeam(ownerId?: string): CareTeamAssignment[] {
      return [...draft.careTeam.values()]
        .filter((assignment) => ownerId === undefined || assignment.ownerId === ownerId)
        .sort((a, b) => byText(a.ownerId, b.ownerId) || byText(a.clinicianSub, b.clinicianSub))
        .map(({ ownerId: owner, clinicianSub }) => ({ ownerId: owner, clinicianSub }));
    },

    insertCareTeamAssignment(assignment: CareTeamAssignment): void {
      const key = careTeamKey(assignment);
      if (draft.careTeam.has(key)) return;
      const { ownerId, clinicianSub } = assignment;
      writable('careTeam').set(key, { ownerId, clinicianSub });
    },

    listEmergencyGrants(clinicianSub?: string): EmergencyGrant[] {
      return [...draft.grants.values()]
        .filter((grant) => clinicianSub === undefined || grant.clinicianSub === clinicianSub)
        .map((grant) => ({ ...grant, patientId: patientIdFor(grant.ownerId) }));
    },

    insertEmergencyGrant(grant: EmergencyGrant): void {
      if (draft.grants.has(grant.id)) throw new DuplicateIdError('emergency_access', grant.id);
      const { id, ownerId, clinicianSub, reason, grantedAt, expiresAt } = grant;
      writable('grants').set(id, { id, ownerId, clinicianSub, reason, grantedAt, expiresAt });
    },
  };
}

type Operations = ReturnType<typeof operations>;

/** The asynchronous face of the operations, as `StoreTx` promises them. */
function transactionOf(ops: Operations, draft: Tables): StoreTx {
  return {
    list: async (collection, scope) => ops.list(collection, scope),
    get: async (collection, id) => ops.get(collection, id),
    insert: async (collection, item) => ops.insert(collection, item),
    replace: async (collection, item) => ops.replace(collection, item),
    remove: async (collection, id) => ops.remove(collection, id),
    listUsers: async () => ops.listUsers(),
    getUser: async (id) => ops.getUser(id),
    findUserByEmail: async (email) => ops.findUserByEmail(email),
    insertUser: async (user) => ops.insertUser(user),
    replaceUser: async (user) => ops.replaceUser(user),
    removeUser: async (id) => ops.removeUser(id),
    nextId: async (prefix) => ops.nextId(prefix),
    listApprovals: async (approverSub) => ops.listApprovals(approverSub),
    getApproval: async (id) => ops.getApproval(id),
    insertApproval: async (request) => ops.insertApproval(request),
    replaceApproval: async (request) => ops.replaceApproval(request),
    getVaultConnection: async (sub) => ops.getVaultConnection(sub),
    putVaultConnection: async (connection) => ops.putVaultConnection(connection),
    removeVaultConnection: async (sub) => ops.removeVaultConnection(sub),
    appendAudit: async (row) => {
      draft.audit.push(await ops.auditRowOf(row));
    },
    listAudit: async (scope) => ops.listAudit(scope),
    listCareTeam: async (ownerId) => ops.listCareTeam(ownerId),
    insertCareTeamAssignment: async (assignment) => ops.insertCareTeamAssignment(assignment),
    listEmergencyGrants: async (clinicianSub) => ops.listEmergencyGrants(clinicianSub),
    insertEmergencyGrant: async (grant) => ops.insertEmergencyGrant(grant),
  };
}

/** The synchronous operations of a transaction, as `writeMemoryData` hands them to its work. */
export type MemoryOperations = Omit<Operations, 'auditRowOf'>;

/**
 * Runs `work` on `data` synchronously and commits what it wrote, or nothing if it throws: how seeding writes
 * (no audit rows), and how the mock API's stories and tests add rows between calls. Not while a transaction on
 * the same data is open: its commit would put back the tables as they were when it began.
 */
export function writeMemoryData<T>(data: MemoryData, work: (ops: MemoryOperations) => T): T {
  const draft = { ...data.tables };
  const value = work(operations(draft));
  data.tables = draft;
  return value;
}

function seedInto(data: MemoryData, seed: StoreSeed): void {
  if (data.tables.users.size > 0) return;
  writeMemoryData(data, (ops) => {
    ops.insertUsers(seed.users);
    for (const item of seed.appointments) ops.insert('appointments', item);
    for (const item of seed.records) ops.insert('records', item);
    for (const item of seed.prescriptions) ops.insert('prescriptions', item);
    for (const assignment of seed.careTeam ?? []) ops.insertCareTeamAssignment(assignment);
  });
}

/** Opens a store on `options.data` (or new data), seeded when it holds no users. Opening never fails. */
export function openMemoryStore(options: MemoryStoreOptions = {}): Store {
  const data = options.data ?? createMemoryData();
  if (options.seed) seedInto(data, options.seed);
  let queue: Promise<unknown> = Promise.resolve();
  const running = new Set<Promise<unknown>>();
  let closing: Promise<void> | undefined;

  const run = async <T>(work: (tx: StoreTx) => Promise<T>): Promise<T> => {
    const draft: Tables = { ...data.tables };
    const auditBefore = draft.audit.length;
    try {
      const value = await work(transactionOf(operations(draft), draft));
      data.tables = draft;
      return value;
    } catch (error) {
      // The audit array is shared with the committed tables: cut what this transaction pushed.
      draft.audit.length = auditBefore;
      throw error;
    }
  };

  return {
    dialect: 'memory',

    transaction(work) {
      if (closing) return Promise.reject(new StoreClosedError());
      const done = queue.then(() => run(work));
      queue = done.catch(() => undefined);
      const tracked = done.finally(() => running.delete(tracked));
      // The tracked copy only counts; its rejection is the caller's, through `done`.
      tracked.catch(() => undefined);
      running.add(tracked);
      return done;
    },

    async ping() {
      if (closing) throw new StoreClosedError();
    },

    close() {
      closing ??= Promise.allSettled([...running]).then(() => undefined);
      return closing;
    },
  };
}
