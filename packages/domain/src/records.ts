/** Medical-record screen rules: REQ-rec (the screen), REQ-access-write-patients, REQ-access-names-hidden. */
import type { MedicalRecord, RecordType } from './entities';
import { RECORD_TYPES } from './entities';
import { RECORD_TEXTS } from './texts';

/** REQ-rec: 'My Medical Records' for patients, 'Patient Medical Records' for others. */
export const recordsTitle = (role: string) =>
  role === 'patient' ? RECORD_TEXTS.titlePatient : RECORD_TEXTS.titleOther;

/** REQ-rec-type-filter Type filter: all plus every record type. */
export const RECORD_FILTERS = ['all', ...RECORD_TYPES] as const;
export type RecordFilter = (typeof RECORD_FILTERS)[number];

/** REQ-rec-search: text search over title, description and patient name, then the type filter. */
export function filterRecords<
  T extends Pick<MedicalRecord, 'title' | 'description' | 'patientName' | 'recordType'>,
>(records: readonly T[], search: string, type: RecordFilter): T[] {
  const q = search.trim().toLowerCase();
  return records.filter(
    (r) =>
      (type === 'all' || r.recordType === type) &&
      (!q || [r.title, r.description, r.patientName].some((f) => f.toLowerCase().includes(q))),
  );
}

/** REQ-rec-tiles Stat tiles: Total Records, Diagnoses, Lab Results, Prescriptions, Visit Notes. */
export function recordStats(records: readonly Pick<MedicalRecord, 'recordType'>[]) {
  const count = (t: RecordType) => records.filter((r) => r.recordType === t).length;
  return {
    total: records.length,
    diagnoses: count('diagnosis'),
    labResults: count('lab-result'),
    prescriptions: count('prescription'),
    visitNotes: count('visit-note'),
  };
}

/** REQ-rec-details, REQ-access-write-patients: New Record and Edit Record show only with write:patients. */
export const canWriteRecords = (permissions: readonly string[]) => permissions.includes('write:patients');

/** REQ-rec-card: the patient name on a record card is hidden for patients. */
export const showsPatientName = (role: string) => role !== 'patient';
