/**
 * Display words and pure helpers of the approvals inbox (asynchronous authorization, REQ-tool-approvals). The rules
 * (states, expiry, the summary line, time left) are the domain's; this file only says how the screen reads them.
 */
import { APPROVAL_TEXTS, effectiveStatus, sortApprovals } from '@sentinel/domain';
import type { ApprovalRequest, ApprovalStatus } from '@sentinel/domain/contract';
import { RETRY_LABEL } from '../ErrorState/ErrorState';
import type { Tone } from '../theme/tokens';

/** Words the spec does not give. */
export const APPROVALS_SCREEN_TEXTS = {
  title: 'Approvals',
  description:
    'Prescriptions your assistant proposed wait here for your decision. Nothing is prescribed until you approve it.',
  loading: 'Loading approval requests...',
  retry: RETRY_LABEL,
  pendingTitle: 'Waiting for your decision',
  noPending: 'Nothing is waiting for your decision.',
  historyTitle: 'History',
  empty: 'No approval requests',
  emptyHint: 'When your assistant proposes a prescription in the chat, it waits here for your approval.',
  approve: 'Approve',
  deny: 'Deny',
  denyTitle: 'Deny this prescription?',
  denyMessage: (summary: string) => `${summary}. Nothing will be prescribed.`,
  /** After an approval: the prescription now exists. */
  created: 'Prescription created',
  createdDetail: (prescriptionId: string, summary: string) => `${prescriptionId}: ${summary}`,
  denied: 'Request denied. Nothing was prescribed.',
  labels: {
    patient: 'Patient',
    requested: 'Requested',
    timeLeft: 'Time left',
    duration: 'Duration',
    refills: 'Refills allowed',
    instructions: 'Instructions',
    decided: 'Decided',
    expiredAt: 'Expiry',
    prescription: 'Prescription',
  },
  none: '-',
  /** The doctor portal's tab, with the number of requests waiting. */
  tabLabel: (pending: number) => (pending > 0 ? `Approvals (${pending} pending)` : 'Approvals'),
} as const;

/** Badge tones: waiting (caution), prescribed (positive), refused (critical), lapsed (neutral). */
export const APPROVAL_STATUS_TONE = {
  pending: 'caution',
  approved: 'positive',
  denied: 'critical',
  expired: 'neutral',
} as const satisfies Record<ApprovalStatus, Tone>;

/** The status badges say the state in words. */
export const APPROVAL_STATUS_LABELS = APPROVAL_TEXTS.statusLabels;

/** A request as the screen shows it at `now`: its status computed on read, as the server does. */
export type ApprovalView = { readonly request: ApprovalRequest; readonly shown: ApprovalStatus };

/**
 * The inbox at `now`: pending requests (soonest expiry first) and the history (most recently closed first). A
 * request whose time ran out while the screen was open moves to the history as expired, before the server is
 * asked again.
 */
export function inboxOf(
  requests: readonly ApprovalRequest[],
  now: Date,
): { readonly pending: ApprovalView[]; readonly history: ApprovalView[] } {
  const views = sortApprovals(requests, now).map((request) => ({
    request,
    shown: effectiveStatus(request, now),
  }));
  return {
    pending: views.filter((view) => view.shown === 'pending'),
    history: views.filter((view) => view.shown !== 'pending'),
  };
}

/** How many requests wait for a decision at `now` (the doctor portal's tab count). */
export function pendingCount(requests: readonly ApprovalRequest[], now: Date): number {
  return requests.filter((r) => effectiveStatus(r, now) === 'pending').length;
}
