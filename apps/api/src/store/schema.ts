/**
 * The tables of the store as Kysely sees them: the same shape on SQLite and PostgreSQL. Entities are kept
 * whole as JSON in `data`; the columns beside it exist only to find, order and constrain rows.
 */
import type { Generated } from 'kysely';

/** appointments, records, prescriptions. */
export interface EntityTable {
  /**
   * Insertion order: assigned by the database (SQLite AUTOINCREMENT, PostgreSQL bigint identity), never reused.
   * Only ordered by, never selected (node-pg would return a bigint as a string).
   */
  seq: Generated<number>;
  id: string;
  /**
   * Trimmed, lowercased patient e-mail, name and id of the item; '' when the item has none. Kept for staff
   * queries; they decide no ownership (see `owner_id`).
   */
  patient_email_norm: string;
  patient_name_norm: string;
  patient_id_norm: string;
  /**
   * REQ-access-owner The account id of the patient the item belongs to (its `ownerId`), set on insert and
   * never changed; null for an item of no patient account (staff only). Patients' lists match on this column
   * alone.
   */
  owner_id: string | null;
  /** The entity as JSON. */
  data: string;
}

export interface UserTable {
  seq: Generated<number>;
  id: string;
  /** Trimmed, lowercased e-mail: unique, so two accounts never share an address. */
  email_norm: string;
  data: string;
}

/** One row per id prefix: the last number handed out by `nextId`. */
export interface CounterTable {
  prefix: string;
  last_issued: number;
}

/** Append-only (database triggers refuse UPDATE and DELETE). One column per `AuditEvent` field. */
export interface AuditTable {
  seq: Generated<number>;
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
  /**
   * The account id of the patient whose data the call touched (`patient_id` is only its display id, which two
   * accounts may share); null when no one patient account is known. A patient's audit view matches on it.
   * Never answered (migration 0007).
   */
  patient_account_id: string | null;
}

/**
 * Approval requests of the assistant's proposed prescriptions (asynchronous authorization). The request is kept
 * whole as JSON in `data`; `approver_sub` finds a clinician's inbox.
 */
export interface ApprovalTable {
  seq: Generated<number>;
  id: string;
  approver_sub: string;
  data: string;
}

/** The token vault's calendar connections: one row per user who consented (keyed by the token subject). */
export interface VaultConnectionTable {
  sub: string;
  /** The granted calendar scopes, space-separated (OAuth scope syntax). */
  scopes: string;
  /** ISO 8601 in UTC. */
  connected_at: string;
}

/** Record confidentiality (REQ-rec): a doctor assigned to a patient's care team; one row per pair. */
export interface CareTeamTable {
  /** The patient's account id (the `ownerId` of their records; migration 0008, no longer the 'P-' id). */
  owner_id: string;
  /** The doctor's account id (token subject). */
  clinician_sub: string;
}

/**
 * Break-the-glass grants (REQ-rec-break-glass), never changed once written; live from granted_at until
 * expires_at.
 */
export interface EmergencyAccessTable {
  seq: Generated<number>;
  id: string;
  /** The patient's account id (migration 0008); the display patient id is derived from it. */
  owner_id: string;
  clinician_sub: string;
  reason: string;
  /** ISO 8601 in UTC, from the request's clock. */
  granted_at: string;
  expires_at: string;
}

export interface Database {
  appointments: EntityTable;
  records: EntityTable;
  prescriptions: EntityTable;
  users: UserTable;
  counters: CounterTable;
  audit: AuditTable;
  vault_connections: VaultConnectionTable;
  approvals: ApprovalTable;
  care_team: CareTeamTable;
  emergency_access: EmergencyAccessTable;
}

export const ENTITY_TABLES = ['appointments', 'records', 'prescriptions'] as const;
