import { describe, expect, it } from 'vitest';
import { canOpenRecord, isOwnItem, redactForViewer, visibleTo } from './ownership';
import { PERMISSION_ALERTS } from './texts';

const jane = {
  role: 'patient' as const,
  email: 'jane.doe@example.com',
  name: 'Jane Doe',
  patient_id: 'P-000001',
  permissions: ['read:profile'],
};
const doctor = {
  role: 'doctor' as const,
  email: 'dr.alice.smith@example.com',
  name: 'Dr. Alice Smith',
  permissions: ['read:patients'],
};
const items = [
  { id: 'a', patientEmail: 'JANE.DOE@example.com', patientName: 'Someone', patientId: 'P-999999' },
  { id: 'b', patientEmail: '', patientName: 'jane doe', patientId: '' },
  { id: 'c', patientEmail: '', patientName: '', patientId: 'P-000001' },
  { id: 'd', patientEmail: 'john.roe@example.com', patientName: 'John Roe', patientId: 'P-000002' },
];

describe('patients see only their own data (§6)', () => {
  it('matches own items by e-mail, name or patient id, case-insensitively', () => {
    expect(visibleTo(items, jane).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });
  it('never matches on empty fields', () => {
    expect(
      isOwnItem(
        { patientEmail: '', patientName: '', patientId: '' },
        { email: '', name: '', patient_id: undefined },
      ),
    ).toBe(false);
  });
  it('lets doctors and admins see every item', () => {
    expect(visibleTo(items, doctor)).toHaveLength(4);
  });
  it("blanks patient names for a patient viewer so another patient's name never shows", () => {
    expect(redactForViewer(items[3]!, jane).patientName).toBe('');
    expect(redactForViewer(items[3]!, doctor).patientName).toBe('John Roe');
  });
});

describe('record opening (§5)', () => {
  it('lets a patient open a record with their own e-mail', () => {
    expect(canOpenRecord({ patientEmail: 'jane.doe@example.com' }, jane).ok).toBe(true);
  });
  it("refuses another patient's record with the spec's alert", () => {
    const r = canOpenRecord({ patientEmail: 'john.roe@example.com' }, jane);
    expect(!r.ok && r.error.message).toBe(PERMISSION_ALERTS.ownRecordsOnly);
  });
  it('lets anyone holding read:patients open any record', () => {
    expect(canOpenRecord({ patientEmail: 'john.roe@example.com' }, doctor).ok).toBe(true);
  });
});
