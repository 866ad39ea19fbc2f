/**
 * Approval requests (REQ-tool) for stories and tests: filed as the assistant's prescription tool files them
 * (`proposeAs`, the server's code), or seeded as data on the store's synchronous view. The routes the
 * clinician answers them with are the server's too; the rules are the domain's (`newApprovalRequest`, `decide`).
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
import { PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import { proposeAsAccount } from '@sentinel/service';
import { personaCaller, signInMethodsFor } from './auth';
import type { MockApi } from './handlers';
import type { MockStore } from './store';

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
 * What the assistant's prescription tool does for the persona `who` as they sign in (the server's
 * `proposePrescription`, with its audit row), in a transaction of the mock API's store. For stories and tests
 * that need requests without a chat.
 */
export function proposeAs(
  api: Pick<MockApi, 'backing'>,
  who: PersonaKey,
  proposal: unknown,
  now: Date,
): Promise<Result<ApprovalRequest>> {
  const persona = PERSONAS[who];
  return proposeAsAccount(api.backing, { sub: persona.sub, amr: signInMethodsFor(persona) }, proposal, now);
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
