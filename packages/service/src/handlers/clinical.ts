/**
 * Appointments, medical records and prescriptions (REQ-screen, REQ-tool, REQ-access) on the store. The same
 * policy as the mock API (packages/mocks clinical.ts), decided by the same domain functions: patients get
 * only their own items with other patients' names blanked, and asking for someone else's item by id answers
 * 404 exactly like an id that does not exist.
 */
import {
  canDeleteAppointment,
  canOpenRecord,
  createAppointment,
  createPrescription,
  fail,
  ok,
  ownerPatientIdOf,
  redactForViewer,
  refill,
  resolveItemOwner,
  setAppointmentStatus,
  visibleTo,
  type CurrentUser,
  type ItemOwner,
  type MedicalRecord,
  type Prescription,
  type Result,
} from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import type { AuditDetail, RouteImpls } from '../runner';
import { checkLevelChange, checkRecordRead, readableRecords, updateAuditReason } from './confidentiality';
import type { Collection, EntityOf, StoreTx } from '../store/types';

/** The 404 of an item the caller may not see or that does not exist: one answer for both. */
export const notFound = () => fail('not_found', DEFAULT_ERROR_MESSAGES.not_found);

/**
 * The patient an item belongs to, for the audit trail: the patient id of its owner account
 * (REQ-access-owner).
 */
export function ownerOf(item: { readonly ownerId?: string | undefined }): string | null {
  return ownerPatientIdOf(item);
}

/**
 * REQ-access-owner The owner of a new item: the active patient account with the body's e-mail, whose name and patient id the
 * body may repeat but not contradict (`resolveItemOwner`; 400 otherwise).
 */
async function ownerFor(
  tx: StoreTx,
  body: { readonly patientEmail: string; readonly patientName?: string; readonly patientId?: string },
): Promise<Result<ItemOwner>> {
  const account = body.patientEmail.trim() ? await tx.findUserByEmail(body.patientEmail) : undefined;
  return resolveItemOwner(body, account);
}

/**
 * A prescription written on an approval (the assistant's proposal) gets its owner as any new one does: the
 * patient account with its e-mail; a proposal for nobody the directory knows stays without owner (staff only).
 */
export async function withOwner(tx: StoreTx, prescription: Prescription): Promise<Prescription> {
  const owner = await ownerFor(tx, { patientEmail: prescription.patientEmail });
  if (!owner.ok) return prescription;
  return { ...prescription, ownerId: owner.value.ownerId, patientId: owner.value.patientId };
}

/**
 * REQ-access-owner The item with this id, if the viewer may see it. The audit row tells the two refusals
 * apart.
 */
async function findVisible<C extends Collection>(
  tx: StoreTx,
  collection: C,
  id: string,
  viewer: CurrentUser,
  audit: (detail: AuditDetail) => void,
): Promise<Result<EntityOf[C]>> {
  const item = await tx.get(collection, id);
  if (!item) {
    audit({ reason: 'no item with this id' });
    return notFound();
  }
  audit({ patientId: ownerOf(item) });
  if (visibleTo([item], viewer).length === 0) {
    audit({ reason: 'not the viewer’s own item (REQ-access-owner)' });
    return notFound();
  }
  return ok(item);
}

/**
 * REQ-kb-fga What a viewer receives of a list. For a patient the database narrows the rows to those their
 * account owns, and the domain's `visibleTo` decides on what comes back.
 */
async function listFor<C extends Collection>(
  tx: StoreTx,
  collection: C,
  viewer: CurrentUser,
  audit: (detail: AuditDetail) => void,
) {
  const patient = viewer.role === 'patient';
  const rows = await tx.list(collection, patient ? { ownerId: viewer.sub } : undefined);
  const visible = visibleTo(rows, viewer).map((item) => redactForViewer(item, viewer));
  audit({
    reason: patient ? `own items only: ${visible.length}` : `all items: ${visible.length}`,
    patientId: patient ? (viewer.patient_id ?? null) : null,
  });
  return ok({ items: visible });
}

/** Keys of a partial update that were actually given. */
const givenFields = <T extends object>(patch: T): Partial<T> =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;

export const clinicalRoutes = {
  listAppointments: ({ tx, caller, audit }) => listFor(tx, 'appointments', caller.user, audit),

  createAppointment: async ({ tx, caller, body, audit }) => {
    const owner = await ownerFor(tx, body);
    if (!owner.ok) return owner;
    const { ownerId, patientEmail, patientName } = owner.value;
    const created = createAppointment(
      { ...body, ownerId, patientEmail, patientName },
      { id: await tx.nextId('apt'), permissions: caller.user.permissions },
    );
    if (!created.ok) return created;
    await tx.insert('appointments', created.value);
    audit({ resourceId: created.value.id, patientId: ownerOf(created.value) });
    return ok(created.value);
  },

  updateAppointmentStatus: async ({ tx, caller, params, body, audit }) => {
    const found = await findVisible(tx, 'appointments', params.id, caller.user, audit);
    if (!found.ok) return found;
    const updated = setAppointmentStatus(found.value, body.status, caller.user.permissions);
    if (!updated.ok) return updated;
    await tx.replace('appointments', updated.value);
    audit({ reason: `status ${found.value.status} -> ${updated.value.status}` });
    return ok(redactForViewer(updated.value, caller.user));
  },

  deleteAppointment: async ({ tx, caller, params, audit }) => {
    const allowed = canDeleteAppointment(caller.user.permissions);
    if (!allowed.ok) return allowed;
    const found = await findVisible(tx, 'appointments', params.id, caller.user, audit);
    if (!found.ok) return found;
    await tx.remove('appointments', params.id);
    return ok(undefined);
  },

  listRecords: async ({ tx, caller, now, audit }) => {
    const listed = await listFor(tx, 'records', caller.user, audit);
    // Record confidentiality (REQ-rec-confidentiality): records above the caller's care relationship are left out, uncounted.
    const items = await readableRecords(tx, caller, listed.value.items, now);
    if (items.length < listed.value.items.length) audit({ reason: `readable items: ${items.length}` });
    return ok({ items });
  },

  createRecord: async ({ tx, caller, body, audit }) => {
    const owner = await ownerFor(tx, body);
    if (!owner.ok) return owner;
    const { vitals, ...fields } = body;
    const record: MedicalRecord = {
      id: await tx.nextId('rec'),
      ...fields,
      ...owner.value,
      doctor: caller.user.name,
      status: 'active',
      ...(vitals ? { vitals } : {}),
    };
    await tx.insert('records', record);
    audit({ resourceId: record.id, patientId: ownerOf(record) });
    return ok(redactForViewer(record, caller.user));
  },

  getRecord: async ({ tx, caller, params, now, audit }) => {
    const found = await findVisible(tx, 'records', params.id, caller.user, audit);
    if (!found.ok) return found;
    const open = canOpenRecord(found.value, caller.user);
    if (!open.ok) {
      audit({ reason: 'record opening refused: not the viewer’s own record (REQ-rec-open-own)' });
      return open;
    }
    const level = await checkRecordRead(tx, caller, found.value, now, audit);
    if (!level.ok) return level;
    return ok(redactForViewer(found.value, caller.user));
  },

  updateRecord: async ({ tx, caller, params, body, now, audit }) => {
    const found = await findVisible(tx, 'records', params.id, caller.user, audit);
    if (!found.ok) return found;
    const readable = await checkRecordRead(tx, caller, found.value, now, audit);
    if (!readable.ok) return readable;
    const level = await checkLevelChange(tx, caller, found.value, body, now);
    if (!level.ok) return level;
    // The reason goes to the audit row, not into the record.
    const changes = givenFields({ ...body, reason: undefined });
    const updated: MedicalRecord = { ...found.value, ...changes };
    await tx.replace('records', updated);
    audit({ reason: updateAuditReason(readable.value, Object.keys(changes), level.value) });
    return ok(redactForViewer(updated, caller.user));
  },

  listPrescriptions: ({ tx, caller, audit }) => listFor(tx, 'prescriptions', caller.user, audit),

  createPrescription: async ({ tx, caller, body, now, audit }) => {
    const owner = await ownerFor(tx, body);
    if (!owner.ok) return owner;
    const prescription = createPrescription(
      { ...body, ...owner.value },
      { id: await tx.nextId('rx'), now, prescriber: caller.user.name },
    );
    await tx.insert('prescriptions', prescription);
    audit({ resourceId: prescription.id, patientId: ownerOf(prescription) });
    return ok(redactForViewer(prescription, caller.user));
  },

  refillPrescription: async ({ tx, caller, params, audit }) => {
    const found = await findVisible(tx, 'prescriptions', params.id, caller.user, audit);
    if (!found.ok) return found;
    const refilled = refill(found.value, caller.user.permissions);
    if (!refilled.ok) return refilled;
    await tx.replace('prescriptions', refilled.value);
    audit({ reason: `refills used ${refilled.value.refillsUsed} of ${refilled.value.refillsAllowed}` });
    return ok(redactForViewer(refilled.value, caller.user));
  },
} satisfies Partial<RouteImpls>;
