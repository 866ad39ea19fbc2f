/**
 * The emergency-access screen's texts, in a module of their own: the admin dashboard's tab list needs the tab's
 * name at first paint without the screen's rules (and the schemas they bring).
 */
import { RETRY_LABEL } from '../ErrorState/ErrorState';

export const EMERGENCY_ACCESS_TEXTS = {
  tab: 'Emergency access',
  title: 'Emergency access',
  description:
    'Doctors who used break-the-glass to read confidential records outside their care team, newest first. Review each reason.',
  caption: 'Emergency access grants',
  columns: {
    doctor: 'Doctor',
    patient: 'Patient',
    reason: 'Reason',
    grantedAt: 'Granted',
    expiresAt: 'Expires',
    status: 'Status',
  },
  empty: 'No doctor has used emergency access.',
  loading: 'Loading emergency access grants...',
  retry: RETRY_LABEL,
  review: 'Review emergency access',
  noticeTitle: 'Emergency access alerts',
  noticeDescription:
    'Doctors used break-the-glass to read confidential records. Check that each reason holds.',
} as const;
