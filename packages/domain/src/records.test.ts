import { describe, expect, it } from 'vitest';
import { canWriteRecords, filterRecords, recordStats, recordsTitle, showsPatientName } from './records';
import { DEFAULT_PERMISSIONS } from './roles';
import { RECORD_TEXTS } from './texts';

const records = [
  {
    id: '1',
    recordType: 'diagnosis',
    title: 'Type 2 diabetes',
    description: 'A1C 7.1%',
    patientName: 'Jane Doe',
  },
  {
    id: '2',
    recordType: 'lab-result',
    title: 'Lipid panel',
    description: 'LDL 96 mg/dL',
    patientName: 'John Roe',
  },
  {
    id: '3',
    recordType: 'visit-note',
    title: 'Follow-up',
    description: 'Discussed diabetes diet',
    patientName: 'Jane Doe',
  },
  { id: '4', recordType: 'imaging', title: 'Chest X-ray', description: 'Clear', patientName: 'John Roe' },
  { id: '5', recordType: 'prescription', title: 'Metformin', description: '500 mg', patientName: 'Jane Doe' },
] as const;

describe('medical records screen (REQ-rec)', () => {
  it('searches title, description and patient name', () => {
    expect(filterRecords(records, 'diabetes', 'all').map((r) => r.id)).toEqual(['1', '3']);
    expect(filterRecords(records, 'ldl', 'all').map((r) => r.id)).toEqual(['2']);
    expect(filterRecords(records, 'john', 'all').map((r) => r.id)).toEqual(['2', '4']);
  });
  it('filters by type', () => {
    expect(filterRecords(records, '', 'imaging').map((r) => r.id)).toEqual(['4']);
    expect(filterRecords(records, 'diabetes', 'visit-note').map((r) => r.id)).toEqual(['3']);
  });
  it('counts Total Records, Diagnoses, Lab Results, Prescriptions and Visit Notes', () => {
    expect(recordStats(records)).toEqual({
      total: 5,
      diagnoses: 1,
      labResults: 1,
      prescriptions: 1,
      visitNotes: 1,
    });
  });
  it('shows New Record and Edit Record only with write:patients', () => {
    expect(canWriteRecords(DEFAULT_PERMISSIONS.doctor)).toBe(true);
    expect(canWriteRecords(DEFAULT_PERMISSIONS.patient)).toBe(false);
  });
  it('hides the patient name for patients and titles the screen by role', () => {
    expect(showsPatientName('patient')).toBe(false);
    expect(showsPatientName('doctor')).toBe(true);
    expect(recordsTitle('patient')).toBe(RECORD_TEXTS.titlePatient);
    expect(recordsTitle('admin')).toBe(RECORD_TEXTS.titleOther);
  });
});
