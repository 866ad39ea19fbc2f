/**
 * Asynchronous authorization of prescriptions (issue 6, point 5): the approval requests the assistant's
 * prescription tool files, and the three routes the clinician answers them with in the app. The rules are the
 * domain's (`newApprovalRequest`, `effectiveStatus`, `decide`); this module keeps them over the in-memory store,
 * as @sentinel/service handlers/approvals.ts keeps them over the database.
 *
 * - Only `proposePrescription` (the chat's prescription tool) creates a request; no route does.
 * - Only the approver sees a request (the clinician whose assistant proposed it): anyone else, an admin too,
 *   gets the 404 of a missing one, and their list leaves it out.
 * - A pending request read after its `expiresAt` is expired, and is stored so the moment it is touched.
 * - Approving writes the prescription in the same step, with an audit row of its own for the creation.
 */
import {
  canViewApproval,
  decide,
  newApprovalRequest,
  ok,
  ownerPatientIdOf,
  resolveProposalPatient,
  settleApproval,
  sortApprovals,
  validateProposal,
  type ApprovalActor,
  type Result,
} from '@sentinel/domain';
import type { ApprovalRequest, ApprovalStatus, ProposedPrescription } from '@sentinel/domain/contract';
import type { PersonaKey } from '../personas';
import { authenticate, authorizationFor, type Caller } from './auth';
import { notFound, withOwner } from './clinical';
import type { AuditDetail, RouteImpls } from './route';
import { appendAudit, type MockStore } from './store';

/** Who proposes: the signed-in clinician, and the §6 role the audit trail records. */
export type Proposer = Pick<Caller, 'knowledgeRole'> & { readonly user: ApprovalActor };

const actorOf = (caller: Proposer) => ({ sub: caller.user.sub, role: caller.knowledgeRole });

/** A checked request for `proposal`, its patient looked up in the directory; an id is drawn only for one that passes. */
function fileRequest(
  store: MockStore,
  user: ApprovalActor,
  proposal: unknown,
  now: Date,
): Result<ApprovalRequest> {
  const checked = validateProposal(proposal, user);
  if (!checked.ok) return checked;
  const { proposal: resolved, patientId } = resolveProposalPatient(checked.value, store.users);
  return newApprovalRequest(resolved, user, now, store.nextId('apr'), patientId);
}

/**
 * The assistant's prescription tool: files a pending approval request for `proposal`, asked of the caller, and
 * writes its audit row (create approval, stamped `now`). Refused with `forbidden` when the caller may not
 * prescribe and `invalid_input` for a proposal outside the contract; nothing is stored then. Nothing is
 * prescribed until the caller approves it (decideApproval).
 */
export function proposePrescription(
  store: MockStore,
  caller: Proposer,
  proposal: unknown,
  now: Date,
): Result<ApprovalRequest> {
  const filed = fileRequest(store, caller.user, proposal, now);
  if (!filed.ok) return filed;
  store.approvals.push(filed.value);
  appendAudit(
    store,
    actorOf(caller),
    {
      action: 'create',
      resourceType: 'approval',
      resourceId: filed.value.id,
      patientId: filed.value.patientId || null,
      outcome: 'allowed',
      reason: 'proposed by the assistant; waits for approval',
    },
    now,
  );
  return filed;
}

/**
 * What the assistant's prescription tool does for the persona `who`, the only way an approval request comes to
 * exist: `proposePrescription` as that persona signs in. For stories and tests that need requests without a chat.
 */
export function proposeAs(
  store: MockStore,
  who: PersonaKey,
  proposal: unknown,
  now: Date,
): Result<ApprovalRequest> {
  const signedIn = authenticate(authorizationFor(who), store);
  if (!signedIn.ok) return signedIn;
  return proposePrescription(store, signedIn.value, proposal, now);
}

/** The stored request with this id, settled at `now` (an expired one is stored as expired), or undefined. */
function touch(store: MockStore, id: string): ApprovalRequest | undefined {
  const index = store.approvals.findIndex((request) => request.id === id);
  const stored = store.approvals[index];
  if (!stored) return undefined;
  const settled = settleApproval(stored, store.now);
  if (settled !== stored) store.approvals[index] = settled;
  return settled;
}

/** The caller's request with this id; the audit row tells a missing one from someone else's, the answer does not. */
function findOwn(
  store: MockStore,
  id: string,
  caller: Caller,
  audit: (detail: AuditDetail) => void,
): Result<ApprovalRequest> {
  const stored = store.approvals.find((request) => request.id === id);
  if (!stored) {
    audit({ reason: 'no approval request with this id' });
    return notFound();
  }
  audit({ patientId: stored.patientId || null });
  if (!canViewApproval(stored, caller.user)) {
    audit({ reason: 'not the approver of this request' });
    return notFound();
  }
  return ok(touch(store, id) ?? stored);
}

const replace = (store: MockStore, request: ApprovalRequest) => {
  const index = store.approvals.findIndex((r) => r.id === request.id);
  if (index >= 0) store.approvals[index] = request;
};

export const approvalRoutes = {
  listApprovals: ({ store, caller, audit }) => {
    const own = store.approvals
      .filter((request) => canViewApproval(request, caller.user))
      .map((request) => touch(store, request.id) ?? request);
    const pending = own.filter((request) => request.status === 'pending').length;
    audit({ reason: `own approval requests: ${own.length} (${pending} pending)` });
    return ok({ items: sortApprovals(own, store.now) });
  },

  getApproval: ({ store, caller, params, audit }) => findOwn(store, params.id, caller, audit),

  decideApproval: ({ store, caller, params, body, audit }) => {
    const found = findOwn(store, params.id, caller, audit);
    if (!found.ok) return found;
    const outcome = decide(found.value, body.decision, caller.user, store.now);
    if (!outcome.ok) return outcome;
    if (outcome.value.decision === 'deny') {
      replace(store, outcome.value.request);
      audit({ reason: 'denied; nothing prescribed' });
      return ok(outcome.value.request);
    }
    const approved = outcome.value.approve(store.nextId('rx'));
    const { request } = approved;
    const prescription = withOwner(store.users, approved.prescription);
    store.prescriptions.push(prescription);
    replace(store, request);
    appendAudit(store, actorOf(caller), {
      action: 'create',
      resourceType: 'prescription',
      resourceId: prescription.id,
      patientId: ownerPatientIdOf(prescription),
      outcome: 'allowed',
      reason: `approved request ${request.id}`,
    });
    audit({ reason: `approved; wrote prescription ${prescription.id}` });
    return ok(request);
  },
} satisfies Partial<RouteImpls>;

// --- Seeds for stories and tests ---------------------------------------------------------------------------

/** Proposals the seeded requests are made of, in turn (the seeded patients, medications the fixtures use). */
export const SAMPLE_PROPOSALS: readonly ProposedPrescription[] = [
  {
    patientName: 'Jane Doe',
    patientEmail: 'jane.doe@example.com',
    medication: 'Metformin',
    dosage: '500 mg',
    frequency: 'Twice daily',
    duration: '90 days',
    instructions: 'Take with breakfast and the evening meal.',
    refillsAllowed: 2,
  },
  {
    patientName: 'John Roe',
    patientEmail: 'john.roe@example.com',
    medication: 'Lisinopril',
    dosage: '10 mg',
    frequency: 'Once daily',
    duration: '30 days',
    instructions: 'Take in the morning. Check blood pressure weekly.',
    refillsAllowed: 1,
  },
  {
    patientName: 'Jane Doe',
    patientEmail: 'jane.doe@example.com',
    medication: 'Atorvastatin',
    dosage: '20 mg',
    frequency: 'Once daily',
    duration: '90 days',
    instructions: 'Take in the evening.',
    refillsAllowed: 3,
  },
  {
    patientName: 'John Roe',
    patientEmail: 'john.roe@example.com',
    medication: 'Amlodipine',
    dosage: '5 mg',
    frequency: 'Once daily',
    duration: '30 days',
    instructions: '',
    refillsAllowed: 0,
  },
];

const MINUTE_MS = 60_000;

/**
 * When a seeded request in each state was filed, in minutes before the store's clock, and how many minutes
 * after filing it was decided. A pending one has minutes left; an expired one was never looked at, so it is
 * stored pending and reads expired (and is stored expired on the first read).
 */
const SEED_TIMES: Readonly<Record<ApprovalStatus, { filed: number; decidedAfter: number }>> = {
  pending: { filed: 3, decidedAfter: 0 },
  expired: { filed: 45, decidedAfter: 0 },
  approved: { filed: 120, decidedAfter: 3 },
  denied: { filed: 1_500, decidedAfter: 4 },
};

/**
 * Puts approval requests asked of `who` into the store, one per entry of `states`, made of the sample proposals
 * in turn and through the domain's own rules (an approved one has its prescription written too). The `n`th
 * pending request was filed `3 + n` minutes ago. Seeds are data, not calls: no audit rows.
 */
export function seedApprovalRequests(
  store: MockStore,
  who: PersonaKey,
  states: readonly ApprovalStatus[],
): ApprovalRequest[] {
  const signedIn = authenticate(authorizationFor(who), store);
  if (!signedIn.ok) throw new Error(`Persona ${who}: ${signedIn.error.message}`);
  const user = signedIn.value.user;
  let pendingSoFar = 0;
  return states.map((state, index) => {
    const times = SEED_TIMES[state];
    const extra = state === 'pending' ? pendingSoFar++ : 0;
    const filedAt = new Date(store.now.getTime() - (times.filed + extra) * MINUTE_MS);
    const proposal = SAMPLE_PROPOSALS[index % SAMPLE_PROPOSALS.length];
    const filed = fileRequest(store, user, proposal, filedAt);
    if (!filed.ok) throw new Error(`Seeding ${state}: ${filed.error.message}`);
    let request = filed.value;
    if (state === 'approved' || state === 'denied') {
      const decidedAt = new Date(filedAt.getTime() + times.decidedAfter * MINUTE_MS);
      const outcome = decide(request, state === 'approved' ? 'approve' : 'deny', user, decidedAt);
      if (!outcome.ok) throw new Error(`Seeding ${state}: ${outcome.error.message}`);
      if (outcome.value.decision === 'approve') {
        const approved = outcome.value.approve(store.nextId('rx'));
        store.prescriptions.push(approved.prescription);
        request = approved.request;
      } else {
        request = outcome.value.request;
      }
    }
    store.approvals.push(request);
    return request;
  });
}
