import { AuditEventSchema, type AuditEntry, type AuditEvent } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, PERSONAS, PERSONA_LIST } from '@sentinel/demo-data';
import { call, useMockApi } from '../../test/testkit';

const ctx = useMockApi();

const rows = () => ctx.api.store.audit;
const lastRow = () => rows().at(-1);

describe('the audit trail (GET /api/audit)', () => {
  it('a read of patient data writes an allowed row with the record id, the time and the actor', async () => {
    await call('jane', 'getRecord', { params: { id: 'rec-001' } });
    expect(lastRow()).toStrictEqual({
      id: 'aud-1001',
      timestamp: FIXED_NOW.toISOString(),
      actorSub: PERSONAS.jane.sub,
      actorRole: 'patient',
      action: 'read',
      resourceType: 'record',
      resourceId: 'rec-001',
      patientId: PERSONAS.jane.patientId,
      outcome: 'allowed',
      reason: 'allowed',
    });
  });

  it('a write records the new item’s id', async () => {
    const created = await call('alice', 'createAppointment', { body: { patientEmail: PERSONAS.john.email } });
    expect(lastRow()).toMatchObject({
      action: 'create',
      resourceType: 'appointment',
      resourceId: (created.json as { id: string }).id,
      patientId: PERSONAS.john.patientId,
      outcome: 'allowed',
    });
  });

  it('a refusal for a missing permission is recorded as denied', async () => {
    await call('jane', 'createAppointment', { body: {} });
    expect(lastRow()).toMatchObject({
      actorSub: PERSONAS.jane.sub,
      action: 'create',
      resourceId: null,
      outcome: 'denied',
      reason: 'missing permission write:appointments',
    });
  });

  it('someone else’s item is recorded as denied for ownership, though the answer is a plain 404', async () => {
    const deniedAt = rows().length;
    await call('john', 'getRecord', { params: { id: 'rec-001' } });
    await call('john', 'getRecord', { params: { id: 'rec-404' } });
    expect(
      rows()
        .slice(deniedAt)
        .map((r) => [r.resourceId, r.outcome, r.reason]),
    ).toStrictEqual([
      ['rec-001', 'denied', 'not the viewer’s own item (REQ-access-owner)'],
      ['rec-404', 'denied', 'no item with this id'],
    ]);
  });

  it('a failed change is recorded as denied with its reason', async () => {
    await call('alice', 'refillPrescription', { params: { id: 'rx-002' } });
    expect(lastRow()).toMatchObject({
      resourceId: 'rx-002',
      outcome: 'denied',
      reason: 'conflict: No refills remain on this prescription.',
    });
  });

  it('knowledge decisions are recorded with the domain’s reason, and nurses with their own role', async () => {
    await call('nora', 'getKnowledgeItem', { params: { id: 'metformin' } });
    expect(lastRow()).toMatchObject({ actorRole: 'nurse', resourceType: 'knowledge', outcome: 'denied' });
    expect(lastRow()?.reason).toContain('Role nurse is not in the document');
    await call('alice', 'getKnowledgeItem', { params: { id: 'metformin' } });
    expect(lastRow()?.reason).toContain('prescribing authority');
  });

  it('a chat records its session, never the question', async () => {
    await call('jane', 'chat', {
      body: { messages: [{ role: 'user', content: 'My secret symptom' }], sessionId: 'session-7' },
    });
    expect(lastRow()).toMatchObject({ resourceType: 'chat', resourceId: 'session-7', outcome: 'allowed' });
    await call('jane', 'chat', { body: { messages: [{ role: 'user', content: 'Again' }] } });
    expect(lastRow()?.resourceId).toBeNull();
  });

  it('calls that touch no protected data write no row', async () => {
    await call('jane', 'getMe');
    await call('jane', 'assistantStatus');
    await call('jane', 'identityStatus');
    await call(null, 'listRecords');
    await call('alice', 'createAppointment', { body: { nonsense: 1 } });
    expect(rows()).toStrictEqual([]);
  });

  it('a patient sees who opened their record: staff by name, another patient as another user', async () => {
    await call('alice', 'getRecord', { params: { id: 'rec-001' } });
    await call('john', 'getRecord', { params: { id: 'rec-001' } });
    const jane = (await call('jane', 'listAudit')).json as { items: AuditEntry[] };
    expect(jane.items.map((r) => [r.actorSub, r.actorName, r.actorRole, r.outcome])).toStrictEqual([
      [null, PERSONAS.alice.name, 'doctor', 'allowed'],
      [null, undefined, 'patient', 'denied'],
    ]);
    const john = (await call('john', 'listAudit')).json as { items: AuditEvent[] };
    expect(john.items.map((r) => r.actorSub)).toStrictEqual([PERSONAS.john.sub]);
    expect(john.items[0]?.patientId).toBe(PERSONAS.jane.patientId);
  });

  it('a clinician’s list of everyone’s records names no single patient', async () => {
    await call('alice', 'listRecords');
    expect(lastRow()?.patientId).toBeNull();
    await call('jane', 'listRecords');
    expect(lastRow()?.patientId).toBe(PERSONAS.jane.patientId);
  });

  it('the admin sees every row; everyone else only the rows of their own calls', async () => {
    await call('jane', 'listRecords');
    await call('john', 'listRecords');
    await call('alice', 'listRecords');
    const sam = (await call('sam', 'listAudit')).json as { items: AuditEvent[] };
    expect(sam.items.map((r) => r.actorSub)).toStrictEqual([
      PERSONAS.jane.sub,
      PERSONAS.john.sub,
      PERSONAS.alice.sub,
    ]);
    const jane = (await call('jane', 'listAudit')).json as { items: AuditEvent[] };
    expect(jane.items.map((r) => r.actorSub)).toStrictEqual([PERSONAS.jane.sub]);
    expect(lastRow()).toMatchObject({
      actorSub: PERSONAS.jane.sub,
      resourceType: 'audit',
      reason: 'own rows: 1',
    });
  });

  it('rows satisfy the contract and never carry a name or an e-mail address', async () => {
    await call('jane', 'listRecords');
    await call('alice', 'createRecord', {
      body: {
        recordType: 'diagnosis',
        title: 'Asthma',
        patientEmail: 'jane.doe@example.com',
        date: '2026-11-01',
      },
    });
    await call('sam', 'updateUser', { params: { id: PERSONAS.john.sub }, body: { status: 'suspended' } });
    await call('sam', 'listUsers');
    const text = JSON.stringify(rows());
    for (const persona of PERSONA_LIST) {
      expect(text).not.toContain(persona.name);
      expect(text).not.toContain(persona.email);
    }
    for (const row of rows()) expect(AuditEventSchema.parse(row)).toStrictEqual(row);
  });
});
