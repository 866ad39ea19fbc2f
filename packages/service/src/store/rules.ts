/**
 * What every store does alike, whatever keeps the data: how ids are counted, how keys are compared, and which
 * patient account an audit row belongs to (the rule: `@sentinel/domain` auditOwner.ts).
 */
import { AUDIT_ITEM_RESOURCE_TYPES, patientIdFor, soleAccountWithPatientId } from '@sentinel/domain';
import type { Collection, NewAuditRow } from './types';

/** The first number `nextId` gives per prefix: 'apt-1001', then 'apt-1002'. */
export const FIRST_GENERATED_ID = 1001;

/** How e-mail addresses and the patient columns are compared: trimmed and case-insensitive. */
export const normalize = (value: string | undefined): string => (value ?? '').trim().toLowerCase();

/** The collection of an audit resource type that names a patient's item, else undefined. */
export function itemTableOf(resourceType: string): Collection | undefined {
  return (AUDIT_ITEM_RESOURCE_TYPES as readonly string[]).includes(resourceType)
    ? (`${resourceType}s` as Collection)
    : undefined;
}

/** What `patientAccountOf` asks the store. */
export type AuditOwnerLookups = {
  /** The owner account of an item, if the item exists and has one. */
  readonly ownerOfItem: (collection: Collection, id: string) => Promise<string | null | undefined>;
  /**
   * Accounts that may carry this display patient id: at least every account whose `patientIdFor` is it (a
   * store may give more; `soleAccountWithPatientId` decides).
   */
  readonly accountsLike: (patientId: string) => Promise<readonly { id: string; role: string }[]>;
};

/**
 * The account of the patient an audit row names: the owner of the item it names, else the calling patient
 * when the display id is theirs, else the one patient account with that display id; null when none is sure
 * (two accounts may share a display id, and a row must never be shown to the wrong one).
 */
export async function patientAccountOf(row: NewAuditRow, lookups: AuditOwnerLookups): Promise<string | null> {
  if (!row.patientId) return null;
  const itemTable = itemTableOf(row.resourceType);
  if (itemTable && row.resourceId) {
    const owner = await lookups.ownerOfItem(itemTable, row.resourceId);
    if (owner && patientIdFor(owner) === row.patientId) return owner;
  }
  if (row.actorRole === 'patient' && patientIdFor(row.actorSub) === row.patientId) return row.actorSub;
  return soleAccountWithPatientId(row.patientId, await lookups.accountsLike(row.patientId));
}
