import { APPROVAL_TEXTS, APPROVAL_TTL_MS, PERMISSION_ALERTS } from '@sentinel/domain';
import type { ApprovalRequest, ProposedPrescription } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, PERSONAS, SAMPLE_PROPOSALS, type PersonaKey } from '@sentinel/demo-data';
import { proposeAs, seedApprovalRequests } from './approvals';
import { createScenarios } from './scenarios';
import { BASE_URL, call, useMockApi } from '../../test/testkit';

const ctx = useMockApi();

const NOT_FOUND = { error: 'not_found', message: 'Not found.' };
const metformin = SAMPLE_PROPOSALS[0] as ProposedPrescription;
const minutesBefore = (n: number) => new Date(FIXED_NOW.getTime() - n * 60_000);

/** What the assistant's prescription tool does for `who`: files a request, `age` minutes before the clock. */
async function propose(
  who: PersonaKey = 'alice',
  proposal: unknown = metformin,
  age = 2,
): Promise<ApprovalRequest> {
  const filed = await proposeAs(ctx.api, who, proposal, minutesBefore(age));
  if (!filed.ok) throw new Error(filed.error.message);
  return filed.value;
}

const decision = (who: PersonaKey, id: string, choice: 'approve' | 'deny') =>
  call(who, 'decideApproval', { params: { id }, body: { decision: choice } });
const itemsOf = <T>(json: unknown) => (json as { items: T[] }).items;

describe('the assistant files an approval request (proposeAs, the tool’s own code)', () => {
  it('files a pending request asked of the proposing clinician, for the known patient, and audits it', async () => {
    const request = await propose();
    expect(request).toMatchObject({
      id: 'apr-1001',
      status: 'pending',
      requestedBy: PERSONAS.alice.sub,
      approverSub: PERSONAS.alice.sub,
      patientId: PERSONAS.jane.patientId,
      summary: 'Metformin 500 mg, Twice daily, for Jane Doe',
      createdAt: minutesBefore(2).toISOString(),
      expiresAt: new Date(minutesBefore(2).getTime() + APPROVAL_TTL_MS).toISOString(),
      decidedAt: null,
      prescriptionId: null,
    });
    expect(ctx.api.store.approvals).toStrictEqual([request]);
    expect(ctx.api.store.audit).toStrictEqual([
      expect.objectContaining({
        actorSub: PERSONAS.alice.sub,
        action: 'create',
        resourceType: 'approval',
        resourceId: 'apr-1001',
        patientId: PERSONAS.jane.patientId,
        outcome: 'allowed',
        timestamp: minutesBefore(2).toISOString(),
      }),
    ]);
  });

  it('finds the patient by name when the assistant knows only the name', async () => {
    const request = await propose('alice', { ...metformin, patientName: 'John Roe', patientEmail: '' });
    expect(request.patientId).toBe(PERSONAS.john.patientId);
    expect(request.prescription.patientEmail).toBe(PERSONAS.john.email);
  });

  it('prescribes nothing by itself', async () => {
    const before = ctx.api.store.prescriptions.length;
    await propose();
    expect(ctx.api.store.prescriptions).toHaveLength(before);
  });

  it('refuses a caller who may not prescribe, and a proposal outside the contract, storing nothing', async () => {
    const store = ctx.api.store;
    expect(await proposeAs(ctx.api, 'nora', metformin, FIXED_NOW)).toStrictEqual({
      ok: false,
      error: { code: 'forbidden', message: PERMISSION_ALERTS.createPrescriptions },
    });
    const invalid = await proposeAs(ctx.api, 'alice', { medication: '' }, FIXED_NOW);
    expect(invalid.ok || invalid.error.code).toBe('invalid_input');
    expect(store.approvals).toEqual([]);
    expect(store.audit).toEqual([]);
    // No id was drawn for the refused proposals.
    expect((await propose()).id).toBe('apr-1001');
  });
});

describe('who sees a request', () => {
  it('the approver lists and opens it', async () => {
    const request = await propose();
    const list = await call('alice', 'listApprovals');
    expect(list.status).toBe(200);
    expect(itemsOf(list.json)).toStrictEqual([request]);
    const one = await call('alice', 'getApproval', { params: { id: request.id } });
    expect(one.json).toStrictEqual(request);
  });

  it.each(['ben', 'sam'] as const)(
    '%s (another clinician, or the admin) neither lists, opens nor decides it: 404 as for a missing one',
    async (who) => {
      const request = await propose();
      expect(itemsOf((await call(who, 'listApprovals')).json)).toEqual([]);
      const missing = await call(who, 'getApproval', { params: { id: 'apr-999' } });
      const opened = await call(who, 'getApproval', { params: { id: request.id } });
      const decided = await decision(who, request.id, 'approve');
      expect(missing.status).toBe(404);
      expect(opened.status).toBe(404);
      expect(decided.status).toBe(404);
      expect(opened.json).toStrictEqual(NOT_FOUND);
      expect(opened.text).toBe(missing.text);
      expect(decided.text).toBe(missing.text);
      expect(ctx.api.store.approvals[0]?.status).toBe('pending');
      // The audit row tells the refusals apart; the answer does not.
      const reasons = ctx.api.store.audit.filter((row) => row.actorSub === PERSONAS[who].sub);
      expect(reasons.map((row) => row.reason)).toEqual([
        'own approval requests: 0 (0 pending)',
        'no approval request with this id',
        'not the approver of this request',
        'not the approver of this request',
      ]);
    },
  );

  it.each(['jane', 'nora'] as const)(
    '%s, without write:prescriptions, is refused every approval route',
    async (who) => {
      const request = await propose();
      for (const answer of [
        await call(who, 'listApprovals'),
        await call(who, 'getApproval', { params: { id: request.id } }),
      ]) {
        expect(answer.status).toBe(403);
      }
      expect((await decision(who, request.id, 'approve')).json).toStrictEqual({
        error: 'forbidden',
        message: PERMISSION_ALERTS.createPrescriptions,
      });
    },
  );
});

describe('approving', () => {
  it('writes the active prescription by the approver, for the patient, with an audit row of its own', async () => {
    const request = await propose();
    const answer = await decision('alice', request.id, 'approve');
    expect(answer.status).toBe(200);
    expect(answer.json).toStrictEqual({
      ...request,
      status: 'approved',
      decidedAt: FIXED_NOW.toISOString(),
      prescriptionId: 'rx-1001',
    });
    const prescriptions = itemsOf<Record<string, unknown>>((await call('jane', 'listPrescriptions')).json);
    expect(prescriptions.find((p) => p.id === 'rx-1001')).toMatchObject({
      status: 'active',
      medication: 'Metformin',
      dosage: '500 mg',
      frequency: 'Twice daily',
      prescribedBy: PERSONAS.alice.name,
      patientId: PERSONAS.jane.patientId,
      refillsAllowed: 2,
      refillsUsed: 0,
    });
    // After the proposal's row: the creation, then the decision; Jane's listing comes last.
    const rows = ctx.api.store.audit.slice(1, 3);
    expect(rows.map((row) => [row.action, row.resourceType, row.resourceId, row.patientId])).toEqual([
      ['create', 'prescription', 'rx-1001', PERSONAS.jane.patientId],
      ['update', 'approval', request.id, PERSONAS.jane.patientId],
    ]);
  });

  it('once only: a second approval or a denial answers 409, and no second prescription is written', async () => {
    const request = await propose();
    await decision('alice', request.id, 'approve');
    const count = ctx.api.store.prescriptions.length;
    for (const choice of ['approve', 'deny'] as const) {
      const again = await decision('alice', request.id, choice);
      expect(again.status).toBe(409);
      expect(again.json).toStrictEqual({ error: 'conflict', message: APPROVAL_TEXTS.alreadyApproved });
    }
    expect(ctx.api.store.prescriptions).toHaveLength(count);
  });
});

describe('denying', () => {
  it('records the decision and writes nothing else; it cannot be approved afterwards', async () => {
    const request = await propose();
    const count = ctx.api.store.prescriptions.length;
    const answer = await decision('alice', request.id, 'deny');
    expect(answer.json).toStrictEqual({ ...request, status: 'denied', decidedAt: FIXED_NOW.toISOString() });
    expect(ctx.api.store.prescriptions).toHaveLength(count);
    const later = await decision('alice', request.id, 'approve');
    expect(later.status).toBe(409);
    expect(later.json).toStrictEqual({ error: 'conflict', message: APPROVAL_TEXTS.alreadyDenied });
  });

  it('refuses a decision that is neither approve nor deny', async () => {
    const request = await propose();
    const answer = await call('alice', 'decideApproval', {
      params: { id: request.id },
      body: { decision: 'maybe' },
    });
    expect(answer.status).toBe(400);
    expect(ctx.api.store.approvals[0]?.status).toBe('pending');
  });
});

describe('expiry', () => {
  it('a request older than ten minutes reads expired, is stored expired, and cannot be decided', async () => {
    const request = await propose('alice', metformin, 11);
    expect(ctx.api.store.approvals[0]?.status).toBe('pending');
    const opened = await call('alice', 'getApproval', { params: { id: request.id } });
    expect(opened.json).toStrictEqual({ ...request, status: 'expired' });
    expect(ctx.api.store.approvals[0]?.status).toBe('expired');
    const late = await decision('alice', request.id, 'approve');
    expect(late.status).toBe(409);
    expect(late.json).toStrictEqual({ error: 'conflict', message: APPROVAL_TEXTS.expired });
  });

  it('the list stores what it finds expired too', async () => {
    await propose('alice', metformin, 30);
    const listed = itemsOf<ApprovalRequest>((await call('alice', 'listApprovals')).json);
    expect(listed.map((r) => r.status)).toEqual(['expired']);
    expect(ctx.api.store.approvals[0]?.status).toBe('expired');
  });
});

describe('the inbox order', () => {
  it('lists pending requests first, soonest expiry on top, then the history', async () => {
    const old = await propose('alice', metformin, 30);
    const soon = await propose('alice', SAMPLE_PROPOSALS[1], 8);
    const fresh = await propose('alice', SAMPLE_PROPOSALS[2], 1);
    const listed = itemsOf<ApprovalRequest>((await call('alice', 'listApprovals')).json);
    expect(listed.map((r) => [r.id, r.status])).toEqual([
      [soon.id, 'pending'],
      [fresh.id, 'pending'],
      [old.id, 'expired'],
    ]);
  });
});

describe('seeded requests for stories', () => {
  it('gives each state asked for, through the domain’s rules, with the approved one’s prescription written', async () => {
    const store = ctx.api.store;
    const seeded = seedApprovalRequests(store, 'alice', ['pending', 'approved', 'denied', 'expired']);
    expect(seeded.map((r) => r.status)).toEqual(['pending', 'approved', 'denied', 'pending']);
    const approved = seeded[1];
    expect(store.prescriptions.find((p) => p.id === approved?.prescriptionId)?.prescribedBy).toBe(
      PERSONAS.alice.name,
    );
    expect(store.audit).toEqual([]);
  });

  it('a scenario API starts from the same inbox on every seed, whatever the last run decided', async () => {
    const scenarios = createScenarios({ baseUrl: BASE_URL });
    const inbox = scenarios.approvalsFor('alice', ['pending', 'expired']);
    ctx.server.use(...inbox.handlers);
    await inbox.seed();
    const first = itemsOf<ApprovalRequest>((await call('alice', 'listApprovals')).json);
    expect(first.map((r) => r.status)).toEqual(['pending', 'expired']);
    await decision('alice', first[0]?.id ?? '', 'deny');
    await inbox.seed();
    const again = itemsOf<ApprovalRequest>((await call('alice', 'listApprovals')).json);
    expect(again).toStrictEqual(first);
  });
});
