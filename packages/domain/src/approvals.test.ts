import { describe, expect, it } from 'vitest';
import {
  APPROVAL_TEXTS,
  APPROVAL_TTL_MS,
  approvalSummary,
  canViewApproval,
  decide,
  effectiveStatus,
  formatTimeLeft,
  newApprovalRequest,
  resolveProposalPatient,
  settleApproval,
  sortApprovals,
  type ApprovalActor,
} from './approvals';
import { ApprovalRequestSchema, type ApprovalRequest, type ProposedPrescription } from './contract/pillars';
import { DEFAULT_ERROR_MESSAGES } from './contract/errors';
import { PrescriptionSchema, type ManagedUser } from './entities';
import { DEFAULT_PERMISSIONS } from './roles';
import { PERMISSION_ALERTS } from './texts';

const created = new Date('2026-11-02T14:30:00.000Z');
const minutes = (n: number) => new Date(created.getTime() + n * 60_000);

const alice: ApprovalActor = {
  sub: 'auth0|sentinel-doctor-000101',
  name: 'Dr. Alice Smith',
  permissions: DEFAULT_PERMISSIONS.doctor,
};
const ben: ApprovalActor = {
  sub: 'auth0|sentinel-doctor-000102',
  name: 'Dr. Ben Carter',
  permissions: DEFAULT_PERMISSIONS.doctor,
};
const sam: ApprovalActor = {
  sub: 'auth0|sentinel-admin-000201',
  name: 'Sam Admin',
  permissions: DEFAULT_PERMISSIONS.admin,
};
/** A nurse signs in with the patient's default permissions (REQ-access: no write:prescriptions). */
const nora: ApprovalActor = {
  sub: 'auth0|sentinel-nurse-000301',
  name: 'Nora Nurse',
  permissions: DEFAULT_PERMISSIONS.patient,
};

const metformin: ProposedPrescription = {
  patientName: 'Jane Doe',
  patientEmail: 'jane.doe@example.com',
  medication: 'Metformin',
  dosage: '500 mg',
  frequency: 'Twice daily',
  duration: '90 days',
  instructions: 'Take with meals.',
  refillsAllowed: 2,
};

function pending(overrides: Partial<ApprovalRequest> = {}): ApprovalRequest {
  const made = newApprovalRequest(metformin, alice, created, 'apr-1', 'P-000001');
  if (!made.ok) throw new Error(made.error.message);
  return { ...made.value, ...overrides };
}

const accounts: Pick<ManagedUser, 'id' | 'name' | 'email' | 'role'>[] = [
  { id: 'auth0|sentinel-patient-000001', name: 'Jane Doe', email: 'jane.doe@example.com', role: 'patient' },
  { id: 'auth0|sentinel-patient-000002', name: 'John Roe', email: 'john.roe@example.com', role: 'patient' },
  { id: 'auth0|sentinel-patient-000009', name: 'Sam Lee', email: 'sam.lee@example.com', role: 'patient' },
  { id: 'auth0|sentinel-patient-000010', name: 'Sam Lee', email: 'sam.lee2@example.com', role: 'patient' },
  {
    id: 'auth0|sentinel-doctor-000101',
    name: 'Dr. Alice Smith',
    email: 'dr.alice.smith@example.com',
    role: 'doctor',
  },
];

describe('the summary line', () => {
  it('reads medication and dosage, frequency, and the patient', () => {
    expect(approvalSummary(metformin)).toBe('Metformin 500 mg, Twice daily, for Jane Doe');
  });

  it('leaves out what the proposal does not say, and names the patient by e-mail or as unnamed', () => {
    expect(approvalSummary({ ...metformin, dosage: '', frequency: '' })).toBe('Metformin, for Jane Doe');
    expect(approvalSummary({ ...metformin, patientName: ' ' })).toBe(
      'Metformin 500 mg, Twice daily, for jane.doe@example.com',
    );
    expect(approvalSummary({ ...metformin, patientName: '', patientEmail: '' })).toBe(
      `Metformin 500 mg, Twice daily, for ${APPROVAL_TEXTS.unnamedPatient}`,
    );
  });
});

describe('a new approval request', () => {
  it('is pending, asked of the requester, and expires ten minutes after it was made', () => {
    const request = pending();
    expect(request).toStrictEqual({
      id: 'apr-1',
      tool: 'prescription_async_auth',
      action: 'prescribe',
      status: 'pending',
      requestedBy: alice.sub,
      approverSub: alice.sub,
      patientId: 'P-000001',
      summary: 'Metformin 500 mg, Twice daily, for Jane Doe',
      prescription: metformin,
      createdAt: '2026-11-02T14:30:00.000Z',
      expiresAt: '2026-11-02T14:40:00.000Z',
      decidedAt: null,
      prescriptionId: null,
    });
    expect(APPROVAL_TTL_MS).toBe(600_000);
    expect(ApprovalRequestSchema.safeParse(request).success).toBe(true);
  });

  it('has no patient id when none is known', () => {
    const made = newApprovalRequest(metformin, alice, created, 'apr-2');
    expect(made.ok && made.value.patientId).toBe('');
  });

  it('is refused to someone who may not prescribe', () => {
    expect(newApprovalRequest(metformin, nora, created, 'apr-1')).toStrictEqual({
      ok: false,
      error: { code: 'forbidden', message: PERMISSION_ALERTS.createPrescriptions },
    });
  });

  it('refuses a proposal that does not fit the contract, naming the field', () => {
    const made = newApprovalRequest(
      { ...metformin, medication: '', refillsAllowed: 11 },
      alice,
      created,
      'apr-1',
    );
    expect(made.ok).toBe(false);
    if (made.ok) return;
    expect(made.error.code).toBe('invalid_input');
    expect(Object.keys(made.error.fields ?? {}).sort()).toEqual(['medication', 'refillsAllowed']);
  });
});

describe('the patient of a proposal', () => {
  it('is the patient account with the proposal’s e-mail', () => {
    expect(resolveProposalPatient({ ...metformin, patientName: '' }, accounts)).toStrictEqual({
      proposal: { ...metformin, patientName: 'Jane Doe' },
      patientId: 'P-000001',
    });
  });

  it('is found by name when only one patient has it, and fills in the e-mail', () => {
    const byName = resolveProposalPatient(
      { ...metformin, patientName: 'john roe', patientEmail: '' },
      accounts,
    );
    expect(byName.patientId).toBe('P-000002');
    expect(byName.proposal.patientEmail).toBe('john.roe@example.com');
    expect(byName.proposal.patientName).toBe('john roe');
  });

  it('is unknown for a name two patients share, a staff member, or an unknown e-mail', () => {
    for (const proposal of [
      { ...metformin, patientName: 'Sam Lee', patientEmail: '' },
      { ...metformin, patientName: 'Dr. Alice Smith', patientEmail: '' },
      { ...metformin, patientName: 'Jane Doe', patientEmail: 'someone.else@example.com' },
    ]) {
      expect(resolveProposalPatient(proposal, accounts)).toStrictEqual({ proposal, patientId: '' });
    }
  });
});

describe('expiry, computed on read', () => {
  it('keeps a request pending until its expiry time and reads it expired from then on', () => {
    const request = pending();
    expect(effectiveStatus(request, minutes(9.99))).toBe('pending');
    expect(effectiveStatus(request, minutes(10))).toBe('expired');
    expect(effectiveStatus(request, minutes(60))).toBe('expired');
  });

  it('never expires a decided request', () => {
    expect(effectiveStatus(pending({ status: 'approved' }), minutes(60))).toBe('approved');
    expect(effectiveStatus(pending({ status: 'denied' }), minutes(60))).toBe('denied');
  });

  it('settles an expired request into a copy marked expired, with no decision time, and leaves others as they are', () => {
    const request = pending();
    expect(settleApproval(request, minutes(5))).toBe(request);
    expect(settleApproval(request, minutes(11))).toStrictEqual({ ...request, status: 'expired' });
    expect(request.status).toBe('pending');
  });
});

describe('who sees a request', () => {
  it('is the approver only: another doctor and the admin do not', () => {
    const request = pending();
    expect(canViewApproval(request, alice)).toBe(true);
    expect(canViewApproval(request, ben)).toBe(false);
    expect(canViewApproval(request, sam)).toBe(false);
  });
});

describe('deciding', () => {
  it('approving writes an active prescription by the approver for the request’s patient, and records it', () => {
    const outcome = decide(pending(), 'approve', alice, minutes(3));
    expect(outcome.ok).toBe(true);
    if (!outcome.ok || outcome.value.decision !== 'approve') return;
    const { request, prescription } = outcome.value.approve('rx-1001');
    expect(request).toStrictEqual({
      ...pending(),
      status: 'approved',
      decidedAt: '2026-11-02T14:33:00.000Z',
      prescriptionId: 'rx-1001',
    });
    expect(PrescriptionSchema.safeParse(prescription).success).toBe(true);
    expect(prescription).toMatchObject({
      id: 'rx-1001',
      status: 'active',
      prescribedBy: 'Dr. Alice Smith',
      patientId: 'P-000001',
      patientName: 'Jane Doe',
      patientEmail: 'jane.doe@example.com',
      medication: 'Metformin',
      dosage: '500 mg',
      frequency: 'Twice daily',
      duration: '90 days',
      instructions: 'Take with meals.',
      refillsAllowed: 2,
      refillsUsed: 0,
      prescribedDate: '2026-11-02',
      startDate: '2026-11-02',
      endDate: '2026-12-02',
    });
  });

  it('approving a request with no known patient gives the prescription no patient id (none is made up)', () => {
    const outcome = decide(pending({ patientId: '' }), 'approve', alice, minutes(3));
    if (!outcome.ok || outcome.value.decision !== 'approve') throw new Error('not approved');
    expect(outcome.value.approve('rx-1').prescription.patientId).toBe('');
  });

  it('denying records the decision time and nothing else', () => {
    const outcome = decide(pending(), 'deny', alice, minutes(4));
    expect(outcome).toStrictEqual({
      ok: true,
      value: {
        decision: 'deny',
        request: { ...pending(), status: 'denied', decidedAt: '2026-11-02T14:34:00.000Z' },
      },
    });
  });

  it.each([
    ['an expired request', pending(), minutes(10), APPROVAL_TEXTS.expired],
    ['a request already marked expired', pending({ status: 'expired' }), minutes(1), APPROVAL_TEXTS.expired],
    ['an approved request', pending({ status: 'approved' }), minutes(1), APPROVAL_TEXTS.alreadyApproved],
    ['a denied request', pending({ status: 'denied' }), minutes(1), APPROVAL_TEXTS.alreadyDenied],
  ])('refuses to decide %s with 409 and says why', (_, request, now, message) => {
    for (const decision of ['approve', 'deny'] as const) {
      expect(decide(request, decision, alice, now)).toStrictEqual({
        ok: false,
        error: { code: 'conflict', message },
      });
    }
  });

  it('answers anyone but the approver, the admin included, as if the request did not exist', () => {
    for (const other of [ben, sam]) {
      expect(decide(pending(), 'approve', other, minutes(1))).toStrictEqual({
        ok: false,
        error: { code: 'not_found', message: DEFAULT_ERROR_MESSAGES.not_found },
      });
    }
  });

  it('refuses an approver who lost the right to prescribe', () => {
    const demoted = { ...alice, permissions: DEFAULT_PERMISSIONS.patient };
    expect(decide(pending(), 'approve', demoted, minutes(1))).toStrictEqual({
      ok: false,
      error: { code: 'forbidden', message: PERMISSION_ALERTS.createPrescriptions },
    });
  });
});

describe('the inbox order', () => {
  it('puts pending requests first, soonest expiry on top, then the most recently closed', () => {
    const now = minutes(12);
    const list = [
      pending({ id: 'apr-denied', status: 'denied', decidedAt: minutes(2).toISOString() }),
      pending({ id: 'apr-later', createdAt: minutes(8).toISOString(), expiresAt: minutes(18).toISOString() }),
      pending({ id: 'apr-expired' }),
      pending({ id: 'apr-approved', status: 'approved', decidedAt: minutes(11).toISOString() }),
      pending({ id: 'apr-soon', createdAt: minutes(3).toISOString(), expiresAt: minutes(13).toISOString() }),
    ];
    expect(sortApprovals(list, now).map((r) => r.id)).toEqual([
      'apr-soon',
      'apr-later',
      'apr-approved',
      'apr-expired',
      'apr-denied',
    ]);
  });

  it('orders equal times by id', () => {
    expect(sortApprovals([pending({ id: 'b' }), pending({ id: 'a' })], created).map((r) => r.id)).toEqual([
      'a',
      'b',
    ]);
  });
});

describe('time left', () => {
  it.each([
    [0, '10 min left'],
    [3, '7 min left'],
    [3.5, '6 min left'],
    [9, '1 min left'],
    [9.25, '45 s left'],
    [9.99, '1 s left'],
    [10, 'Expired'],
    [15, 'Expired'],
  ])('%s minutes after creation reads %s', (at, text) => {
    expect(formatTimeLeft(pending().expiresAt, minutes(at))).toBe(text);
  });
});
