/** Ownership rules: specification section 6 (patients see only their own data) and 5 (Record opening). */
import { patientIdFor } from './auth';
import type { CurrentUser, ManagedUser } from './entities';
import { fail, ok, type Result } from './result';
import { PERMISSION_ALERTS } from './texts';

type Owned = { patientEmail: string; patientName: string; patientId?: string };
type Viewer = Pick<CurrentUser, 'role' | 'email' | 'name' | 'permissions' | 'patient_id'>;

const same = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** §6: a patient's own item is matched by e-mail, name or patient id. */
export function isOwnItem(item: Owned, viewer: Pick<Viewer, 'email' | 'name' | 'patient_id'>): boolean {
  return (
    same(item.patientEmail, viewer.email) ||
    same(item.patientName, viewer.name) ||
    same(item.patientId, viewer.patient_id)
  );
}

/** §6: patients see only their own appointments, records and prescriptions; other roles see all. */
export function visibleTo<T extends Owned>(items: readonly T[], viewer: Viewer): T[] {
  return viewer.role === 'patient' ? items.filter((i) => isOwnItem(i, viewer)) : [...items];
}

/**
 * §6: patients cannot see other patients' names. Applied to what a patient receives: the patient name of an
 * item is blanked for the patient viewer (their own name is already on their screen), so a mismatch in the
 * ownership match can never leak another name.
 */
export function redactForViewer<T extends Owned>(item: T, viewer: Pick<Viewer, 'role'>): T {
  return viewer.role === 'patient' ? { ...item, patientName: '' } : item;
}

/**
 * §5 Record opening: a patient without read:patients may open only records whose patient e-mail matches their
 * own ('You can only view your own medical records').
 */
export function canOpenRecord(
  record: Pick<Owned, 'patientEmail'>,
  viewer: Pick<Viewer, 'email' | 'permissions'>,
): Result<true> {
  if (viewer.permissions.includes('read:patients')) return ok(true);
  if (same(record.patientEmail, viewer.email)) return ok(true);
  return fail('forbidden', PERMISSION_ALERTS.ownRecordsOnly);
}

/**
 * §6, HIPAA 164.312(b) The patient an item belongs to, as the audit trail names them: the item's patient id,
 * else the id derived from the patient account with the item's e-mail (`patientIdFor`), else null. Only
 * `accounts` with the patient role count.
 */
export function ownerPatientIdOf(
  item: Pick<Owned, 'patientEmail' | 'patientId'>,
  accounts: readonly Pick<ManagedUser, 'id' | 'email' | 'role'>[],
): string | null {
  if (item.patientId) return item.patientId;
  const account = accounts.find((a) => a.role === 'patient' && same(a.email, item.patientEmail));
  return account ? patientIdFor(account.id) : null;
}
