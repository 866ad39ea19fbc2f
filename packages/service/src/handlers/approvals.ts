/**
 * Asynchronous authorization of prescriptions (REQ-tool-approvals) on the store: the approval requests the
 * assistant's prescription tool files, and the three routes the clinician answers them with in the app. The
 * same policy as the mock API (packages/mocks approvals.ts), decided by the same domain functions:
 *
 * - Only `proposePrescription` (the chat's prescription tool) creates a request; no route does.
 * - Only the approver sees a request (the clinician whose assistant proposed it): anyone else, an admin too,
 *   gets the 404 of a missing one, and their list leaves it out.
 * - A pending request read after its `expiresAt` is expired, and is stored so in the transaction that read it.
 * - Approving writes the prescription in the same transaction, with an audit row of its own for the creation
 *   (the runner writes the decision's row).
 */
import {
  canViewApproval,
  decide,
  newApprovalRequest,
  ok,
  resolveProposalPatient,
  settleApproval,
  sortApprovals,
  validateProposal,
  type ApprovalActor,
  type Result,
} from '@sentinel/domain';
import type { ApprovalRequest, AuditEvent } from '@sentinel/domain/contract';
import { resolveCaller, type Caller, type VerifiedToken } from '../caller';
import type { AuditDetail, RouteImpls } from '../runner';
import type { Store, StoreTx } from '../store/types';
import { notFound, ownerOf, withOwner } from './clinical';

/** Who proposes: the signed-in clinician, and the REQ-access-owner role the audit trail records. */
export type Proposer = Pick<Caller, 'knowledgeRole'> & { readonly user: ApprovalActor };

/** Appends an audit row of work a route does besides the one the runner writes for the call. */
async function appendRow(
  tx: StoreTx,
  caller: Proposer,
  now: Date,
  row: Pick<AuditEvent, 'action' | 'resourceType' | 'resourceId' | 'patientId' | 'reason'>,
): Promise<void> {
  await tx.appendAudit({
    timestamp: now.toISOString(),
    actorSub: caller.user.sub,
    actorRole: caller.knowledgeRole,
    outcome: 'allowed',
    ...row,
  });
}

/**
 * The assistant's prescription tool: files a pending approval request for `proposal`, asked of the caller, and
 * writes its audit row (create approval, stamped `now`), in the caller's transaction. Refused with `forbidden`
 * when the caller may not prescribe and `invalid_input` for a proposal outside the contract; nothing is stored
 * then. Nothing is prescribed until the caller approves it (POST /api/approvals/:id/decision).
 */
export async function proposePrescription(
  tx: StoreTx,
  caller: Proposer,
  proposal: unknown,
  now: Date,
): Promise<Result<ApprovalRequest>> {
  const checked = validateProposal(proposal, caller.user);
  if (!checked.ok) return checked;
  const { proposal: resolved, patientId } = resolveProposalPatient(checked.value, await tx.listUsers());
  const filed = newApprovalRequest(resolved, caller.user, now, await tx.nextId('apr'), patientId);
  if (!filed.ok) return filed;
  await tx.insertApproval(filed.value);
  await appendRow(tx, caller, now, {
    action: 'create',
    resourceType: 'approval',
    resourceId: filed.value.id,
    patientId: filed.value.patientId || null,
    reason: 'proposed by the assistant; waits for approval',
  });
  return filed;
}

/**
 * What the prescription tool does for the account a sign-in names, in a transaction of its own: the only way an
 * approval request comes to exist besides a chat. For tests and stories that need requests without a chat.
 */
export async function proposeAsAccount(
  store: Store,
  signIn: VerifiedToken,
  proposal: unknown,
  now: Date,
): Promise<Result<ApprovalRequest>> {
  return store.transaction(async (tx) => {
    const caller = await resolveCaller(tx, signIn);
    if (!caller.ok) return caller;
    return proposePrescription(tx, caller.value, proposal, now);
  });
}

/** The request as it stands at `now`; one that turned expired is stored so. */
async function settle(tx: StoreTx, request: ApprovalRequest, now: Date): Promise<ApprovalRequest> {
  const settled = settleApproval(request, now);
  if (settled !== request) await tx.replaceApproval(settled);
  return settled;
}

/** The caller's request with this id; the audit row tells a missing one from someone else's, the answer does not. */
async function findOwn(
  tx: StoreTx,
  id: string,
  caller: Caller,
  now: Date,
  audit: (detail: AuditDetail) => void,
): Promise<Result<ApprovalRequest>> {
  const stored = await tx.getApproval(id);
  if (!stored) {
    audit({ reason: 'no approval request with this id' });
    return notFound();
  }
  audit({ patientId: stored.patientId || null });
  if (!canViewApproval(stored, caller.user)) {
    audit({ reason: 'not the approver of this request' });
    return notFound();
  }
  return ok(await settle(tx, stored, now));
}

export const approvalRoutes = {
  listApprovals: async ({ tx, caller, now, audit }) => {
    const own: ApprovalRequest[] = [];
    for (const request of await tx.listApprovals(caller.user.sub)) own.push(await settle(tx, request, now));
    const pending = own.filter((request) => request.status === 'pending').length;
    audit({ reason: `own approval requests: ${own.length} (${pending} pending)` });
    return ok({ items: sortApprovals(own, now) });
  },

  getApproval: ({ tx, caller, params, now, audit }) => findOwn(tx, params.id, caller, now, audit),

  decideApproval: async ({ tx, caller, params, body, now, audit }) => {
    const found = await findOwn(tx, params.id, caller, now, audit);
    if (!found.ok) return found;
    const outcome = decide(found.value, body.decision, caller.user, now);
    if (!outcome.ok) return outcome;
    if (outcome.value.decision === 'deny') {
      await tx.replaceApproval(outcome.value.request);
      audit({ reason: 'denied; nothing prescribed' });
      return ok(outcome.value.request);
    }
    const approved = outcome.value.approve(await tx.nextId('rx'));
    const { request } = approved;
    const prescription = await withOwner(tx, approved.prescription);
    await tx.insert('prescriptions', prescription);
    await tx.replaceApproval(request);
    await appendRow(tx, caller, now, {
      action: 'create',
      resourceType: 'prescription',
      resourceId: prescription.id,
      patientId: ownerOf(prescription),
      reason: `approved request ${request.id}`,
    });
    audit({ reason: `approved; wrote prescription ${prescription.id}` });
    return ok(request);
  },
} satisfies Partial<RouteImpls>;
