/**
 * Approval requests (REQ-tool-approvals) as demo data: what an inbox holds after the assistant filed requests
 * and the clinician decided some, built through the domain's own rules (`validateProposal`,
 * `resolveProposalPatient`, `newApprovalRequest`, `decide`). Pure: the clock and the ids are given.
 */
import {
  decide,
  newApprovalRequest,
  resolveProposalPatient,
  validateProposal,
  type ApprovalActor,
  type ManagedUser,
  type Prescription,
} from '@sentinel/domain';
import type { ApprovalRequest, ApprovalStatus, ProposedPrescription } from '@sentinel/domain/contract';

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
 * When a seeded request in each state was filed, in minutes before the clock, and how many minutes after filing
 * it was decided. A pending one has minutes left; an expired one was never looked at, so it is stored pending
 * and reads expired (and is stored expired on the first read).
 */
const SEED_TIMES: Readonly<Record<ApprovalStatus, { filed: number; decidedAfter: number }>> = {
  pending: { filed: 3, decidedAfter: 0 },
  expired: { filed: 45, decidedAfter: 0 },
  approved: { filed: 120, decidedAfter: 3 },
  denied: { filed: 1_500, decidedAfter: 4 },
};

export type ApprovalSeedInput = {
  /** The clinician the requests are asked of, who also decides the approved and denied ones. */
  readonly approver: ApprovalActor;
  /** The user directory the proposals' patients are looked up in. */
  readonly users: readonly ManagedUser[];
  /** One request per entry, in this order. */
  readonly states: readonly ApprovalStatus[];
  readonly now: Date;
  /** The next id with this prefix: 'apr' for a request, 'rx' for an approved one's prescription. */
  readonly nextId: (prefix: string) => string;
};

export type ApprovalSeed = {
  readonly requests: ApprovalRequest[];
  /** The prescriptions the approved requests wrote. */
  readonly prescriptions: Prescription[];
};

/**
 * Approval requests asked of the approver, one per entry of `states`, made of the sample proposals in turn
 * (an approved one has its prescription written too). The `n`th pending request was filed `3 + n` minutes
 * before `now`. A state the rules refuse (an approver who may not prescribe) throws, naming it: seeds are
 * fixed data, and a seed that cannot be built is a bug in the story or test.
 */
export function seedApprovals(input: ApprovalSeedInput): ApprovalSeed {
  const { approver, users, now, nextId } = input;
  const prescriptions: Prescription[] = [];
  let pendingSoFar = 0;
  const requests = input.states.map((state, index) => {
    const times = SEED_TIMES[state];
    const extra = state === 'pending' ? pendingSoFar++ : 0;
    const filedAt = new Date(now.getTime() - (times.filed + extra) * MINUTE_MS);
    const checked = validateProposal(SAMPLE_PROPOSALS[index % SAMPLE_PROPOSALS.length], approver);
    if (!checked.ok) throw new Error(`Seeding ${state}: ${checked.error.message}`);
    const { proposal, patientId } = resolveProposalPatient(checked.value, users);
    const filed = newApprovalRequest(proposal, approver, filedAt, nextId('apr'), patientId);
    if (!filed.ok) throw new Error(`Seeding ${state}: ${filed.error.message}`);
    if (state !== 'approved' && state !== 'denied') return filed.value;
    const decidedAt = new Date(filedAt.getTime() + times.decidedAfter * MINUTE_MS);
    const outcome = decide(filed.value, state === 'approved' ? 'approve' : 'deny', approver, decidedAt);
    if (!outcome.ok) throw new Error(`Seeding ${state}: ${outcome.error.message}`);
    if (outcome.value.decision === 'deny') return outcome.value.request;
    const approved = outcome.value.approve(nextId('rx'));
    prescriptions.push(approved.prescription);
    return approved.request;
  });
  return { requests, prescriptions };
}
