/**
 * Wording of the tool cards under assistant replies (REQ-tool): each tool by name, each outcome and
 * approval status in words (the tone only repeats it), and the approval request's hint.
 */
import { effectiveStatus, formatDate, formatTimeLeft } from '@sentinel/domain';
import type {
  ApprovalRequest,
  ApprovalStatus,
  ChatToolEvent,
  RecordSummary,
  ToolOutcome,
} from '@sentinel/domain/contract';
import type { Tone } from '../theme/tokens';

/** The first re-check of a pending approval request comes after this long. */
export const APPROVAL_POLL_MS = 3_000;
/** Re-checks slow down to at most one per this interval. */
export const APPROVAL_POLL_MAX_MS = 30_000;

/**
 * The wait before the next check of a pending approval request, after `checks` checks: 3 s, doubling up to
 * 30 s. Every check is a read of prescription data and writes an audit row, so a request left pending for its
 * 10 minutes costs about two dozen rows instead of two hundred; a decision made in this app shows at once
 * anyway (the Approvals tab updates the same cached request).
 */
export function approvalPollDelay(checks: number): number {
  return Math.min(APPROVAL_POLL_MS * 2 ** checks, APPROVAL_POLL_MAX_MS);
}

const TOOL_NAMES: Readonly<Record<ChatToolEvent['tool'], string>> = {
  google_calendar_medical: 'Calendar (token vault)',
  medical_records_fga: 'Medical records (fine-grained authorization)',
  prescription_async_auth: 'Prescription (asynchronous authorization)',
};

const ACTION_NAMES: Readonly<Record<string, string>> = {
  view_appointments: 'view appointments',
  schedule_appointment: 'schedule an appointment',
  read: 'read',
  prescribe: 'prescribe',
  refill: 'refill',
  check_interactions: 'check interactions',
};

/** 'Calendar (token vault): view appointments'. */
export const toolLabel = (tool: Pick<ChatToolEvent, 'tool' | 'action'>): string =>
  `${TOOL_NAMES[tool.tool]}: ${ACTION_NAMES[tool.action] ?? tool.action}`;

const OUTCOMES: Readonly<Record<ToolOutcome, { label: string; tone: Tone }>> = {
  ok: { label: 'Done', tone: 'positive' },
  denied: { label: 'Denied', tone: 'critical' },
  consent_required: { label: 'Consent needed', tone: 'caution' },
  approval_requested: { label: 'Approval requested', tone: 'info' },
  not_supported: { label: 'Not supported', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'critical' },
  feature_off: { label: 'Not configured', tone: 'caution' },
  needs_input: { label: 'More details needed', tone: 'caution' },
};

export const toolOutcomeBadge = (outcome: ToolOutcome) => OUTCOMES[outcome];

const APPROVAL_STATUSES: Readonly<Record<ApprovalStatus, { label: string; tone: Tone }>> = {
  pending: { label: 'Pending approval', tone: 'caution' },
  approved: { label: 'Approved', tone: 'positive' },
  denied: { label: 'Denied', tone: 'critical' },
  expired: { label: 'Expired', tone: 'neutral' },
};

export const approvalStatusBadge = (status: ApprovalStatus) => APPROVAL_STATUSES[status];

export const TOOL_RESULT_TEXTS = {
  downloadIcs: 'Download .ics',
  consentExplained:
    'The assistant reaches your calendar only with a calendar-scoped token that the identity provider issues by token exchange. It never sees your password, and you can disconnect at any time.',
  connectReadOnly: 'Connect calendar (read only)',
  connecting: 'Connecting...',
  calendarConnected: 'Calendar connected',
  askAgain: 'Ask again',
  recordLine: (record: RecordSummary) =>
    `${record.recordType} · ${formatDate(record.date)}${record.doctor ? ` · ${record.doctor}` : ''}`,
  /** What the clinician does next, or what came of the request; a pending one past its time reads expired. */
  approvalHint: (approval: ApprovalRequest, now: Date): string => {
    switch (effectiveStatus(approval, now)) {
      case 'pending':
        return `Waiting for your decision under Approvals (${formatTimeLeft(approval.expiresAt, now)}). Nothing is prescribed until you approve.`;
      case 'approved':
        return approval.prescriptionId
          ? `Approved: prescription ${approval.prescriptionId} was created.`
          : 'Approved: the prescription was created.';
      case 'denied':
        return 'Denied: nothing was prescribed.';
      case 'expired':
        return 'Expired before a decision: nothing was prescribed.';
    }
  },
  approvalRefreshFailed: (detail: string) => `Could not refresh the request: ${detail}`,
} as const;
