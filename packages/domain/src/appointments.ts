/** Appointment rules: REQ-appt (the screen, statuses, form), REQ-access-write-appointments, REQ-access-delete-records. */
import type { Appointment, AppointmentStatus } from './entities';
import { fail, ok, type Result } from './result';
import { APPOINTMENT_TEXTS, PERMISSION_ALERTS } from './texts';

export type AppointmentInput = Partial<
  Pick<
    Appointment,
    'patientName' | 'patientEmail' | 'doctorName' | 'date' | 'time' | 'type' | 'notes' | 'ownerId'
  >
>;

/**
 * REQ-appt-form, REQ-access: creating needs write:appointments. There is no required-field validation:
 * missing values become empty strings. A new appointment starts as scheduled.
 */
export function createAppointment(
  input: AppointmentInput,
  ctx: { id: string; permissions: readonly string[] },
): Result<Appointment> {
  if (!ctx.permissions.includes('write:appointments'))
    return fail('forbidden', PERMISSION_ALERTS.createAppointments);
  return ok({
    id: ctx.id,
    patientName: input.patientName ?? '',
    patientEmail: input.patientEmail ?? '',
    doctorName: input.doctorName ?? '',
    date: input.date ?? '',
    time: input.time ?? '',
    type: input.type ?? '',
    status: 'scheduled',
    notes: input.notes ?? '',
    ...(input.ownerId ? { ownerId: input.ownerId } : {}),
  });
}

/**
 * REQ-appt-status-change: Confirm and Complete set the status directly, with no order enforced. Needs
 * write:appointments.
 */
export function setAppointmentStatus(
  appointment: Appointment,
  status: AppointmentStatus,
  permissions: readonly string[],
): Result<Appointment> {
  if (!permissions.includes('write:appointments'))
    return fail('forbidden', PERMISSION_ALERTS.updateAppointments);
  return ok({ ...appointment, status });
}

/** REQ-access: deleting an appointment needs delete:records. */
export function canDeleteAppointment(permissions: readonly string[]): Result<true> {
  return permissions.includes('delete:records')
    ? ok(true)
    : fail('forbidden', PERMISSION_ALERTS.deleteAppointments);
}

/** REQ-appt-actions: the Actions column shows only if the user holds write:appointments or delete:records. */
export function showsAppointmentActions(permissions: readonly string[]): boolean {
  return permissions.includes('write:appointments') || permissions.includes('delete:records');
}

/**
 * REQ-appt-status-change: the actions a row offers: Confirm and Complete (no cancel action is visible), and
 * Delete.
 */
export function appointmentRowActions(
  appointment: Pick<Appointment, 'status'>,
  permissions: readonly string[],
): ('confirm' | 'complete' | 'delete')[] {
  const actions: ('confirm' | 'complete' | 'delete')[] = [];
  if (permissions.includes('write:appointments')) {
    if (appointment.status !== 'confirmed') actions.push('confirm');
    if (appointment.status !== 'completed') actions.push('complete');
  }
  if (permissions.includes('delete:records')) actions.push('delete');
  return actions;
}

/** REQ-appt-badges Badge tones: scheduled yellow, confirmed blue, completed green, cancelled red. */
export const APPOINTMENT_STATUS_TONE = {
  scheduled: 'caution',
  confirmed: 'info',
  completed: 'positive',
  cancelled: 'critical',
} as const satisfies Record<AppointmentStatus, string>;

/** REQ-appt-tiles Summary tiles: Total, Scheduled, Confirmed, Completed. */
export function appointmentSummary(list: readonly Pick<Appointment, 'status'>[]) {
  const count = (s: AppointmentStatus) => list.filter((a) => a.status === s).length;
  return {
    total: list.length,
    scheduled: count('scheduled'),
    confirmed: count('confirmed'),
    completed: count('completed'),
  };
}

/** REQ-appt: 'My Appointments' for patients, otherwise 'Appointment Management'. */
export const appointmentsTitle = (role: string) =>
  role === 'patient' ? APPOINTMENT_TEXTS.titlePatient : APPOINTMENT_TEXTS.titleOther;
