import { describe, expect, it } from 'vitest';
import {
  APPOINTMENT_STATUS_TONE,
  appointmentRowActions,
  appointmentSummary,
  appointmentsTitle,
  canDeleteAppointment,
  createAppointment,
  setAppointmentStatus,
  showsAppointmentActions,
} from './appointments';
import { AppointmentSchema } from './entities';
import { DEFAULT_PERMISSIONS } from './roles';
import { APPOINTMENT_TEXTS, PERMISSION_ALERTS } from './texts';

const doctor = DEFAULT_PERMISSIONS.doctor;
const patient = DEFAULT_PERMISSIONS.patient;
const admin = DEFAULT_PERMISSIONS.admin;

describe('creating an appointment (REQ-appt-new, REQ-appt-form, REQ-access-write-appointments)', () => {
  it('starts scheduled and turns missing values into empty strings', () => {
    const r = createAppointment({ patientName: 'Jane Doe' }, { id: 'a1', permissions: doctor });
    expect(r.ok && r.value).toEqual({
      id: 'a1',
      patientName: 'Jane Doe',
      patientEmail: '',
      doctorName: '',
      date: '',
      time: '',
      type: '',
      status: 'scheduled',
      notes: '',
    });
    expect(r.ok && AppointmentSchema.safeParse(r.value).success).toBe(true);
  });
  it('needs write:appointments', () => {
    const r = createAppointment({}, { id: 'a1', permissions: patient });
    expect(!r.ok && r.error.message).toBe(PERMISSION_ALERTS.createAppointments);
  });
});

describe('changing status (REQ-appt-status-change)', () => {
  const base = createAppointment({}, { id: 'a1', permissions: doctor });
  if (!base.ok) throw new Error('fixture');
  it('sets the status directly, in any order', () => {
    const completed = setAppointmentStatus(base.value, 'completed', doctor);
    expect(completed.ok && completed.value.status).toBe('completed');
    const confirmed = completed.ok && setAppointmentStatus(completed.value, 'confirmed', doctor);
    expect(confirmed && confirmed.ok && confirmed.value.status).toBe('confirmed');
  });
  it('needs write:appointments', () => {
    const r = setAppointmentStatus(base.value, 'confirmed', patient);
    expect(!r.ok && r.error.message).toBe(PERMISSION_ALERTS.updateAppointments);
  });
  it('offers Confirm and Complete (never Cancel) to writers, and Delete only with delete:records', () => {
    expect(appointmentRowActions({ status: 'scheduled' }, doctor)).toEqual(['confirm', 'complete']);
    expect(appointmentRowActions({ status: 'confirmed' }, admin)).toEqual(['complete', 'delete']);
    expect(appointmentRowActions({ status: 'completed' }, doctor)).toEqual(['confirm']);
    expect(appointmentRowActions({ status: 'scheduled' }, patient)).toEqual([]);
  });
});

describe('deleting (REQ-access-delete-records)', () => {
  it('needs delete:records', () => {
    expect(canDeleteAppointment(admin).ok).toBe(true);
    const r = canDeleteAppointment(doctor);
    expect(!r.ok && r.error.message).toBe(PERMISSION_ALERTS.deleteAppointments);
  });
});

describe('appointments screen (REQ-appt)', () => {
  it('shows the Actions column only with write:appointments or delete:records', () => {
    expect(showsAppointmentActions(doctor)).toBe(true);
    expect(showsAppointmentActions(['delete:records'])).toBe(true);
    expect(showsAppointmentActions(patient)).toBe(false);
  });
  it('titles the screen for patients and for others', () => {
    expect(appointmentsTitle('patient')).toBe(APPOINTMENT_TEXTS.titlePatient);
    expect(appointmentsTitle('doctor')).toBe(APPOINTMENT_TEXTS.titleOther);
  });
  it('counts Total, Scheduled, Confirmed and Completed', () => {
    const list = [
      { status: 'scheduled' },
      { status: 'scheduled' },
      { status: 'confirmed' },
      { status: 'cancelled' },
    ] as const;
    expect(appointmentSummary(list)).toEqual({ total: 4, scheduled: 2, confirmed: 1, completed: 0 });
  });
  it('colours badges: scheduled yellow, confirmed blue, completed green, cancelled red', () => {
    expect(APPOINTMENT_STATUS_TONE).toEqual({
      scheduled: 'caution',
      confirmed: 'info',
      completed: 'positive',
      cancelled: 'critical',
    });
  });
});
