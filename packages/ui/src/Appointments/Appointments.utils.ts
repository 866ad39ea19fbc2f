/**
 * Display words of the appointments screen that the spec leaves open (it names the values, not how they read),
 * kept in one place so the screen, its stories and its tests share them.
 */
import { RETRY_LABEL } from '../ErrorState/ErrorState';
import type { Appointment, AppointmentStatus } from '@sentinel/domain';

type AppointmentType = Exclude<Appointment['type'], ''>;

/** REQ-data-appointment types as they read in the form and the table. */
export const APPOINTMENT_TYPE_LABELS = {
  consultation: 'Consultation',
  'follow-up': 'Follow-up',
  specialist: 'Specialist',
  emergency: 'Emergency',
} as const satisfies Record<AppointmentType, string>;

/**
 * REQ-appt Appointment statuses as their badges read (the badge carries text, colour is never the only
 * signal).
 */
export const APPOINTMENT_STATUS_LABELS = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
} as const satisfies Record<AppointmentStatus, string>;

/** Words the spec does not give: the row actions, the delete question, the loading text, the empty cell. */
export const APPOINTMENT_SCREEN_TEXTS = {
  confirm: 'Confirm',
  complete: 'Complete',
  delete: 'Delete',
  deleteTitle: 'Delete appointment',
  deleteConfirm: 'Are you sure you want to delete this appointment? This action cannot be undone.',
  loading: 'Loading appointments...',
  retry: RETRY_LABEL,
  summary: 'Appointment summary',
  tableCaption: 'Appointments',
  /** An empty cell (no name, no type given: REQ-appt allows empty values). */
  none: '-',
} as const;

/** The words a row's type cell shows: its label, or the empty-cell mark for a type left empty. */
export function appointmentTypeLabel(type: Appointment['type']): string {
  return type === '' ? APPOINTMENT_SCREEN_TEXTS.none : APPOINTMENT_TYPE_LABELS[type];
}
