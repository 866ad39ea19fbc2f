import { describe, expect, it } from 'vitest';
import { PrescriptionSchema, type Prescription } from './entities';
import {
  canCreatePrescription,
  canShowRefill,
  coerceRefillsAllowed,
  createPrescription,
  filterPrescriptions,
  newPrescriptionDates,
  prescriberName,
  prescriptionStats,
  prescriptionsTitle,
  refill,
  refillsRemaining,
} from './prescriptions';
import { DEFAULT_PERMISSIONS } from './roles';
import { PERMISSION_ALERTS, PRESCRIPTION_TEXTS } from './texts';

const now = new Date('2026-11-02T14:30:00.123Z');
const doctor = DEFAULT_PERMISSIONS.doctor;
const form = {
  patientName: 'Jane Doe',
  patientEmail: 'jane.doe@example.com',
  medication: 'Metformin',
  dosage: '500 mg',
  frequency: 'Twice daily' as const,
  duration: '30 days',
  instructions: 'With meals',
  refillsAllowed: '2',
};
const make = (overrides: Partial<Prescription> = {}): Prescription => ({
  ...createPrescription(form, { id: 'rx1', now, prescriber: 'Dr. Alice Smith' }),
  ...overrides,
});

describe('refills allowed (REQ-rx-refills-allowed)', () => {
  it.each([
    [3, 3],
    ['7', 7],
    [' 4 ', 4],
    ['abc', 0],
    ['', 0],
    [null, 0],
    [undefined, 0],
    [NaN, 0],
    [Infinity, 0],
    [-2, 0],
    [11, 10],
    ['99', 10],
    [2.7, 2],
  ])('turns %j into %j', (input, expected) => {
    expect(coerceRefillsAllowed(input)).toBe(expected);
  });
});

describe('a new prescription (REQ-rx-new, REQ-limit-new-prescription)', () => {
  it('starts active, with refillsUsed 0, dated today, ending 720 hours later, by the signed-in user', () => {
    const p = make();
    expect(p).toMatchObject({
      status: 'active',
      refillsUsed: 0,
      refillsAllowed: 2,
      prescribedDate: '2026-11-02',
      startDate: '2026-11-02',
      endDate: '2026-12-02',
      prescribedBy: 'Dr. Alice Smith',
      sideEffects: [],
      interactions: [],
    });
    expect(PrescriptionSchema.safeParse(p).success).toBe(true);
  });
  it("falls back to 'Dr. Unknown' as prescriber", () => {
    expect(prescriberName(undefined)).toBe('Dr. Unknown');
    expect(prescriberName('   ')).toBe('Dr. Unknown');
    expect(createPrescription(form, { id: 'x', now, prescriber: undefined }).prescribedBy).toBe(
      'Dr. Unknown',
    );
  });
  it('takes the patient ID of the owner account, never one made from the clock', () => {
    expect(
      createPrescription(
        { ...form, ownerId: 'auth0|sentinel-patient-000002', patientId: 'P-000001' },
        { id: 'x', now, prescriber: 'A' },
      ),
    ).toMatchObject({ ownerId: 'auth0|sentinel-patient-000002', patientId: 'P-000002' });
    expect(make().patientId).toBe('');
    expect(make()).not.toHaveProperty('ownerId');
    expect(
      createPrescription(
        { ...form, patientId: 'P-000001', pharmacy: 'Main St' },
        { id: 'x', now, prescriber: 'A' },
      ),
    ).toMatchObject({
      patientId: 'P-000001',
      pharmacy: 'Main St',
    });
  });
  it('crosses month ends correctly for the 30-day end date', () => {
    expect(newPrescriptionDates(new Date('2026-01-31T10:00:00Z')).endDate).toBe('2026-03-02');
  });
  it('needs write:prescriptions to create', () => {
    expect(canCreatePrescription(doctor).ok).toBe(true);
    const r = canCreatePrescription(DEFAULT_PERMISSIONS.patient);
    expect(!r.ok && r.error.message).toBe(PERMISSION_ALERTS.createPrescriptions);
  });
});

describe('refills (REQ-rx-refill-limit, REQ-rx-refill-button)', () => {
  it('raises refillsUsed by one while below refillsAllowed, then refuses', () => {
    const first = refill(make({ refillsAllowed: 2 }), doctor);
    expect(first.ok && first.value.refillsUsed).toBe(1);
    const second = first.ok ? refill(first.value, doctor) : first;
    expect(second.ok && second.value.refillsUsed).toBe(2);
    const third = second.ok ? refill(second.value, doctor) : second;
    expect(!third.ok && third.error.code).toBe('conflict');
  });
  it('refuses without write:prescriptions', () => {
    const r = refill(make(), DEFAULT_PERMISSIONS.patient);
    expect(!r.ok && r.error.message).toBe(PERMISSION_ALERTS.processRefills);
  });
  it('refuses a prescription that is not active', () => {
    const r = refill(make({ status: 'expired' }), doctor);
    expect(!r.ok && r.error.message).toMatch(/active/);
  });
  it('shows the Refill button only with write:prescriptions, an active status and refills remaining', () => {
    expect(canShowRefill(make(), doctor)).toBe(true);
    expect(canShowRefill(make(), DEFAULT_PERMISSIONS.patient)).toBe(false);
    expect(canShowRefill(make({ status: 'completed' }), doctor)).toBe(false);
    expect(canShowRefill(make({ refillsUsed: 2 }), doctor)).toBe(false);
  });
  it('never counts negative refills remaining', () => {
    expect(refillsRemaining({ refillsAllowed: 1, refillsUsed: 3 })).toBe(0);
  });
});

describe('prescriptions screen (REQ-rx)', () => {
  const list = [
    make({ id: '1', medication: 'Metformin', refillsAllowed: 3, refillsUsed: 1 }),
    make({
      id: '2',
      medication: 'Lisinopril',
      patientName: 'John Roe',
      status: 'completed',
      refillsAllowed: 1,
      refillsUsed: 0,
    }),
    make({
      id: '3',
      medication: 'Amoxicillin',
      prescribedBy: 'Dr. Ben Carter',
      status: 'cancelled',
      refillsAllowed: 0,
    }),
  ];
  it('computes Total, Active, Completed and Refills Available (sum of allowed minus used)', () => {
    expect(prescriptionStats(list)).toEqual({ total: 3, active: 1, completed: 1, refillsAvailable: 3 });
  });
  it('searches medication, patient name and prescriber, and filters by status', () => {
    expect(filterPrescriptions(list, 'lisin', 'all').map((p) => p.id)).toEqual(['2']);
    expect(filterPrescriptions(list, 'john', 'all').map((p) => p.id)).toEqual(['2']);
    expect(filterPrescriptions(list, 'carter', 'all').map((p) => p.id)).toEqual(['3']);
    expect(filterPrescriptions(list, '', 'active').map((p) => p.id)).toEqual(['1']);
    expect(filterPrescriptions(list, 'metformin', 'expired')).toEqual([]);
  });
  it('titles the screen for patients and for others', () => {
    expect(prescriptionsTitle('patient')).toBe(PRESCRIPTION_TEXTS.titlePatient);
    expect(prescriptionsTitle('admin')).toBe(PRESCRIPTION_TEXTS.titleOther);
  });
});
