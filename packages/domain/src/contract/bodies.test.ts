import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES } from '../entities';
import {
  AppointmentCreateSchema,
  AppointmentStatusUpdateSchema,
  PrescriptionCreateSchema,
  RecordCreateSchema,
  RecordUpdateSchema,
  UserCreateSchema,
  UserUpdateSchema,
} from './bodies';

const accepts = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('AppointmentCreate (REQ-appt-form, REQ-appt-new)', () => {
  it('an empty form is accepted and every missing value becomes an empty string', () => {
    expect(AppointmentCreateSchema.parse({})).toStrictEqual({
      patientName: '',
      patientEmail: '',
      doctorName: '',
      date: '',
      time: '',
      type: '',
      notes: '',
    });
  });

  it('a filled form is kept as given', () => {
    const form = {
      patientName: 'Jane Doe',
      patientEmail: 'jane.doe@example.com',
      doctorName: 'Dr. Alice Smith',
      date: '2026-08-03',
      time: '09:30',
      type: 'follow-up',
      notes: 'Review HbA1c.',
    } as const;
    expect(AppointmentCreateSchema.parse(form)).toStrictEqual(form);
  });

  it('the status cannot be set on create: a new appointment starts scheduled', () => {
    expect(accepts(AppointmentCreateSchema, { status: 'confirmed' })).toBe(false);
  });

  it('an id chosen by the client is refused', () => {
    expect(accepts(AppointmentCreateSchema, { id: 'apt-1' })).toBe(false);
  });

  it.each([
    ['a date not in YYYY-MM-DD', { date: '03/08/2026' }],
    ['an impossible date', { date: '2026-02-30' }],
    ['a time not in HH:MM', { time: '9:30' }],
    ['an hour past 23', { time: '24:00' }],
    ['a type outside the list', { type: 'surgery' }],
    ['a patient e-mail that is not an address', { patientEmail: 'jane' }],
    ['notes over 5000 characters', { notes: 'n'.repeat(5_001) }],
    ['a number where text belongs', { patientName: 42 }],
  ])('refuses %s', (_label, body) => {
    expect(accepts(AppointmentCreateSchema, body)).toBe(false);
  });
});

describe('AppointmentStatusUpdate (REQ-appt-statuses)', () => {
  it.each(APPOINTMENT_STATUSES)('accepts the status %s', (status) => {
    expect(AppointmentStatusUpdateSchema.parse({ status })).toStrictEqual({ status });
  });

  it('refuses an unknown status, a missing status and extra keys', () => {
    expect(accepts(AppointmentStatusUpdateSchema, { status: 'deleted' })).toBe(false);
    expect(accepts(AppointmentStatusUpdateSchema, {})).toBe(false);
    expect(accepts(AppointmentStatusUpdateSchema, { status: 'confirmed', notes: 'x' })).toBe(false);
  });
});

describe('RecordCreate (REQ-data-record)', () => {
  const minimal = {
    recordType: 'diagnosis',
    title: 'Type 2 diabetes',
    patientEmail: 'jane.doe@example.com',
    date: '2026-07-01',
  };

  it('a minimal record gets normal confidentiality and empty optional texts', () => {
    expect(RecordCreateSchema.parse(minimal)).toStrictEqual({
      ...minimal,
      description: '',
      patientName: '',
      patientId: '',
      confidentialityLevel: 'normal',
    });
  });

  it('vitals within the limits are accepted', () => {
    const vitals = { bloodPressure: '120/80', heartRate: 70, temperature: 98.6, weight: 70, height: 170 };
    expect(RecordCreateSchema.parse({ ...minimal, vitals }).vitals).toStrictEqual(vitals);
  });

  it.each([
    ['a missing title', { title: undefined }],
    ['a blank title', { title: '   ' }],
    ['a missing patient e-mail', { patientEmail: undefined }],
    ['a patient e-mail that is not an address', { patientEmail: 'jane' }],
    ['an unknown record type', { recordType: 'x-ray' }],
    ['a confidentiality level outside the list', { confidentialityLevel: 'secret' }],
    ['the doctor (set by the server)', { doctor: 'Dr. Evil' }],
    ['the status (always active)', { status: 'active' }],
    ['an unknown vitals key', { vitals: { spo2: 98 } }],
    ['a heart rate out of range', { vitals: { heartRate: 400 } }],
    ['a title over 300 characters', { title: 't'.repeat(301) }],
  ])('refuses %s', (_label, change) => {
    expect(accepts(RecordCreateSchema, { ...minimal, ...change })).toBe(false);
  });
});

describe('RecordUpdate', () => {
  it('a change of editable fields is accepted', () => {
    expect(RecordUpdateSchema.parse({ title: ' Revised ', confidentialityLevel: 'sensitive' })).toStrictEqual(
      {
        title: 'Revised',
        confidentialityLevel: 'sensitive',
      },
    );
  });

  it('an update that changes nothing is refused', () => {
    const result = RecordUpdateSchema.safeParse({});
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Give at least one field to update.');
    expect(accepts(RecordUpdateSchema, { title: undefined })).toBe(false);
  });

  it('the patient a record belongs to cannot be changed', () => {
    expect(accepts(RecordUpdateSchema, { patientEmail: 'john.roe@example.com' })).toBe(false);
    expect(accepts(RecordUpdateSchema, { patientName: 'John Roe' })).toBe(false);
    expect(accepts(RecordUpdateSchema, { patientId: 'P-200002' })).toBe(false);
  });
});

describe('PrescriptionCreate (REQ-rx-form, REQ-rx-refills-allowed)', () => {
  it('an empty form is allowed: empty texts, no refills, no side effects', () => {
    expect(PrescriptionCreateSchema.parse({})).toStrictEqual({
      patientName: '',
      patientEmail: '',
      medication: '',
      dosage: '',
      frequency: '',
      duration: '',
      instructions: '',
      refillsAllowed: 0,
      sideEffects: [],
      interactions: [],
    });
  });

  it.each([
    [3, 3],
    ['3', 3],
    ['abc', 0],
    [15, 10],
    [-2, 0],
    [null, 0],
  ])('Refills Allowed %j becomes %i', (given, expected) => {
    expect(PrescriptionCreateSchema.parse({ refillsAllowed: given }).refillsAllowed).toBe(expected);
  });

  it('a full form keeps the pharmacy, side effects and interactions', () => {
    const parsed = PrescriptionCreateSchema.parse({
      patientName: 'Jane Doe',
      patientEmail: 'jane.doe@example.com',
      medication: 'Metformin',
      dosage: '500 mg',
      frequency: 'Twice daily',
      duration: '30 days',
      instructions: 'Take with meals.',
      refillsAllowed: 2,
      pharmacy: 'Main Street Pharmacy',
      sideEffects: ['Nausea'],
      interactions: ['Alcohol'],
    });
    expect(parsed.pharmacy).toBe('Main Street Pharmacy');
    expect(parsed.sideEffects).toStrictEqual(['Nausea']);
  });

  it.each([
    ['the prescriber (the signed-in user)', { prescribedBy: 'Dr. Evil' }],
    ['the status (starts active)', { status: 'completed' }],
    ['refills already used', { refillsUsed: 5 }],
    ['the patient ID (derived by the server)', { patientId: 'P-123456' }],
    ['a frequency outside the list', { frequency: 'Hourly' }],
    ['a patient e-mail that is not an address', { patientEmail: 'not-an-email' }],
    ['more than 50 side effects', { sideEffects: Array.from({ length: 51 }, (_, i) => `effect ${i}`) }],
    ['a side effect that is not text', { sideEffects: [1] }],
  ])('refuses %s', (_label, body) => {
    expect(accepts(PrescriptionCreateSchema, body)).toBe(false);
  });
});

describe('UserCreate (REQ-data-new-user-form)', () => {
  it('role defaults to patient and the optional texts to empty', () => {
    expect(UserCreateSchema.parse({ name: 'John Roe', email: 'john.roe@example.com' })).toStrictEqual({
      name: 'John Roe',
      email: 'john.roe@example.com',
      role: 'patient',
      phone: '',
      department: '',
      specialization: '',
    });
  });

  it.each([
    ['a missing e-mail', { name: 'John Roe' }],
    ['an unknown role', { name: 'John Roe', email: 'john.roe@example.com', role: 'superuser' }],
    ['an id', { name: 'John Roe', email: 'john.roe@example.com', id: '1' }],
    ['a status', { name: 'John Roe', email: 'john.roe@example.com', status: 'suspended' }],
    ['an unknown permission', { name: 'John Roe', email: 'john.roe@example.com', permissions: ['root'] }],
  ])('refuses %s', (_label, body) => {
    expect(accepts(UserCreateSchema, body)).toBe(false);
  });
});

describe('UserUpdate (REQ-users-suspend, REQ-users-activate, REQ-users-no-inactive)', () => {
  it('suspend and activate are accepted', () => {
    expect(UserUpdateSchema.parse({ status: 'suspended' })).toStrictEqual({ status: 'suspended' });
    expect(UserUpdateSchema.parse({ status: 'active' })).toStrictEqual({ status: 'active' });
  });

  it('a role change with department details is accepted', () => {
    expect(
      accepts(UserUpdateSchema, { role: 'doctor', department: 'Cardiology', specialization: 'cardiology' }),
    ).toBe(true);
  });

  it('a transition to inactive is not offered', () => {
    expect(accepts(UserUpdateSchema, { status: 'inactive' })).toBe(false);
  });

  it('permissions cannot be granted through an update', () => {
    expect(accepts(UserUpdateSchema, { role: 'patient', permissions: ['manage:users'] })).toBe(false);
  });

  it('an empty update and an overlong phone are refused', () => {
    expect(accepts(UserUpdateSchema, {})).toBe(false);
    expect(accepts(UserUpdateSchema, { phone: '1'.repeat(41) })).toBe(false);
  });
});
