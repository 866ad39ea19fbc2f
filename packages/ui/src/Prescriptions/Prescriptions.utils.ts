/**
 * Display words of the prescriptions screen that the spec leaves open (it names the values and fields, not
 * how they read), kept in one place so the screen, its stories and its tests share them.
 */
import { RETRY_LABEL } from '../ErrorState/ErrorState';
import type { PrescriptionFilter, PrescriptionStatus } from '@sentinel/domain';
import type { Tone } from '../theme/tokens';

/** REQ-appt Prescription statuses as their badges read (the badge carries text, colour is never the only signal). */
export const PRESCRIPTION_STATUS_LABELS = {
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
  expired: 'Expired',
} as const satisfies Record<PrescriptionStatus, string>;

/**
 * Badge tones. The spec gives no colours for prescription statuses; these follow the appointment badges
 * (REQ-rx: completed green, cancelled red): active in progress (info), expired ran out (caution).
 */
export const PRESCRIPTION_STATUS_TONE = {
  active: 'info',
  completed: 'positive',
  cancelled: 'critical',
  expired: 'caution',
} as const satisfies Record<PrescriptionStatus, Tone>;

/** REQ-rx-status-filter Status filter options. */
export const PRESCRIPTION_FILTER_LABELS = {
  all: 'All statuses',
  ...PRESCRIPTION_STATUS_LABELS,
} as const satisfies Record<PrescriptionFilter, string>;

/** Words the spec does not give. */
export const PRESCRIPTION_SCREEN_TEXTS = {
  loading: 'Loading prescriptions...',
  retry: RETRY_LABEL,
  summary: 'Prescription summary',
  list: 'Prescriptions',
  searchLabel: 'Search prescriptions',
  searchPlaceholder: 'Search by medication, patient or prescriber...',
  statusFilter: 'Status',
  empty: 'No prescriptions found',
  viewDetails: 'View Details',
  /** The spec leaves the Edit Prescription action open; the screen says so instead of doing nothing. */
  editUnavailable: 'Editing prescriptions is not available yet.',
  refillsLeft: 'Refills left',
  untitled: 'Medication not given',
  none: '-',
  noneListed: 'None listed',
} as const;

/** Labels of the detail list on a card and in the detail view. */
export const PRESCRIPTION_FIELD_LABELS = {
  dosage: 'Dosage',
  frequency: 'Frequency',
  startDate: 'Start date',
  endDate: 'End date',
  prescribedDate: 'Prescribed date',
  prescribedBy: 'Prescribed by',
  doctor: 'Doctor',
  patient: 'Patient',
  duration: 'Duration',
  refills: 'Refills used / allowed',
  pharmacy: 'Pharmacy',
  instructions: 'Instructions',
  sideEffects: 'Possible side effects',
  interactions: 'Drug interactions',
} as const;

/** 'used / allowed', e.g. '1 / 3' (REQ-rx-details detail view: refills used/allowed). */
export const refillsUsedOfAllowed = (p: { refillsUsed: number; refillsAllowed: number }) =>
  `${p.refillsUsed} / ${p.refillsAllowed}`;
