/**
 * Appointments, medical records and prescriptions (§2, §4, §6). Patients see only their own items, with other
 * patients' names blanked; asking for someone else's item by id answers 404 exactly like an id that does not
 * exist, so the answer never tells a patient that the item is there.
 */
import {
  canDeleteAppointment,
  canOpenRecord,
  createAppointment,
  createPrescription,
  fail,
  ownerPatientIdOf,
  ok,
  redactForViewer,
  refill,
  resolveItemOwner,
  setAppointmentStatus,
  visibleTo,
  type CurrentUser,
  type ItemOwner,
  type ManagedUser,
  type MedicalRecord,
  type Prescription,
  type Result,
} from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import { checkLevelChange, checkRecordRead, readableRecords, updateAuditReason } from './confidentiality';
import type { AuditDetail, RouteImpls } from './route';

type Owned = { id: string; patientName: string; ownerId?: string | undefined };

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * §6 The owner of a new item: the active patient account with the body's e-mail, whose name and patient id the
 * body may repeat but not contradict (`resolveItemOwner`; 400 otherwise).
 */
function ownerFor(
  users: readonly ManagedUser[],
  body: { readonly patientEmail: string; readonly patientName?: string; readonly patientId?: string },
): Result<ItemOwner> {
  const email = body.patientEmail.trim();
  return resolveItemOwner(body, email ? users.find((u) => sameEmail(u.email, email)) : undefined);
}

/**
 * A prescription written on an approval (the assistant's proposal) gets its owner as any new one does: the
 * patient account with its e-mail; a proposal for nobody the directory knows stays without owner (staff only).
 */
export function withOwner(users: readonly ManagedUser[], prescription: Prescription): Prescription {
  const owner = ownerFor(users, { patientEmail: prescription.patientEmail });
  if (!owner.ok) return prescription;
  return { ...prescription, ownerId: owner.value.ownerId, patientId: owner.value.patientId };
}

/** The 404 of an item the caller may not see or that does not exist: one answer for both. */
export const notFound = () => fail('not_found', DEFAULT_ERROR_MESSAGES.not_found);

/**
 * §6 The item with this id, if the viewer may see it. The audit row tells the two refusals apart; the answer
 * does not.
 */
function findVisible<T extends Owned>(
  items: readonly T[],
  id: string,
  viewer: CurrentUser,
  audit: (detail: AuditDetail) => void,
): Result<{ item: T; index: number }> {
  const index = items.findIndex((item) => item.id === id);
  const item = items[index];
  if (!item) {
    audit({ reason: 'no item with this id' });
    return notFound();
  }
  audit({ patientId: ownerPatientIdOf(item) });
  if (visibleTo([item], viewer).length === 0) {
    audit({ reason: 'not the viewer’s own item (§6 ownership)' });
    return notFound();
  }
  return ok({ item, index });
}

/** §6 What a viewer receives of a list: their own items only for a patient, names of others blanked. */
function listFor<T extends Owned>(
  items: readonly T[],
  viewer: CurrentUser,
  audit: (detail: AuditDetail) => void,
) {
  const visible = visibleTo(items, viewer).map((item) => redactForViewer(item, viewer));
  audit({
    reason: viewer.role === 'patient' ? `own items only: ${visible.length}` : `all items: ${visible.length}`,
    patientId: viewer.role === 'patient' ? (viewer.patient_id ?? null) : null,
  });
  return ok({ items: visible });
}

/** Keys of a partial update that were actually given. */
const givenFields = <T extends object>(patch: T): Partial<T> =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;

export const clinicalRoutes = {
  listAppointments: ({ store, caller, audit }) => listFor(store.appointments, caller.user, audit),

  createAppointment: ({ store, caller, body, audit }) => {
    const owner = ownerFor(store.users, body);
    if (!owner.ok) return owner;
    const { ownerId, patientEmail, patientName } = owner.value;
    const created = createAppointment(
      { ...body, ownerId, patientEmail, patientName },
      { id: store.nextId('apt'), permissions: caller.user.permissions },
    );
    if (!created.ok) return created;
    store.appointments.push(created.value);
    audit({ resourceId: created.value.id, patientId: ownerPatientIdOf(created.value) });
    return ok(created.value);
  },

  updateAppointmentStatus: ({ store, caller, params, body, audit }) => {
    const found = findVisible(store.appointments, params.id, caller.user, audit);
    if (!found.ok) return found;
    const updated = setAppointmentStatus(found.value.item, body.status, caller.user.permissions);
    if (!updated.ok) return updated;
    store.appointments[found.value.index] = updated.value;
    audit({ reason: `status ${found.value.item.status} -> ${updated.value.status}` });
    return ok(redactForViewer(updated.value, caller.user));
  },

  deleteAppointment: ({ store, caller, params, audit }) => {
    const allowed = canDeleteAppointment(caller.user.permissions);
    if (!allowed.ok) return allowed;
    const found = findVisible(store.appointments, params.id, caller.user, audit);
    if (!found.ok) return found;
    store.appointments.splice(found.value.index, 1);
    return ok(undefined);
  },

  listRecords: ({ store, caller, audit }) => {
    const listed = listFor(store.records, caller.user, audit);
    // Record confidentiality (issue 15): records above the caller's care relationship are left out, uncounted.
    const items = readableRecords(store, caller, listed.value.items);
    if (items.length < listed.value.items.length) audit({ reason: `readable items: ${items.length}` });
    return ok({ items });
  },

  createRecord: ({ store, caller, body, audit }) => {
    const owner = ownerFor(store.users, body);
    if (!owner.ok) return owner;
    const { vitals, ...fields } = body;
    const record: MedicalRecord = {
      id: store.nextId('rec'),
      ...fields,
      ...owner.value,
      doctor: caller.user.name,
      status: 'active',
      ...(vitals ? { vitals } : {}),
    };
    store.records.push(record);
    audit({ resourceId: record.id, patientId: ownerPatientIdOf(record) });
    return ok(redactForViewer(record, caller.user));
  },

  getRecord: ({ store, caller, params, audit }) => {
    const found = findVisible(store.records, params.id, caller.user, audit);
    if (!found.ok) return found;
    const open = canOpenRecord(found.value.item, caller.user);
    if (!open.ok) {
      audit({ reason: 'record opening refused: not the viewer’s own record (§5 Record opening)' });
      return open;
    }
    const level = checkRecordRead(store, caller, found.value.item, audit);
    if (!level.ok) return level;
    return ok(redactForViewer(found.value.item, caller.user));
  },

  updateRecord: ({ store, caller, params, body, audit }) => {
    const found = findVisible(store.records, params.id, caller.user, audit);
    if (!found.ok) return found;
    const readable = checkRecordRead(store, caller, found.value.item, audit);
    if (!readable.ok) return readable;
    const level = checkLevelChange(store, caller, found.value.item, body);
    if (!level.ok) return level;
    // The reason goes to the audit row, not into the record.
    const changes = givenFields({ ...body, reason: undefined });
    const updated: MedicalRecord = { ...found.value.item, ...changes };
    store.records[found.value.index] = updated;
    audit({ reason: updateAuditReason(readable.value, Object.keys(changes), level.value) });
    return ok(redactForViewer(updated, caller.user));
  },

  listPrescriptions: ({ store, caller, audit }) => listFor(store.prescriptions, caller.user, audit),

  createPrescription: ({ store, caller, body, audit }) => {
    const owner = ownerFor(store.users, body);
    if (!owner.ok) return owner;
    const prescription = createPrescription(
      { ...body, ...owner.value },
      { id: store.nextId('rx'), now: store.now, prescriber: caller.user.name },
    );
    store.prescriptions.push(prescription);
    audit({ resourceId: prescription.id, patientId: ownerPatientIdOf(prescription) });
    return ok(redactForViewer(prescription, caller.user));
  },

  refillPrescription: ({ store, caller, params, audit }) => {
    const found = findVisible(store.prescriptions, params.id, caller.user, audit);
    if (!found.ok) return found;
    const refilled = refill(found.value.item, caller.user.permissions);
    if (!refilled.ok) return refilled;
    store.prescriptions[found.value.index] = refilled.value;
    audit({ reason: `refills used ${refilled.value.refillsUsed} of ${refilled.value.refillsAllowed}` });
    return ok(redactForViewer(refilled.value, caller.user));
  },
} satisfies Partial<RouteImpls>;
