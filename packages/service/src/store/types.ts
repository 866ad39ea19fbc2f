/**
 * The store the API works on: appointments, medical records, prescriptions, the user directory, id counters and
 * the audit trail, behind one interface for SQLite (the server's embedded default), PostgreSQL (DATABASE_URL)
 * and memory (the mock API, ./memory.ts). Every call of a request runs inside one `transaction`, so the data
 * change and its audit row commit together or not at all (HIPAA 164.312(b)).
 */
import type {
  Appointment,
  CareTeamAssignment,
  EmergencyGrant,
  ManagedUser,
  MedicalRecord,
  Prescription,
} from '@sentinel/domain';
import type { ApprovalRequest, AuditEvent, CalendarScope } from '@sentinel/domain/contract';

/** A user's consent to the token vault's calendar: the scopes granted and when (vault_connections). */
export type VaultConnectionRow = {
  readonly sub: string;
  readonly scopes: readonly CalendarScope[];
  /** ISO 8601 in UTC. */
  readonly connectedAt: string;
};

/** The patient-owned collections (REQ-access: patients see only their own items). */
export type Collection = 'appointments' | 'records' | 'prescriptions';

export type EntityOf = {
  readonly appointments: Appointment;
  readonly records: MedicalRecord;
  readonly prescriptions: Prescription;
};

/**
 * Who a patient-scoped list is for (REQ-access-owner, `isOwnItem`): the items the patient's account owns, by
 * its id (the token subject). An empty id matches nothing.
 */
export type PatientScope = { readonly ownerId: string };

/**
 * Which audit rows a reader gets: all of them (admins), or those of their calls and, for a patient, of calls on
 * their data, matched on their account id (never on the display patient id two accounts may share).
 */
export type AuditScope =
  | { readonly all: true }
  | { readonly all?: false; readonly actorSub: string; readonly patientAccountId?: string | undefined };

/** An audit row to append; without `id`, the store draws the next 'aud' id. */
export type NewAuditRow = Omit<AuditEvent, 'id'> & { readonly id?: string };

/** The operations of one transaction. Lists come back in insertion order (the order the mocks keep). */
export interface StoreTx {
  /** Every item of a collection, or only those of one patient. */
  list<C extends Collection>(collection: C, scope?: PatientScope): Promise<EntityOf[C][]>;
  get<C extends Collection>(collection: C, id: string): Promise<EntityOf[C] | undefined>;
  /** Adds an item at the end; fails if the id exists. */
  insert<C extends Collection>(collection: C, item: EntityOf[C]): Promise<void>;
  /**
   * Replaces the item with the same id, keeping its place in the list; false when there is none. The owner
   * never changes: an item naming another owner than the stored one throws `OwnerChangeError`.
   */
  replace<C extends Collection>(collection: C, item: EntityOf[C]): Promise<boolean>;
  /** Removes the item; false when there is none. */
  remove(collection: Collection, id: string): Promise<boolean>;

  listUsers(): Promise<ManagedUser[]>;
  getUser(id: string): Promise<ManagedUser | undefined>;
  /** The user with this e-mail address, compared trimmed and case-insensitive. */
  findUserByEmail(email: string): Promise<ManagedUser | undefined>;
  /** Adds a user at the end; a second user with the same e-mail (case-insensitive) fails (unique index). */
  insertUser(user: ManagedUser): Promise<void>;
  replaceUser(user: ManagedUser): Promise<boolean>;
  removeUser(id: string): Promise<boolean>;

  /**
   * The next id with this prefix: 'apt' gives 'apt-1001', then 'apt-1002' (the mocks' `FIRST_GENERATED_ID`),
   * counted in the database so ids are unique across restarts and concurrent requests.
   */
  nextId(prefix: string): Promise<string>;

  /** A clinician's approval requests (those whose approver they are), oldest first. */
  listApprovals(approverSub: string): Promise<ApprovalRequest[]>;
  getApproval(id: string): Promise<ApprovalRequest | undefined>;
  /** Adds an approval request; fails if the id exists. */
  insertApproval(request: ApprovalRequest): Promise<void>;
  /** Replaces the request with the same id (a decision, or expiry); false when there is none. */
  replaceApproval(request: ApprovalRequest): Promise<boolean>;

  /** The user's calendar connection of the token vault (their consent), if they connected it. */
  getVaultConnection(sub: string): Promise<VaultConnectionRow | undefined>;
  /** Records (or replaces) the user's calendar connection. */
  putVaultConnection(connection: VaultConnectionRow): Promise<void>;
  /** Removes the user's calendar connection; false when there was none. */
  removeVaultConnection(sub: string): Promise<boolean>;

  /**
   * Appends one audit row; a row without an id gets the next 'aud' id (as `nextId('aud')` gives it, drawn in
   * the same statement on PostgreSQL). Rows can never be changed or deleted afterwards (enforced by the
   * database).
   */
  appendAudit(row: NewAuditRow): Promise<void>;

  /** Record confidentiality (REQ-rec): the care-team assignments of one patient account, or all of them. */
  listCareTeam(ownerId?: string): Promise<CareTeamAssignment[]>;
  /** Adds an assignment; an existing one stays as it is. */
  insertCareTeamAssignment(assignment: CareTeamAssignment): Promise<void>;
  /** Break-the-glass grants, oldest first: all, or one doctor's. */
  listEmergencyGrants(clinicianSub?: string): Promise<EmergencyGrant[]>;
  /** Adds a grant; fails if the id exists. */
  insertEmergencyGrant(grant: EmergencyGrant): Promise<void>;
  /** Audit rows in the scope, oldest first. */
  listAudit(scope: AuditScope): Promise<AuditEvent[]>;
}

/** SQLite and PostgreSQL are the server's (apps/api); memory is ./memory.ts. */
export type StoreDialect = 'sqlite' | 'postgres' | 'memory';

export interface Store {
  readonly dialect: StoreDialect;
  /** Runs `work` in one database transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: StoreTx) => Promise<T>): Promise<T>;
  /** A cheap round trip to the database, for the health route. */
  ping(): Promise<void>;
  /** Waits for running transactions, then closes the connections. */
  close(): Promise<void>;
}

/**
 * The data an empty store is seeded with on first open (the personas and fixtures). A store that already holds
 * users is never re-seeded.
 */
export type StoreSeed = {
  readonly appointments: readonly Appointment[];
  readonly records: readonly MedicalRecord[];
  readonly prescriptions: readonly Prescription[];
  readonly users: readonly ManagedUser[];
  /** Record confidentiality (REQ-rec): the doctors assigned to each patient's care team. */
  readonly careTeam?: readonly CareTeamAssignment[];
};
