/**
 * How the store finds the patient account of an audit row (the rule: `@sentinel/domain` auditOwner.ts).
 */
import { AUDIT_ITEM_RESOURCE_TYPES } from '@sentinel/domain';

/**
 * A LIKE pattern (escape character '!') for the account ids whose display id may be `patientId`: those ending
 * in its characters after 'P-'. It only narrows the search; `soleAccountWithPatientId` decides (LIKE ignores
 * case on SQLite).
 */
export function accountIdPattern(patientId: string): string {
  return `%${patientId.slice(2).replace(/[!%_]/g, (c) => `!${c}`)}`;
}

/** The entity table of an audit resource type that names a patient's item, else undefined. */
export function itemTableOf(resourceType: string): 'appointments' | 'records' | 'prescriptions' | undefined {
  return (AUDIT_ITEM_RESOURCE_TYPES as readonly string[]).includes(resourceType)
    ? (`${resourceType}s` as 'appointments' | 'records' | 'prescriptions')
    : undefined;
}
