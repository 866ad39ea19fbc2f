/**
 * The in-memory store behind the mock API, in two faces over the same data. The runner works through
 * @sentinel/service's memory store (`backing`: a transaction that fails leaves nothing); stories and tests read
 * and seed the committed data synchronously through `MockStore`'s arrays, which every committed transaction
 * refreshes in place. Nothing here is random and nothing reads the real clock, so the same seed and the same
 * calls give the same answers in every story and test.
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
import type { ApprovalRequest, AuditEvent, CalendarEvent, CalendarScope } from '@sentinel/domain/contract';
import type { KnowledgeBundle } from '@sentinel/knowledge';
import {
  FIRST_GENERATED_ID,
  memoryDataFrom,
  memoryRowsOf,
  openMemoryStore,
  patientAccountOf,
  type AuditOwnerLookups,
  type MemoryData,
  type MemoryRows,
  type Store,
} from '@sentinel/service';
import type { SeedData } from '@sentinel/demo-data';

export { FIRST_GENERATED_ID };

export type MockStore = {
  /** The fixed clock of this store. */
  readonly now: Date;
  readonly appointments: Appointment[];
  readonly records: MedicalRecord[];
  readonly prescriptions: Prescription[];
  readonly users: ManagedUser[];
  /**
   * Approval requests for the prescriptions the assistant proposed, oldest first. None are seeded: only the
   * assistant's prescription tool files them (`proposePrescription`); stories add some with
   * `seedApprovalRequests` (through `scenario.approvalsFor`).
   */
  readonly approvals: ApprovalRequest[];
  /** Oldest first. */
  readonly audit: AuditEvent[];
  /** Record confidentiality (REQ-rec-confidentiality): each patient's assigned doctors (seeded). */
  readonly careTeam: CareTeamAssignment[];
  /** Break-the-glass grants, oldest first; none are seeded. */
  readonly emergencyGrants: EmergencyGrant[];
  /** The token vault: each user's calendar connection, by token subject (REQ-tool-vault). */
  readonly calendarConnections: Map<string, CalendarGrant>;
  /** Events the calendar service holds besides the appointments (scheduled by the calendar tool), by subject. */
  readonly calendarEvents: Map<string, CalendarEvent[]>;
  /** The next id with this prefix ('apt' gives 'apt-1001', then 'apt-1002'). */
  nextId(prefix: string): string;
  /** The knowledge base, read on first use (see `createStore`). */
  knowledge(): KnowledgeBundle;
};

/** The token vault's calendar grant of one user: the scopes consented to, and when. */
export type CalendarGrant = { readonly scopes: readonly CalendarScope[]; readonly connectedAt: string };

const copyOf = (data: SeedData): SeedData => structuredClone(data);

/** Replaces an array's contents in place, so references held by callers stay valid across a reset. */
function refill<T>(target: T[], items: readonly T[]): void {
  target.splice(0, target.length, ...items);
}

/** The memory store's rows of what the view holds; audit rows pushed by hand get their patient account now. */
async function rowsOf(
  view: MockStore,
  counters: ReadonlyMap<string, number>,
  owners: ReadonlyMap<string, string | null>,
): Promise<MemoryRows> {
  const lookups: AuditOwnerLookups = {
    ownerOfItem: async (collection, id) => view[collection].find((item) => item.id === id)?.ownerId,
    accountsLike: async (patientId) => view.users.filter((user) => patientIdFor(user.id) === patientId),
  };
  const audit = [];
  for (const event of view.audit) {
    const known = owners.get(event.id);
    audit.push({
      event,
      patientAccountId: known !== undefined ? known : await patientAccountOf(event, lookups),
    });
  }
  return {
    appointments: view.appointments,
    records: view.records,
    prescriptions: view.prescriptions,
    users: view.users,
    approvals: view.approvals,
    vault: [...view.calendarConnections].map(([sub, grant]) => ({ sub, ...grant })),
    careTeam: view.careTeam,
    grants: view.emergencyGrants,
    counters,
    audit,
  };
}

/**
 * A store seeded with a deep copy of `data`. `loadKnowledge` runs once, on the first knowledge or chat call:
 * importing the mocks from a runtime without a bundler (the identity provider, node scripts) must not need it.
 */
export function createStore(
  data: SeedData,
  now: Date,
  loadKnowledge: () => KnowledgeBundle,
): { store: MockStore; backing: Store; reset: () => void } {
  /** The last number drawn per id prefix, as the memory store counts. */
  const counters = new Map<string, number>();
  /** The patient account of each audit row, as the memory store filed it (by row id). */
  const owners = new Map<string, string | null>();
  const fresh = copyOf(data);
  let knowledge: KnowledgeBundle | undefined;
  const store: MockStore = {
    now: new Date(now.getTime()),
    appointments: fresh.appointments,
    records: fresh.records,
    prescriptions: fresh.prescriptions,
    users: fresh.users,
    approvals: [],
    audit: [],
    careTeam: fresh.careTeam,
    emergencyGrants: [],
    calendarConnections: new Map(),
    calendarEvents: new Map(),
    nextId(prefix) {
      const n = (counters.get(prefix) ?? FIRST_GENERATED_ID - 1) + 1;
      counters.set(prefix, n);
      return `${prefix}-${n}`;
    },
    knowledge() {
      knowledge ??= loadKnowledge();
      return knowledge;
    },
  };

  type Tables = MemoryData['tables'];
  type TableName = Exclude<keyof Tables, 'audit'>;
  /** Which tables the view shows, and as which of its arrays. */
  const ARRAYS = [
    ['appointments', 'appointments'],
    ['records', 'records'],
    ['prescriptions', 'prescriptions'],
    ['users', 'users'],
    ['approvals', 'approvals'],
    ['careTeam', 'careTeam'],
    ['grants', 'emergencyGrants'],
  ] as const;

  /** Shows what a transaction committed, table by table where it wrote, in the view's own arrays and maps. */
  const show = (memory: MemoryData, before: Tables, auditBefore: number) => {
    const changed = (name: TableName) => memory.tables[name] !== before[name];
    // Only the tables written are read back: an unchanged one stands in empty.
    const tables = { ...memory.tables, audit: memory.tables.audit.slice(auditBefore) };
    for (const name of Object.keys(tables) as (keyof Tables)[]) {
      if (name !== 'audit' && !changed(name)) tables[name] = new Map() as never;
    }
    const rows = memoryRowsOf({ tables });
    for (const [table, array] of ARRAYS) {
      if (changed(table)) refill(store[array] as unknown[], rows[table]);
    }
    for (const row of rows.audit) {
      store.audit.push(row.event);
      owners.set(row.event.id, row.patientAccountId);
    }
    if (changed('vault')) {
      store.calendarConnections.clear();
      for (const { sub, scopes, connectedAt } of rows.vault)
        store.calendarConnections.set(sub, { scopes, connectedAt });
    }
    if (changed('counters')) {
      counters.clear();
      for (const [prefix, n] of rows.counters) counters.set(prefix, n);
    }
  };

  /** What the view holds, item by item (by identity), to tell whether anyone changed it since. */
  const snapshotOfView = () => ({
    arrays: ARRAYS.map(([, array]) => [...store[array]] as readonly unknown[]),
    audit: [...store.audit],
    connections: new Map(store.calendarConnections),
    counters: new Map(counters),
  });
  type Snapshot = ReturnType<typeof snapshotOfView>;
  const sameItems = (a: readonly unknown[], b: readonly unknown[]) =>
    a.length === b.length && a.every((item, index) => item === b[index]);
  const sameEntries = <K, V>(a: ReadonlyMap<K, V>, b: ReadonlyMap<K, V>) =>
    a.size === b.size && [...a].every(([key, value]) => b.get(key) === value);
  const viewIsAsShown = (shown: Snapshot) =>
    ARRAYS.every(([, array], index) => sameItems(store[array], shown.arrays[index] ?? [])) &&
    sameItems(store.audit, shown.audit) &&
    sameEntries(store.calendarConnections, shown.connections) &&
    sameEntries(counters, shown.counters);

  /**
   * The memory store's data after the last transaction, and what the view showed then. While the view still
   * holds exactly those items, the next transaction starts from that data; once anyone put, removed or replaced
   * an item in the view (a story's approval requests, a test's extra account), it starts from the view. An item
   * changed in place is not seen: replace it instead.
   */
  let last: { readonly memory: MemoryData; shown: Snapshot } | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const run = async <T>(work: Parameters<Store['transaction']>[0]): Promise<T> => {
    const memory =
      last && viewIsAsShown(last.shown) ? last.memory : memoryDataFrom(await rowsOf(store, counters, owners));
    const before = { ...memory.tables };
    const auditBefore = memory.tables.audit.length;
    // A transaction that throws leaves `memory` as it was (the memory store's promise), and the view with it.
    const value = (await openMemoryStore({ data: memory }).transaction(work)) as T;
    show(memory, before, auditBefore);
    last = { memory, shown: snapshotOfView() };
    return value;
  };
  const backing: Store = {
    dialect: 'memory',
    transaction<T>(work: Parameters<Store['transaction']>[0]) {
      const done = queue.then(() => run<T>(work));
      queue = done.catch(() => undefined);
      return done;
    },
    ping: async () => undefined,
    close: async () => {
      await queue;
    },
  };

  const reset = () => {
    const again = copyOf(data);
    refill(store.appointments, again.appointments);
    refill(store.records, again.records);
    refill(store.prescriptions, again.prescriptions);
    refill(store.users, again.users);
    refill(store.approvals, []);
    refill(store.audit, []);
    refill(store.careTeam, again.careTeam);
    refill(store.emergencyGrants, []);
    store.calendarConnections.clear();
    store.calendarEvents.clear();
    counters.clear();
    owners.clear();
    last = undefined;
  };
  return { store, backing, reset };
}
