/**
 * Pure helpers of the medical records screen: display labels and badge tones for the REQ-data record types
 * and confidentiality levels, the screen's own texts (the spec gives none for them), and the create form's
 * conversion from typed text to the `POST /api/records` body with messages a person can act on.
 */
import { RETRY_LABEL } from '../ErrorState/ErrorState';
import {
  CONFIDENTIALITY_LEVELS,
  RECORD_FILTERS,
  RECORD_TYPES,
  RecordCreateSchema,
  fail,
  filterRecords,
  ok,
  parseWith,
  type MedicalRecord,
  type RecordFilter,
  type RecordType,
  type Result,
} from '@sentinel/domain';
import type { Tone } from '../theme/tokens';
import type { NewRecord } from './MedicalRecords.data';

export type ConfidentialityLevel = MedicalRecord['confidentialityLevel'];

export const RECORD_TYPE_LABELS: Readonly<Record<RecordType, string>> = {
  diagnosis: 'Diagnosis',
  'lab-result': 'Lab Result',
  prescription: 'Prescription',
  'visit-note': 'Visit Note',
  imaging: 'Imaging',
};

export const RECORD_FILTER_LABELS: Readonly<Record<RecordFilter, string>> = {
  all: 'All types',
  ...RECORD_TYPE_LABELS,
};

/** Narrows the select's value to one of the REQ-rec-type-filter type filters. */
export const isRecordFilter = (value: string): value is RecordFilter =>
  (RECORD_FILTERS as readonly string[]).includes(value);

export const CONFIDENTIALITY_LABELS: Readonly<Record<ConfidentialityLevel, string>> = {
  normal: 'Normal',
  sensitive: 'Sensitive',
  restricted: 'Restricted',
};

/** Confidentiality badges: normal neutral, sensitive caution, restricted critical (the badge text says which). */
export const CONFIDENTIALITY_TONES: Readonly<Record<ConfidentialityLevel, Tone>> = {
  normal: 'neutral',
  sensitive: 'caution',
  restricted: 'critical',
};

/**
 * Texts of this screen the spec leaves open (REQ-screen-edit-later "Edit Record ... action not shown"; form
 * labels). They live here until they are moved to the domain's texts.ts.
 */
export const RECORD_SCREEN_TEXTS = {
  editUnavailable: 'Editing records is not available yet.',
  searchLabel: 'Search records',
  searchPlaceholder: 'Search by title, description or patient...',
  filterLabel: 'Record type',
  statsLabel: 'Record summary',
  listLabel: 'Medical records',
  createTitle: 'New Medical Record',
  createSubmit: 'Create Record',
  cancel: 'Cancel',
  created: 'Medical record created.',
  vitalsLegend: 'Vitals (optional)',
  noVitals: 'No vitals recorded.',
  retry: RETRY_LABEL,
  loading: 'Loading medical records...',
  patientId: 'Patient ID',
  date: 'Date',
  doctor: 'Doctor',
  patient: 'Patient',
  description: 'Description',
  vitals: 'Vitals',
} as const;

/** The create form's labels, one per field of the body. */
export const RECORD_FORM_LABELS = {
  recordType: 'Record type',
  title: 'Title',
  description: 'Description',
  patientEmail: 'Patient email',
  patientName: 'Patient name',
  patientId: 'Patient ID',
  date: 'Date',
  confidentialityLevel: 'Confidentiality',
  bloodPressure: 'Blood pressure (mmHg)',
  heartRate: 'Heart rate (bpm)',
  temperature: 'Temperature (°F)',
  weight: 'Weight (kg)',
  height: 'Height (cm)',
} as const;

export const RECORD_TYPE_OPTIONS = RECORD_TYPES.map((value) => ({ value, label: RECORD_TYPE_LABELS[value] }));
export const CONFIDENTIALITY_OPTIONS = CONFIDENTIALITY_LEVELS.map((value) => ({
  value,
  label: CONFIDENTIALITY_LABELS[value],
}));

export const VITAL_FIELDS = ['bloodPressure', 'heartRate', 'temperature', 'weight', 'height'] as const;
export type VitalField = (typeof VITAL_FIELDS)[number];

/** What the form holds: text as typed, so an unfinished value is never lost. */
export type RecordFormValues = {
  recordType: string;
  title: string;
  description: string;
  patientEmail: string;
  patientName: string;
  patientId: string;
  date: string;
  confidentialityLevel: string;
} & Record<VitalField, string>;

export const emptyRecordForm = (today: string): RecordFormValues => ({
  recordType: 'diagnosis',
  title: '',
  description: '',
  patientEmail: '',
  patientName: '',
  patientId: '',
  date: today,
  confidentialityLevel: 'normal',
  bloodPressure: '',
  heartRate: '',
  temperature: '',
  weight: '',
  height: '',
});

/** Field errors by body path ('title', 'vitals.heartRate'), the same paths the server's 400 uses. */
export type RecordFieldErrors = Readonly<Record<string, string>>;

/** Messages that say what to type, for every field the contract checks. Other paths keep the schema's text. */
export const RECORD_FIELD_MESSAGES: Readonly<Record<string, string>> = {
  recordType: 'Choose a record type.',
  title: 'Enter a title.',
  description: 'The description is too long.',
  patientEmail: "Enter the patient's e-mail address, e.g. jane.doe@example.com.",
  patientName: 'The patient name is too long.',
  patientId: 'The patient ID is too long.',
  date: 'Enter the date of the record.',
  confidentialityLevel: 'Choose a confidentiality level.',
  'vitals.bloodPressure': 'Use systolic/diastolic, e.g. 120/80.',
  'vitals.heartRate': 'Enter a whole number from 20 to 300.',
  'vitals.temperature': 'Enter a temperature from 80 to 115.',
  'vitals.weight': 'Enter a weight above 0 and up to 700.',
  'vitals.height': 'Enter a height above 0 and up to 300.',
};

/** The body path of a form field. */
export const fieldPath = (field: keyof RecordFormValues): string =>
  (VITAL_FIELDS as readonly string[]).includes(field) ? `vitals.${field}` : field;

/** Field errors in words a person can act on; a path we have no wording for keeps the message it came with. */
export function friendlyFieldErrors(fields: Readonly<Record<string, string>>): RecordFieldErrors {
  return Object.fromEntries(
    Object.entries(fields).map(([path, message]) => [path, RECORD_FIELD_MESSAGES[path] ?? message]),
  );
}

const NUMBER_VITALS = ['heartRate', 'temperature', 'weight', 'height'] as const;

/**
 * The typed form as the `POST /api/records` body, checked with the same contract schema the server uses.
 * Empty optional fields are left out; vitals go in only when at least one is given. A number field with text
 * that is not a number is reported on that field rather than dropped.
 */
export function toRecordCreate(values: RecordFormValues): Result<NewRecord> {
  const vitals: Record<string, string | number> = {};
  const bad: Record<string, string> = {};
  const bloodPressure = values.bloodPressure.trim();
  if (bloodPressure) vitals.bloodPressure = bloodPressure;
  for (const key of NUMBER_VITALS) {
    const text = values[key].trim();
    if (!text) continue;
    const n = Number(text);
    if (Number.isFinite(n)) vitals[key] = n;
    else bad[`vitals.${key}`] = text;
  }
  const body = {
    recordType: values.recordType,
    title: values.title,
    description: values.description,
    patientEmail: values.patientEmail.trim(),
    patientName: values.patientName.trim(),
    patientId: values.patientId.trim(),
    date: values.date,
    confidentialityLevel: values.confidentialityLevel,
    ...(Object.keys(vitals).length > 0 ? { vitals } : {}),
  };
  const parsed = parseWith(RecordCreateSchema, body, 'medical record');
  if (parsed.ok && Object.keys(bad).length === 0) return ok(parsed.value);
  const fields = { ...(parsed.ok ? {} : parsed.error.fields), ...bad };
  return fail('invalid_input', 'Check the highlighted fields.', friendlyFieldErrors(fields));
}

/** Between the fields of a search text: no typed search contains it, so no match can span two fields. */
const FIELD_SEPARATOR = '\u0000';

/**
 * REQ-rec record search (the domain's `filterRecords`: the type filter, then title, description or patient
 * name contains the search), with each record's fields lowercased once for the whole list instead of on every
 * keystroke. Tests prove it returns what `filterRecords` returns.
 */
export function createRecordFilter(records: readonly MedicalRecord[]) {
  const texts = records.map((r) =>
    [r.title, r.description, r.patientName].map((field) => field.toLowerCase()).join(FIELD_SEPARATOR),
  );
  return (search: string, type: RecordFilter): MedicalRecord[] => {
    const q = search.trim().toLowerCase();
    if (q.includes(FIELD_SEPARATOR)) return filterRecords(records, search, type);
    return records.filter(
      (r, i) => (type === 'all' || r.recordType === type) && (!q || (texts[i] as string).includes(q)),
    );
  };
}
