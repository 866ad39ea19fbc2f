/**
 * Appointments, medical records and prescriptions (§2, §4, §6) on the store. The same policy as the mock API
 * (packages/mocks clinical.ts), decided by the same domain functions: patients get only their own items with
 * other patients' names blanked, and asking for someone else's item by id answers 404 exactly like an id that
 * does not exist.
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
  setAppointmentStatus,
  visibleTo,
  type CurrentUser,
  type MedicalRecord,
  type Result,
} from '@sentinel/domain';
import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import type { AuditDetail, RouteImpls } from '../routes';
import type { Collection, EntityOf, StoreTx } from '../store/types';

/** The 404 of an item the caller may not see or that does not exist: one answer for both. */
export const notFound = () => fail('not_found', DEFAULT_ERROR_MESSAGES.not_found);

type Owned = { patientEmail: string; patientId?: string };

/** The patient an item belongs to, for the audit trail: by its id, else by the patient account's e-mail. */
export async function ownerOf(tx: StoreTx, item: Owned): Promise<string | null> {
  if (item.patientId) return item.patientId;
  const account = item.patientEmail ? await tx.findUserByEmail(item.patientEmail) : undefined;
  return ownerPatientIdOf(item, account ? [account] : []);
}

/** §6 The item with this id, if the viewer may see it. The audit row tells the two refusals apart. */
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
  audit({ patientId: await ownerOf(tx, item) });
  if (visibleTo([item], viewer).length === 0) {
    audit({ reason: 'not the viewer’s own item (§6 ownership)' });
    return notFound();
  }
  return ok(item);
}

/**
 * §6 What a viewer receives of a list. For a patient the database narrows the rows to their e-mail, name or
 * patient id, and the domain's `visibleTo` decides on what comes back.
 */
async function listFor<C extends Collection>(
  tx: StoreTx,
  collection: C,
  viewer: CurrentUser,
  audit: (detail: AuditDetail) => void,
) {
  const patient = viewer.role === 'patient';
  const rows = await tx.list(
    collection,
    patient ? { email: viewer.email, name: viewer.name, patientId: viewer.patient_id } : undefined,
  );
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
    const created = createAppointment(body, {
      id: await tx.nextId('apt'),
      permissions: caller.user.permissions,
    });
    if (!created.ok) return created;
    await tx.insert('appointments', created.value);
    audit({ resourceId: created.value.id, patientId: await ownerOf(tx, created.value) });
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

  listRecords: ({ tx, caller, audit }) => listFor(tx, 'records', caller.user, audit),

  createRecord: async ({ tx, caller, body, audit }) => {
    const { vitals, ...fields } = body;
    const record: MedicalRecord = {
      id: await tx.nextId('rec'),
      ...fields,
      // A record for a known patient carries their patient id, so ownership by id (§6) holds too.
      patientId:
        (await ownerOf(tx, { patientEmail: fields.patientEmail, patientId: fields.patientId })) ?? '',
      doctor: caller.user.name,
      status: 'active',
      ...(vitals ? { vitals } : {}),
    };
    await tx.insert('records', record);
    audit({ resourceId: record.id, patientId: record.patientId || null });
    return ok(redactForViewer(record, caller.user));
  },

  getRecord: async ({ tx, caller, params, audit }) => {
    const found = await findVisible(tx, 'records', params.id, caller.user, audit);
    if (!found.ok) return found;
    const open = canOpenRecord(found.value, caller.user);
    if (!open.ok) {
      audit({ reason: 'record opening refused: e-mail differs (§5 Record opening)' });
      return open;
    }
    return ok(redactForViewer(found.value, caller.user));
  },

  updateRecord: async ({ tx, caller, params, body, audit }) => {
    const found = await findVisible(tx, 'records', params.id, caller.user, audit);
    if (!found.ok) return found;
    const changes = givenFields(body);
    const updated: MedicalRecord = { ...found.value, ...changes };
    await tx.replace('records', updated);
    audit({ reason: `changed ${Object.keys(changes).sort().join(', ')}` });
    return ok(redactForViewer(updated, caller.user));
  },

  listPrescriptions: ({ tx, caller, audit }) => listFor(tx, 'prescriptions', caller.user, audit),

  createPrescription: async ({ tx, caller, body, now, audit }) => {
    const prescription = createPrescription(body, {
      id: await tx.nextId('rx'),
      now,
      prescriber: caller.user.name,
    });
    await tx.insert('prescriptions', prescription);
    audit({ resourceId: prescription.id, patientId: await ownerOf(tx, prescription) });
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
