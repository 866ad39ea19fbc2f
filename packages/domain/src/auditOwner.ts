/**
 * HIPAA 164.312(b), 164.528 (REQ-access-owner follow-up): which patient account an audit row belongs to. A row
 * names the patient by the display id (`patientIdFor`: `P-` and the last six characters of the account id),
 * which two accounts may share, so a patient's audit view matches on the account id alone. Both servers decide
 * it in one order: the owner of the item the row names; else the calling patient, when the display id is
 * theirs; else the one patient account with that display id. None, or several, and the row belongs to no
 * patient (it fails closed: admins and the caller still see it).
 */
import { patientIdFor } from './auth';

/** The account id of the one patient account whose display id is `patientId`, or null for none or several. */
export function soleAccountWithPatientId(
  patientId: string,
  accounts: readonly { readonly id: string; readonly role: string }[],
): string | null {
  const matching = accounts.filter((a) => a.role === 'patient' && patientIdFor(a.id) === patientId);
  return matching.length === 1 ? matching[0]!.id : null;
}

/** The audit resource types that name an item of a patient (appointment, record, prescription). */
export const AUDIT_ITEM_RESOURCE_TYPES = ['appointment', 'record', 'prescription'] as const;
