/**
 * The in-memory store behind the mock API: the seeded data, the audit trail and a deterministic id counter, on
 * a fixed clock. Nothing here is random and nothing reads the real clock, so the same seed and the same calls
 * give the same answers in every story and test.
 */
import type {
  Appointment,
  CareTeamAssignment,
  EmergencyGrant,
  ManagedUser,
  MedicalRecord,
  Prescription,
  Role,
} from '@sentinel/domain';
import type {
  ApprovalRequest,
  AuditAction,
  AuditEvent,
  AuditOutcome,
  AuditResourceType,
  CalendarEvent,
  CalendarScope,
} from '@sentinel/domain/contract';
import type { KnowledgeBundle } from '@sentinel/knowledge';
import type { SeedData } from '../fixtures/index';

/** Generated ids count up from here per prefix: 'apt-1001', 'rec-1001', 'rx-1001', 'user-1001', 'aud-1001'. */
export const FIRST_GENERATED_ID = 1001;

/** The audit trail never holds more than the reason's schema allows (500 characters). */
const MAX_REASON_LENGTH = 500;

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
  /** Record confidentiality (issue 15): each patient's assigned doctors (seeded). */
  readonly careTeam: CareTeamAssignment[];
  /** Break-the-glass grants, oldest first; none are seeded. */
  readonly emergencyGrants: EmergencyGrant[];
  /** The token vault: each user's calendar connection, by token subject (issue 6, point 5). */
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

/** What one audit row says besides who and when. */
export type AuditNote = {
  readonly action: AuditAction;
  readonly resourceType: AuditResourceType;
  readonly resourceId: string | null;
  readonly patientId: string | null;
  readonly outcome: AuditOutcome;
  readonly reason: string;
};

const copyOf = (data: SeedData): SeedData => structuredClone(data);

/** Replaces an array's contents in place, so references held by callers stay valid across a reset. */
function refill<T>(target: T[], items: readonly T[]): void {
  target.splice(0, target.length, ...items);
}

/**
 * A store seeded with a deep copy of `data`. `loadKnowledge` runs once, on the first knowledge or chat call:
 * importing the mocks from a runtime without a bundler (the identity provider, node scripts) must not need it.
 */
export function createStore(
  data: SeedData,
  now: Date,
  loadKnowledge: () => KnowledgeBundle,
): { store: MockStore; reset: () => void } {
  const counters = new Map<string, number>();
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
      const n = counters.get(prefix) ?? FIRST_GENERATED_ID;
      counters.set(prefix, n + 1);
      return `${prefix}-${n}`;
    },
    knowledge() {
      knowledge ??= loadKnowledge();
      return knowledge;
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
  };
  return { store, reset };
}

/**
 * Appends one audit row for `actor`, stamped with the store's clock, or with `at` for work that carries its own
 * time (an approval request the assistant filed). Returns the row.
 */
export function appendAudit(
  store: MockStore,
  actor: { readonly sub: string; readonly role: Role },
  note: AuditNote,
  at: Date = store.now,
): AuditEvent {
  const row: AuditEvent = {
    id: store.nextId('aud'),
    timestamp: at.toISOString(),
    actorSub: actor.sub,
    actorRole: actor.role,
    action: note.action,
    resourceType: note.resourceType,
    resourceId: note.resourceId,
    patientId: note.patientId,
    outcome: note.outcome,
    reason: note.reason.slice(0, MAX_REASON_LENGTH),
  };
  store.audit.push(row);
  return row;
}

/** The managed user a persona signs in as: matched by subject (the seeded id), else by e-mail. */
export function accountOf(store: MockStore, who: { sub: string; email: string }): ManagedUser | undefined {
  const email = who.email.toLowerCase();
  return (
    store.users.find((u) => u.id === who.sub) ?? store.users.find((u) => u.email.toLowerCase() === email)
  );
}
