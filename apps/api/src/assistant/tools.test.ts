/**
 * The assistant's tools on the server: the records tool decided by the authorization model (the authorizer the
 * server was given, so an OpenFGA server decides when configured), the gate's refusals, and their audit rows.
 */
import { ASSISTANT_ERRORS, PERMISSION_ALERTS, patientIdFor } from '@sentinel/domain';
import type { ChatStreamEvent, ChatToolEvent } from '@sentinel/domain/contract';
import { PERSONAS } from '@sentinel/demo-data';
import { afterEach, describe, expect, it } from 'vitest';
import { createAuthorizer, type Authorizer } from '../fga';
import { startTestServer, type TestServer } from '../testkit';
import { chatAs, replyText } from './testSupport';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const toolOf = (events: readonly ChatStreamEvent[]) =>
  events.find((e): e is ChatToolEvent => e.type === 'tool');

describe('the records tool', () => {
  it("gives Jane her own records only, and the reply text is the tool's message", async () => {
    server = await startTestServer();
    const { status, events } = await chatAs(server, 'jane', 'Show me my medical records');
    expect(status).toBe(200);
    const tool = toolOf(events);
    expect(tool).toMatchObject({ tool: 'medical_records_fga', action: 'read', outcome: 'ok' });
    const janesId = patientIdFor(PERSONAS.jane.sub);
    const all = await server.store.transaction((tx) => tx.list('records'));
    const janes = all.filter((r) => r.patientId === janesId).map((r) => r.id);
    expect(janes.length).toBeGreaterThan(0);
    expect(tool?.records?.map((r) => r.id).sort()).toStrictEqual(janes.sort());
    expect(replyText(events)).toBe(tool?.message);
  });

  it('asks the authorizer about every record and keeps only what it allows', async () => {
    const asked: string[] = [];
    const local = createAuthorizer();
    const johns = `patient:${PERSONAS.john.sub}`;
    // Each record is asked about as `record:<id>` (record confidentiality, REQ-rec-confidentiality); its
    // patient is a tuple naming the owner account (two accounts may share a display patient id).
    const onlyP1002: Authorizer = {
      kind: 'local',
      check: async (user, relation, object, tuples = []) => {
        if (relation !== 'can_read') return local.check(user, relation, object, tuples);
        asked.push(object);
        const patient = tuples.find((t) => t.object === object && t.relation === 'patient')?.user;
        return patient === johns && (await local.check(user, relation, object, tuples));
      },
    };
    server = await startTestServer({ authorizer: onlyP1002 });
    const tool = toolOf((await chatAs(server, 'alice', 'Show the patient records')).events);
    const all = await server.store.transaction((tx) => tx.list('records'));
    expect(asked).toHaveLength(all.length);
    expect(asked.every((object) => object.startsWith('record:'))).toBe(true);
    expect(tool?.records?.length).toBeGreaterThan(0);
    const kept = new Set(tool?.records?.map((r) => r.id));
    expect(all.filter((r) => kept.has(r.id)).map((r) => r.patientId)).toStrictEqual(
      all.filter((r) => `patient:${r.ownerId}` === johns).map((r) => r.patientId),
    );
  });

  it("fails closed with the spec's records failure text when the authorizer cannot answer", async () => {
    const local = createAuthorizer();
    const down: Authorizer = {
      kind: 'openfga',
      check: async (user, relation, object, tuples) => {
        if (relation === 'can_read') throw new Error('connect ECONNREFUSED');
        return local.check(user, relation, object, tuples);
      },
    };
    server = await startTestServer({ authorizer: down });
    const tool = toolOf((await chatAs(server, 'alice', 'Show the patient records')).events);
    expect(tool).toMatchObject({ outcome: 'failed', message: ASSISTANT_ERRORS.recordsFailure });
    expect(tool?.records).toBeUndefined();
  });

  it('audits the read with the one patient it touched, and a refusal as denied', async () => {
    server = await startTestServer();
    await chatAs(server, 'jane', 'Show me my medical records');
    await chatAs(server, 'phil', 'Show me the medical records');
    const rows = await server.store.transaction((tx) => tx.listAudit({ all: true }));
    const records = rows.filter((row) => row.resourceType === 'record');
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      actorSub: PERSONAS.jane.sub,
      outcome: 'allowed',
      patientId: patientIdFor(PERSONAS.jane.sub),
    });
    expect(records[1]).toMatchObject({ actorSub: PERSONAS.phil.sub, outcome: 'denied' });
  });
});

describe('tool calls the gate stops', () => {
  it("refuses a patient's prescribing with the spec's alert", async () => {
    server = await startTestServer();
    const tool = toolOf((await chatAs(server, 'jane', 'Prescribe metformin 500 mg for Jane Doe')).events);
    expect(tool).toMatchObject({ outcome: 'denied', message: PERMISSION_ALERTS.createPrescriptions });
  });

  it('runs no tool for a red flag', async () => {
    server = await startTestServer();
    const { events } = await chatAs(server, 'jane', 'I have chest pain, show me my medical records');
    expect(toolOf(events)).toBeUndefined();
    expect(events[0]).toMatchObject({ type: 'meta', emergency: true });
  });
});

describe('the prescription tool (asynchronous authorization)', () => {
  it('files a pending approval request in the chat call and prescribes nothing', async () => {
    server = await startTestServer();
    const count = () => server!.store.transaction(async (tx) => (await tx.list('prescriptions')).length);
    const before = await count();
    const { events } = await chatAs(server, 'alice', 'Prescribe metformin 500 mg twice daily for Jane Doe');
    const tool = toolOf(events);
    expect(tool).toMatchObject({
      tool: 'prescription_async_auth',
      outcome: 'approval_requested',
      approval: {
        status: 'pending',
        requestedBy: PERSONAS.alice.sub,
        patientId: patientIdFor(PERSONAS.jane.sub),
        prescription: { medication: 'Metformin', dosage: '500 mg', frequency: 'Twice daily' },
      },
    });
    expect(await count()).toBe(before);
    const listed = await server.app.inject({
      url: '/api/approvals',
      headers: { authorization: `Bearer ${await server.tokenFor('alice')}` },
    });
    expect((JSON.parse(listed.body) as { items: { id: string }[] }).items.map((a) => a.id)).toStrictEqual([
      tool?.approval?.id,
    ]);
  });
});

describe('the calendar tool (token vault)', () => {
  it('asks for consent before the calendar is connected, without calling the identity provider', async () => {
    server = await startTestServer();
    const tool = toolOf((await chatAs(server, 'jane', 'Show my upcoming appointments')).events);
    expect(tool).toMatchObject({ tool: 'google_calendar_medical', outcome: 'consent_required' });
  });
});
