/**
 * Asynchronous authorization of prescriptions (REQ-tool-approvals; REQ-product-pillars "asynchronous
 * authorization", REQ-tool-approvals Identity service, REQ-tool-approvals the prescription tool
 * prescription_async_auth). A prescription the assistant proposes is never written at once: it becomes an
 * approval request that the clinician approves or denies in the app, out of band of the chat. Nothing
 * approves automatically: REQ-tool-approvals's "always approved" simulation stays only as the demo text of
 * `decideAuthorizationRequest`.
 *
 * The state machine: pending → approved (writes the prescription) | denied (writes nothing) | expired (no
 * decision within APPROVAL_TTL_MS). Expiry is computed on read from `expiresAt`; whoever reads a request that
 * turned expired persists the new status. Only the approver (the clinician whose assistant proposed it) sees and
 * decides a request; anyone else, an admin included, is answered like a request that does not exist. Pure: the
 * caller passes `now` and the ids.
 */
import {
  ProposedPrescriptionSchema,
  type ApprovalDecision,
  type ApprovalRequest,
  type ApprovalStatus,
  type ProposedPrescription,
} from './contract/pillars';
import { DEFAULT_ERROR_MESSAGES } from './contract/errors';
import type { ManagedUser, Permission, Prescription } from './entities';
import { patientIdFor } from './auth';
import { createPrescription } from './prescriptions';
import { fail, ok, type Result } from './result';
import { TOOLS } from './tools';
import { PERMISSION_ALERTS } from './texts';
import { parseWith } from './validate';

/** How long a request waits for a decision: 10 minutes after it was created. */
export const APPROVAL_TTL_MS = 10 * 60_000;

/** The texts of approval requests: their states, the refusals of a decision, the summary's fallback. */
export const APPROVAL_TEXTS = {
  /** The 409 of a decision on a request that is no longer pending. */
  expired: 'This request has expired.',
  alreadyApproved: 'This request was already approved.',
  alreadyDenied: 'This request was already denied.',
  /** Status badges say the state in words (colour is never the only signal). */
  statusLabels: {
    pending: 'Pending',
    approved: 'Approved',
    denied: 'Denied',
    expired: 'Expired',
  } satisfies Record<ApprovalStatus, string>,
  /** The summary's patient when the proposal names none. */
  unnamedPatient: 'an unnamed patient',
  /** What a time-left reading says once the request has expired. */
  timeUp: 'Expired',
} as const;

/** Who proposes or decides: the signed-in clinician (a `CurrentUser` fits). */
export type ApprovalActor = {
  readonly sub: string;
  readonly name: string;
  readonly permissions: readonly string[];
};

const PRESCRIBE: Permission = 'write:prescriptions';

/** One line for lists: "Metformin 500 mg, Twice daily, for Jane Doe" (parts the proposal leaves blank are left out). */
export function approvalSummary(p: ProposedPrescription): string {
  const drug = [p.medication.trim(), p.dosage.trim()].filter(Boolean).join(' ');
  const patient = p.patientName.trim() || p.patientEmail.trim() || APPROVAL_TEXTS.unnamedPatient;
  return [drug, p.frequency, `for ${patient}`].filter(Boolean).join(', ');
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * REQ-access-owner The patient a proposal is for, when it names a known patient: by e-mail (as
 * `resolveItemOwner` finds the owner of a new prescription), else by a name that exactly one patient account
 * has (the assistant often knows only the name). The matched account fills the blank name or e-mail, so the
 * prescription written on approval is owned by that account (the server finds its owner by this e-mail). An
 * unknown or ambiguous patient leaves the proposal as it is, with no patient id.
 */
export function resolveProposalPatient(
  proposal: ProposedPrescription,
  accounts: readonly Pick<ManagedUser, 'id' | 'name' | 'email' | 'role'>[],
): { readonly proposal: ProposedPrescription; readonly patientId: string } {
  const patients = accounts.filter((a) => a.role === 'patient');
  const email = proposal.patientEmail.trim();
  const name = proposal.patientName.trim();
  const byName = name ? patients.filter((a) => same(a.name, name)) : [];
  const account = email
    ? patients.find((a) => same(a.email, email))
    : byName.length === 1
      ? byName[0]
      : undefined;
  if (!account) return { proposal, patientId: '' };
  return {
    proposal: {
      ...proposal,
      patientName: name || account.name,
      patientEmail: email || account.email,
    },
    patientId: patientIdFor(account.id),
  };
}

/**
 * The checks of `newApprovalRequest` on their own, for callers that look the patient up (and draw an id) only
 * for a proposal that passes: the requester holds write:prescriptions and the proposal fits the contract.
 */
export function validateProposal(proposal: unknown, requester: ApprovalActor): Result<ProposedPrescription> {
  if (!requester.permissions.includes(PRESCRIBE)) {
    return fail('forbidden', PERMISSION_ALERTS.createPrescriptions);
  }
  return parseWith(ProposedPrescriptionSchema, proposal, 'proposed prescription');
}

/**
 * A new pending request for the prescription the requester's assistant proposed. The proposal is outside data
 * (the model's reading of a question), so it is validated here; the requester must hold write:prescriptions
 * ('You do not have permission to create prescriptions'). The requester is also the approver: the clinician
 * confirms their own assistant's proposal in the app. It expires APPROVAL_TTL_MS after `now`.
 */
export function newApprovalRequest(
  proposal: unknown,
  requester: ApprovalActor,
  now: Date,
  id: string,
  patientId = '',
): Result<ApprovalRequest> {
  const checked = validateProposal(proposal, requester);
  if (!checked.ok) return checked;
  const prescription = checked.value;
  return ok({
    id,
    tool: TOOLS.prescription,
    action: 'prescribe',
    status: 'pending',
    requestedBy: requester.sub,
    approverSub: requester.sub,
    patientId,
    summary: approvalSummary(prescription),
    prescription,
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + APPROVAL_TTL_MS).toISOString(),
    decidedAt: null,
    prescriptionId: null,
  });
}

/** The status a request has at `now`: a pending request is expired from its `expiresAt` on. */
export function effectiveStatus(
  request: Pick<ApprovalRequest, 'status' | 'expiresAt'>,
  now: Date,
): ApprovalStatus {
  if (request.status !== 'pending') return request.status;
  return now.getTime() >= Date.parse(request.expiresAt) ? 'expired' : 'pending';
}

/**
 * The request as it stands at `now`: the same object when nothing changed, else a copy marked expired (which
 * the caller persists). `decidedAt` stays null: nobody decided.
 */
export function settleApproval(request: ApprovalRequest, now: Date): ApprovalRequest {
  const status = effectiveStatus(request, now);
  return status === request.status ? request : { ...request, status };
}

/** Only the approver sees a request; anyone else is answered as if it did not exist (404). */
export function canViewApproval(
  request: Pick<ApprovalRequest, 'approverSub'>,
  viewer: Pick<ApprovalActor, 'sub'>,
): boolean {
  return request.approverSub === viewer.sub;
}

/**
 * Inbox order: pending requests first, the one expiring soonest on top; then the history, the most recently
 * closed (decided, or expired) first. Ties by id, so the order never depends on the store.
 */
export function sortApprovals<T extends ApprovalRequest>(list: readonly T[], now: Date): T[] {
  const closedAt = (r: T) => Date.parse(r.decidedAt ?? r.expiresAt);
  return [...list].sort((a, b) => {
    const pendingA = effectiveStatus(a, now) === 'pending';
    const pendingB = effectiveStatus(b, now) === 'pending';
    if (pendingA !== pendingB) return pendingA ? -1 : 1;
    const byTime = pendingA ? Date.parse(a.expiresAt) - Date.parse(b.expiresAt) : closedAt(b) - closedAt(a);
    return byTime || a.id.localeCompare(b.id);
  });
}

/** The 409 of a decision on a request that is not pending any more. */
const CLOSED_MESSAGES: Readonly<Record<Exclude<ApprovalStatus, 'pending'>, string>> = {
  expired: APPROVAL_TEXTS.expired,
  approved: APPROVAL_TEXTS.alreadyApproved,
  denied: APPROVAL_TEXTS.alreadyDenied,
};

/** What a decision comes to. An approval writes the prescription; the caller draws its id, then calls `approve`. */
export type ApprovalOutcome =
  | { readonly decision: 'deny'; readonly request: ApprovalRequest }
  | {
      readonly decision: 'approve';
      /**
       * The approved request and the prescription to write with it, in one transaction: active, prescribed by
       * the approver, dated `now`, for the request's patient (REQ-tool-approvals, REQ-limit as
       * `createPrescription`).
       */
      readonly approve: (prescriptionId: string) => {
        readonly request: ApprovalRequest;
        readonly prescription: Prescription;
      };
    };

/**
 * The approver's decision on a request. Refused with `forbidden` without write:prescriptions, with `not_found`
 * for anyone but the approver (the same answer as a missing request), and with `conflict` when the request is
 * no longer pending at `now` ('This request has expired.', 'This request was already approved.' / 'denied.').
 * A denial only records the decision; nothing is prescribed.
 */
export function decide(
  request: ApprovalRequest,
  decision: ApprovalDecision['decision'],
  decider: ApprovalActor,
  now: Date,
): Result<ApprovalOutcome> {
  if (!decider.permissions.includes(PRESCRIBE)) {
    return fail('forbidden', PERMISSION_ALERTS.createPrescriptions);
  }
  if (!canViewApproval(request, decider)) return fail('not_found', DEFAULT_ERROR_MESSAGES.not_found);
  const status = effectiveStatus(request, now);
  if (status !== 'pending') return fail('conflict', CLOSED_MESSAGES[status]);
  const decidedAt = now.toISOString();
  if (decision === 'deny') return ok({ decision, request: { ...request, status: 'denied', decidedAt } });
  return ok({
    decision,
    approve: (prescriptionId) => ({
      request: { ...request, status: 'approved', decidedAt, prescriptionId },
      prescription: createPrescription(
        { ...request.prescription, ...(request.patientId ? { patientId: request.patientId } : {}) },
        { id: prescriptionId, now, prescriber: decider.name },
      ),
    }),
  });
}

/**
 * How long a pending request has left, for the inbox: '7 min left' (whole minutes, rounded down, so it never
 * promises more time than there is), '45 s left' under a minute, 'Expired' from `expiresAt` on.
 */
export function formatTimeLeft(expiresAt: string, now: Date): string {
  const seconds = Math.ceil((Date.parse(expiresAt) - now.getTime()) / 1000);
  if (!(seconds > 0)) return APPROVAL_TEXTS.timeUp;
  return seconds >= 60 ? `${Math.floor(seconds / 60)} min left` : `${seconds} s left`;
}
