/**
 * Ownership rules: REQ-access-owner, REQ-access-patient-own (patients see only their own data) and
 * REQ-rec-open-own (record opening).
 *
 * Every appointment, record and prescription has one owner: the account id of its patient (`ownerId`), set by
 * the server when the item is created (`resolveItemOwner`) and never changed. Who a patient is never follows
 * from the names, e-mails or patient ids an item carries: two patients may share a name, and those fields are
 * typed by whoever created the item.
 */
import { patientIdFor } from './auth';
import type { CurrentUser, ManagedUser } from './entities';
import { fail, ok, type Result } from './result';
import { PERMISSION_ALERTS } from './texts';

type Owned = { readonly ownerId?: string | undefined };
type Viewer = Pick<CurrentUser, 'role' | 'sub' | 'permissions'>;

const same = (a: string | undefined, b: string | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** What a create body is refused for when it does not name one patient account (400, `invalid_input`). */
export const OWNERSHIP_TEXTS = {
  unknownPatient: 'The patient e-mail must be the e-mail of an active patient account.',
  nameMismatch: 'The patient name is not the name of the patient account with this e-mail.',
  patientIdMismatch: 'The patient ID is not the ID of the patient account with this e-mail.',
} as const;

/** REQ-access-owner: an item is a patient's own exactly when its owner is their account; an item without owner is nobody's. */
export function isOwnItem(item: Owned, viewer: Pick<Viewer, 'sub'>): boolean {
  return !!item.ownerId && item.ownerId === viewer.sub;
}

/** REQ-access: patients see only their own appointments, records and prescriptions; other roles see all. */
export function visibleTo<T extends Owned>(items: readonly T[], viewer: Pick<Viewer, 'role' | 'sub'>): T[] {
  return viewer.role === 'patient' ? items.filter((i) => isOwnItem(i, viewer)) : [...items];
}

/**
 * REQ-access-names-hidden: patients cannot see other patients' names. Applied to what a patient receives: the
 * patient name of an item is blanked for the patient viewer (their own name is already on their screen).
 */
export function redactForViewer<T extends { patientName: string }>(item: T, viewer: Pick<Viewer, 'role'>): T {
  return viewer.role === 'patient' ? { ...item, patientName: '' } : item;
}

/**
 * REQ-rec-open-own: a patient without read:patients may open only their own records ('You can only view your
 * own medical records'), owned by their account.
 */
export function canOpenRecord(record: Owned, viewer: Pick<Viewer, 'sub' | 'permissions'>): Result<true> {
  if (viewer.permissions.includes('read:patients')) return ok(true);
  if (isOwnItem(record, viewer)) return ok(true);
  return fail('forbidden', PERMISSION_ALERTS.ownRecordsOnly);
}

/**
 * REQ-access-owner, HIPAA 164.312(b) The patient an item belongs to, as the audit trail names them: the
 * patient id of its owner account (`patientIdFor`), or null for an item without owner.
 */
export function ownerPatientIdOf(item: Owned): string | null {
  return item.ownerId ? patientIdFor(item.ownerId) : null;
}

/** The patient fields of a new item, all taken from its owner account. */
export type ItemOwner = {
  readonly ownerId: string;
  readonly patientEmail: string;
  readonly patientName: string;
  readonly patientId: string;
};

/**
 * REQ-access-owner The owner of a new item: the active patient account whose e-mail the body names
 * (`account`, looked up by the caller, trimmed and case-insensitive). A body naming no such account is
 * refused, and so is a patient name or patient id that is not that account's: otherwise a record for one
 * patient could carry another's name or id and be filed, shown or audited as theirs. An empty name or id
 * takes the account's.
 */
export function resolveItemOwner(
  body: { readonly patientEmail: string; readonly patientName?: string; readonly patientId?: string },
  account: Pick<ManagedUser, 'id' | 'name' | 'email' | 'role' | 'status'> | undefined,
): Result<ItemOwner> {
  if (
    !account ||
    account.role !== 'patient' ||
    account.status !== 'active' ||
    !same(account.email, body.patientEmail)
  )
    return fail('invalid_input', OWNERSHIP_TEXTS.unknownPatient, {
      patientEmail: OWNERSHIP_TEXTS.unknownPatient,
    });
  const patientId = patientIdFor(account.id);
  const name = body.patientName?.trim() ?? '';
  if (name && !same(name, account.name))
    return fail('invalid_input', OWNERSHIP_TEXTS.nameMismatch, { patientName: OWNERSHIP_TEXTS.nameMismatch });
  const id = body.patientId?.trim() ?? '';
  if (id && !same(id, patientId))
    return fail('invalid_input', OWNERSHIP_TEXTS.patientIdMismatch, {
      patientId: OWNERSHIP_TEXTS.patientIdMismatch,
    });
  return ok({ ownerId: account.id, patientEmail: account.email, patientName: account.name, patientId });
}
