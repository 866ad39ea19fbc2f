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
  /** Trimmed, lowercased patient e-mail, name and id of the item; '' when the item has none. */
  patient_email_norm: string;
  patient_name_norm: string;
  patient_id_norm: string;
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

export interface Database {
  appointments: EntityTable;
  records: EntityTable;
  prescriptions: EntityTable;
  users: UserTable;
  counters: CounterTable;
  audit: AuditTable;
  vault_connections: VaultConnectionTable;
  approvals: ApprovalTable;
}

export const ENTITY_TABLES = ['appointments', 'records', 'prescriptions'] as const;
