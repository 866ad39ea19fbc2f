/**
 * The in-memory store behind the mock API: @sentinel/service's memory store, which the runner works on
 * directly, and a read-only view of what it committed for stories and tests. Each read of the view parses that
 * one table afresh (fresh copies, nothing kept in step by hand); a story or test that needs rows the seed does
 * not hold writes them with `seed`, through the memory store's own operations. Nothing here is random and
 * nothing reads the real clock, so the same seed and the same calls give the same answers in every story and
 * test.
 */
import type { AuditEvent, CalendarEvent, CalendarScope } from '@sentinel/domain/contract';
import {
  createMemoryData,
  memoryTableOf,
  openMemoryStore,
  writeMemoryData,
  type MemoryData,
  type MemoryOperations,
  type MemoryRows,
  type Store,
} from '@sentinel/service';
import type { SeedData } from '@sentinel/demo-data';

/** The tables stories and tests read, by the name they read them under, and the memory store's name for each. */
const VIEW_TABLES = {
  appointments: 'appointments',
  records: 'records',
  prescriptions: 'prescriptions',
  users: 'users',
  /** Approval requests, oldest first; none are seeded (`seedApprovalRequests` adds some). */
  approvals: 'approvals',
  /** Record confidentiality (REQ-rec-confidentiality): each patient's assigned doctors. */
  careTeam: 'careTeam',
  /** Break-the-glass grants, oldest first; none are seeded. */
  emergencyGrants: 'grants',
} as const satisfies Record<string, keyof MemoryRows>;

export type MockStore = {
  readonly [K in keyof typeof VIEW_TABLES]: MemoryRows[(typeof VIEW_TABLES)[K]];
} & {
  /** The fixed clock of this store; a test may move it (`store.now.setTime`). */
  readonly now: Date;
  /** Oldest first. */
  readonly audit: readonly AuditEvent[];
  /** The token vault: each user's calendar connection, by token subject (REQ-tool-vault). */
  readonly calendarConnections: ReadonlyMap<string, CalendarGrant>;
  /**
   * Events the mock calendar service holds besides the appointments (scheduled by the calendar tool), by
   * subject: the calendar's data, not the API's, so it is kept here rather than in the API's store.
   */
  readonly calendarEvents: Map<string, CalendarEvent[]>;
  /**
   * Writes rows as seed data, synchronously, through the memory store's operations (`ops.insertUser(...)`,
   * `ops.replaceUser(...)`, `ops.nextId('apr')`), all or nothing: no audit rows, as a seed is data and not a
   * call. Between calls only, never while one is running.
   */
  seed<T>(work: (ops: MemoryOperations) => T): T;
};

/** The token vault's calendar grant of one user: the scopes consented to, and when. */
export type CalendarGrant = { readonly scopes: readonly CalendarScope[]; readonly connectedAt: string };

/** Data holding `seed`, as the memory store seeds an empty database. */
function seeded(seed: SeedData): MemoryData {
  const data = createMemoryData();
  openMemoryStore({ data, seed });
  return data;
}

/** A store seeded with `seed`, kept as JSON copies: changing `seed` later changes nothing here. */
export function createStore(
  seed: SeedData,
  now: Date,
): { store: MockStore; backing: Store; reset: () => void } {
  const data = seeded(seed);
  const backing = openMemoryStore({ data });
  const calendarEvents = new Map<string, CalendarEvent[]>();
  const rest = {
    now: new Date(now.getTime()),
    get audit() {
      return memoryTableOf(data, 'audit').map((row) => row.event);
    },
    get calendarConnections() {
      const rows = memoryTableOf(data, 'vault');
      return new Map(rows.map(({ sub, scopes, connectedAt }) => [sub, { scopes, connectedAt }]));
    },
    calendarEvents,
    seed: <T>(work: (ops: MemoryOperations) => T) => writeMemoryData(data, work),
  };
  // Each table is a getter: a read parses that table afresh, so it always shows what was committed.
  const tables = Object.entries(VIEW_TABLES).map(([name, table]) => [
    name,
    { enumerable: true, get: () => memoryTableOf(data, table) },
  ]);
  const store: MockStore = Object.defineProperties(rest, Object.fromEntries(tables)) as typeof rest &
    MockStore;
  const reset = () => {
    data.tables = seeded(seed).tables;
    calendarEvents.clear();
  };
  return { store, backing, reset };
}
