import { APPROVAL_TEXTS, APPROVAL_TTL_MS, PERMISSION_ALERTS, type Prescription } from '@sentinel/domain';
import type { ApprovalRequest, AuditEvent, ProposedPrescription } from '@sentinel/domain/contract';
import { FIXED_NOW, PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import { generateKeyPair } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { DuplicateIdError } from '../store/errors';
import { createTestDatabase, proposeAs, startTestServer, type SigningKey, type TestServer } from '../testkit';

/** As the store suite: both dialects when PostgreSQL is here (always on CI), else SQLite only. */
const postgresUrl = inject('postgresUrl');
const DIALECTS =
  postgresUrl || process.env.CI === 'true' ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

const NOT_FOUND = { error: 'not_found', message: 'Not found.' };
const metformin: ProposedPrescription = {
  patientName: 'Jane Doe',
  patientEmail: PERSONAS.jane.email,
  medication: 'Metformin',
  dosage: '500 mg',
  frequency: 'Twice daily',
  duration: '90 days',
  instructions: 'Take with meals.',
  refillsAllowed: 2,
};
const minutesBefore = (n: number) => new Date(FIXED_NOW.getTime() - n * 60_000);

let keys: { privateKey: SigningKey; publicKey: SigningKey };
beforeAll(async () => {
  keys = await generateKeyPair('RS256', { extractable: true });
});

describe.each(DIALECTS)('approval requests on %s', (dialect) => {
  let server: TestServer;
  let drop: (() => Promise<void>) | undefined;

  beforeEach(async () => {
    if (dialect === 'postgres') {
      if (!postgresUrl)
        throw new Error('CI=true but no PostgreSQL: install it (apt-get install postgresql).');
      const database = await createTestDatabase(postgresUrl);
      drop = database.drop;
      server = await startTestServer({ key: keys, databaseUrl: database.url });
    } else {
      server = await startTestServer({ key: keys });
    }
  });
  afterEach(async () => {
    await server.close();
    await drop?.();
    drop = undefined;
  });

  /** The assistant's prescription tool for `who`, `age` minutes before the server's clock, in its own transaction. */
  const propose = (who: PersonaKey = 'alice', proposal: unknown = metformin, age = 2) =>
    proposeAs(server.store, who, proposal, minutesBefore(age));
  async function filed(who: PersonaKey = 'alice', proposal: unknown = metformin, age = 2) {
    const result = await propose(who, proposal, age);
    if (!result.ok) throw new Error(result.error.message);
    return result.value;
  }

  async function call(who: PersonaKey, url: string, body?: unknown) {
    const response = await server.app.inject({
      method: body === undefined ? 'GET' : 'POST',
      url,
      headers: {
        authorization: `Bearer ${await server.tokenFor(who)}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return { status: response.statusCode, json: JSON.parse(response.body) as unknown, text: response.body };
  }
  const decision = (who: PersonaKey, id: string, choice: string) =>
    call(who, `/api/approvals/${id}/decision`, { decision: choice });
  const stored = (id: string) => server.store.transaction((tx) => tx.getApproval(id));
  const prescriptions = () => server.store.transaction((tx) => tx.list('prescriptions'));
  const auditRows = () => server.store.transaction((tx) => tx.listAudit({ all: true }));

  it('the assistant’s proposal is stored pending, for the known patient, with its audit row, and prescribes nothing', async () => {
    const before = (await prescriptions()).length;
    const request = await filed();
    expect(request).toMatchObject({
      id: 'apr-1001',
      status: 'pending',
      requestedBy: PERSONAS.alice.sub,
      approverSub: PERSONAS.alice.sub,
      patientId: PERSONAS.jane.patientId,
      expiresAt: new Date(minutesBefore(2).getTime() + APPROVAL_TTL_MS).toISOString(),
    });
    expect(await stored(request.id)).toStrictEqual(request);
    expect(await prescriptions()).toHaveLength(before);
    expect(await auditRows()).toStrictEqual([
      {
        id: 'aud-1001',
        timestamp: minutesBefore(2).toISOString(),
        actorSub: PERSONAS.alice.sub,
        actorRole: 'doctor',
        action: 'create',
        resourceType: 'approval',
        resourceId: request.id,
        patientId: PERSONAS.jane.patientId,
        outcome: 'allowed',
        reason: 'proposed by the assistant; waits for approval',
      },
    ]);
  });

  it('a proposal from someone who may not prescribe is refused and leaves nothing behind', async () => {
    expect(await propose('nora')).toStrictEqual({
      ok: false,
      error: { code: 'forbidden', message: PERMISSION_ALERTS.createPrescriptions },
    });
    expect(await auditRows()).toEqual([]);
    expect((await filed()).id).toBe('apr-1001');
  });

  it('the approver lists and opens a request; another doctor and the admin get 404 as for a missing one', async () => {
    const request = await filed();
    expect(await call('alice', '/api/approvals')).toMatchObject({ status: 200, json: { items: [request] } });
    expect((await call('alice', `/api/approvals/${request.id}`)).json).toStrictEqual(request);
    for (const who of ['ben', 'sam'] as const) {
      expect((await call(who, '/api/approvals')).json).toStrictEqual({ items: [] });
      const missing = await call(who, '/api/approvals/apr-999');
      const opened = await call(who, `/api/approvals/${request.id}`);
      const decided = await decision(who, request.id, 'approve');
      expect(opened).toMatchObject({ status: 404, json: NOT_FOUND });
      expect(opened.text).toBe(missing.text);
      expect(decided.text).toBe(missing.text);
    }
    expect((await stored(request.id))?.status).toBe('pending');
  });

  it('approving writes the active prescription, the approved request and both audit rows together', async () => {
    const request = await filed();
    const answer = await decision('alice', request.id, 'approve');
    expect(answer.status).toBe(200);
    const approved = answer.json as ApprovalRequest;
    expect(approved).toStrictEqual({
      ...request,
      status: 'approved',
      decidedAt: FIXED_NOW.toISOString(),
      prescriptionId: 'rx-1001',
    });
    expect(await stored(request.id)).toStrictEqual(approved);
    const written = (await prescriptions()).find((p) => p.id === 'rx-1001');
    expect(written).toMatchObject<Partial<Prescription>>({
      status: 'active',
      medication: 'Metformin',
      prescribedBy: PERSONAS.alice.name,
      patientId: PERSONAS.jane.patientId,
      patientEmail: PERSONAS.jane.email,
      refillsAllowed: 2,
      refillsUsed: 0,
      prescribedDate: '2026-11-02',
    });
    const rows = (await auditRows()).slice(1);
    expect(rows.map((row: AuditEvent) => [row.action, row.resourceType, row.resourceId, row.reason])).toEqual(
      [
        ['create', 'prescription', 'rx-1001', `approved request ${request.id}`],
        ['update', 'approval', request.id, 'approved; wrote prescription rx-1001'],
      ],
    );
    // Jane finds the new prescription among hers.
    const janes = (await call('jane', '/api/prescriptions')).json as { items: Prescription[] };
    expect(janes.items.map((p) => p.id)).toContain('rx-1001');
  });

  it('an approval whose prescription cannot be written rolls back entirely', async () => {
    const request = await filed();
    // Take the id the approval will draw, so writing the prescription fails inside the transaction.
    const blocker = (await prescriptions())[0];
    if (!blocker) throw new Error('no seeded prescription');
    await server.store.transaction((tx) => tx.insert('prescriptions', { ...blocker, id: 'rx-1001' }));
    const rowsBefore = await auditRows();
    const answer = await decision('alice', request.id, 'approve');
    expect(answer.status).toBe(500);
    expect(await stored(request.id)).toStrictEqual(request);
    expect(await auditRows()).toStrictEqual(rowsBefore);
    await expect(
      server.store.transaction((tx) => tx.insert('prescriptions', { ...blocker, id: 'rx-1001' })),
    ).rejects.toBeInstanceOf(DuplicateIdError);
  });

  it('denying writes nothing but the decision; a second decision answers 409 either way', async () => {
    const request = await filed();
    const count = (await prescriptions()).length;
    const denied = await decision('alice', request.id, 'deny');
    expect(denied.json).toStrictEqual({ ...request, status: 'denied', decidedAt: FIXED_NOW.toISOString() });
    expect(await prescriptions()).toHaveLength(count);
    for (const choice of ['approve', 'deny']) {
      expect(await decision('alice', request.id, choice)).toMatchObject({
        status: 409,
        json: { error: 'conflict', message: APPROVAL_TEXTS.alreadyDenied },
      });
    }
    const approved = await filed();
    await decision('alice', approved.id, 'approve');
    expect((await decision('alice', approved.id, 'deny')).json).toStrictEqual({
      error: 'conflict',
      message: APPROVAL_TEXTS.alreadyApproved,
    });
  });

  it('a request past its expiry reads expired, is stored expired, and cannot be approved', async () => {
    const request = await filed('alice', metformin, 11);
    expect((await stored(request.id))?.status).toBe('pending');
    expect((await call('alice', '/api/approvals')).json).toStrictEqual({
      items: [{ ...request, status: 'expired' }],
    });
    expect((await stored(request.id))?.status).toBe('expired');
    expect(await decision('alice', request.id, 'approve')).toMatchObject({
      status: 409,
      json: { error: 'conflict', message: APPROVAL_TEXTS.expired },
    });
  });

  it('the store keeps a clinician’s requests apart, refuses a duplicate id, and replaces in place', async () => {
    const alices = await filed('alice');
    const bens = await filed('ben', { ...metformin, medication: 'Lisinopril' });
    await server.store.transaction(async (tx) => {
      expect(await tx.listApprovals(PERSONAS.alice.sub)).toStrictEqual([alices]);
      expect(await tx.listApprovals(PERSONAS.ben.sub)).toStrictEqual([bens]);
      await expect(tx.insertApproval(alices)).rejects.toBeInstanceOf(DuplicateIdError);
      expect(await tx.replaceApproval({ ...alices, status: 'denied' })).toBe(true);
      expect(await tx.replaceApproval({ ...alices, id: 'apr-999' })).toBe(false);
      expect(await tx.getApproval('apr-999')).toBeUndefined();
    });
    expect((await stored(alices.id))?.status).toBe('denied');
  });
});
