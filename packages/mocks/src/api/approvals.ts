/**
 * Approval requests (REQ-tool) on the store's synchronous view: what the demo chat's prescription tool
 * files, and the requests stories and tests seed. The routes the clinician answers them with are the server's
 * (@sentinel/service handlers/approvals.ts); the rules are the domain's (`newApprovalRequest`, `decide`).
 */
import {
  decide,
  newApprovalRequest,
  resolveProposalPatient,
  validateProposal,
  type ApprovalActor,
  type Result,
} from '@sentinel/domain';
import type { ApprovalRequest, ApprovalStatus, ProposedPrescription } from '@sentinel/domain/contract';
import type { Caller } from '@sentinel/service';
import type { PersonaKey } from '../personas';
import { personaCaller } from './auth';
import { appendAudit, type MockStore } from './store';

/** Who proposes: the signed-in clinician, and the REQ-access-owner role the audit trail records. */
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
  const signedIn = personaCaller(store, who);
  if (!signedIn.ok) return signedIn;
  return proposePrescription(store, signedIn.value, proposal, now);
}

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
  const signedIn = personaCaller(store, who);
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
