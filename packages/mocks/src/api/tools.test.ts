import { ASSISTANT_ERRORS, PERMISSION_ALERTS, TOOL_TEXTS, patientIdFor } from '@sentinel/domain';
import type { ChatStreamEvent, ChatToolEvent } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import { call, eventsOf, useMockApi } from '../../test/testkit';

const ctx = useMockApi();

const ask = async (who: PersonaKey, content: string) => {
  const answer = await call(who, 'chat', { body: { messages: [{ role: 'user', content }] } });
  expect(answer.status).toBe(200);
  return eventsOf(answer.text);
};
const toolOf = (events: ChatStreamEvent[]) => events.find((e): e is ChatToolEvent => e.type === 'tool');
const textOf = (events: ChatStreamEvent[]) => events.map((e) => (e.type === 'token' ? e.text : '')).join('');

describe('the records tool in chat (fine-grained authorization)', () => {
  it("lists Jane's own records only, after meta and before the reply text, which is the tool's message", async () => {
    const events = await ask('jane', 'Show me my medical records');
    const tool = toolOf(events);
    expect(events.map((e) => e.type).slice(0, 2)).toStrictEqual(['meta', 'tool']);
    expect(tool).toMatchObject({ tool: 'medical_records_fga', action: 'read', outcome: 'ok' });
    const janes = ctx.api.store.records.filter((r) => r.patientId === patientIdFor(PERSONAS.jane.sub));
    expect(janes.length).toBeGreaterThan(0);
    expect(tool?.records?.map((r) => r.id).sort()).toStrictEqual(janes.map((r) => r.id).sort());
    expect(textOf(events)).toBe(tool?.message);
    expect(events.at(-1)).toStrictEqual({ type: 'done' });
  });

  it('lets a doctor see every patient’s records, and refuses a pharmacist with the spec’s words', async () => {
    const all = Math.min(ctx.api.store.records.length, 20);
    expect(toolOf(await ask('alice', 'Show the patient records'))?.records).toHaveLength(all);
    // A nurse signs in to the patient dashboard: as in GET /api/records, only records her account owns (none).
    expect(toolOf(await ask('nora', 'Show the patient records'))?.records).toStrictEqual([]);
    const phil = toolOf(await ask('phil', 'Show the patient records'));
    expect(phil).toStrictEqual({
      type: 'tool',
      tool: 'medical_records_fga',
      action: 'read',
      outcome: 'denied',
      message: ASSISTANT_ERRORS.recordsDenied,
    });
  });

  it('writes an audit row for the records the tool read, naming the one patient, and one for a refusal', async () => {
    await ask('jane', 'Show me my medical records');
    await ask('phil', 'Show me the medical records');
    const rows = ctx.api.store.audit.filter((row) => row.resourceType === 'record');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actorSub: PERSONAS.jane.sub,
      action: 'list',
      outcome: 'allowed',
      patientId: patientIdFor(PERSONAS.jane.sub),
    });
    expect(rows[1]).toMatchObject({ actorSub: PERSONAS.phil.sub, outcome: 'denied', patientId: null });
  });
});

describe('tool calls the gate stops', () => {
  it("refuses a patient's prescribing with the spec's alert and writes nothing", async () => {
    const before = ctx.api.store.prescriptions.length;
    const tool = toolOf(await ask('jane', 'Prescribe metformin 500 mg twice daily for Jane Doe'));
    expect(tool).toMatchObject({ outcome: 'denied', message: PERMISSION_ALERTS.createPrescriptions });
    expect(ctx.api.store.prescriptions).toHaveLength(before);
  });

  it('asks a doctor for a date and time before scheduling', async () => {
    const tool = toolOf(await ask('alice', 'Schedule an appointment with Jane Doe'));
    expect(tool).toMatchObject({ outcome: 'needs_input', message: TOOL_TEXTS.scheduleNeedsSlot });
  });

  it('answers refill as not supported', async () => {
    const tool = toolOf(await ask('jane', 'Can I get a refill of my prescription?'));
    expect(tool).toMatchObject({
      outcome: 'not_supported',
      message: ASSISTANT_ERRORS.notSupported('refill'),
    });
  });

  it('runs no tool for a red flag: the emergency answer comes at once', async () => {
    const events = await ask('jane', 'I have chest pain, show me my medical records');
    expect(toolOf(events)).toBeUndefined();
    expect(events[0]).toMatchObject({ type: 'meta', emergency: true });
  });
});

describe('the calendar tool in chat (token vault)', () => {
  it('asks for consent until the calendar is connected, then lists the appointments as events', async () => {
    const first = toolOf(await ask('jane', 'Show my upcoming appointments'));
    expect(first).toMatchObject({ tool: 'google_calendar_medical', outcome: 'consent_required' });
    const connected = await call('jane', 'connectCalendar', { body: { scopes: ['calendar:read'] } });
    expect(connected.status).toBe(200);
    const second = toolOf(await ask('jane', 'Show my upcoming appointments'));
    expect(second).toMatchObject({ outcome: 'ok' });
    expect(second?.events?.length).toBeGreaterThan(0);
    const janes = new Set(
      ctx.api.store.appointments.filter((a) => a.patientEmail === PERSONAS.jane.email).map((a) => a.id),
    );
    expect(second?.events?.every((e) => e.appointmentId !== null && janes.has(e.appointmentId))).toBe(true);
  });
});

describe('the prescription tool in chat (asynchronous authorization)', () => {
  it('files a pending approval request for the doctor and prescribes nothing', async () => {
    const before = ctx.api.store.prescriptions.length;
    const events = await ask('alice', 'Prescribe metformin 500 mg twice daily for Jane Doe');
    const tool = toolOf(events);
    expect(tool).toMatchObject({ tool: 'prescription_async_auth', outcome: 'approval_requested' });
    expect(tool?.approval).toMatchObject({
      status: 'pending',
      requestedBy: PERSONAS.alice.sub,
      approverSub: PERSONAS.alice.sub,
      prescription: {
        medication: 'Metformin',
        dosage: '500 mg',
        frequency: 'Twice daily',
        patientName: 'Jane Doe',
      },
    });
    expect(ctx.api.store.prescriptions).toHaveLength(before);
    expect(textOf(events)).toContain('Nothing is prescribed until you approve it');
    const listed = await call('alice', 'listApprovals');
    expect(JSON.parse(listed.text).items.map((a: { id: string }) => a.id)).toStrictEqual([
      tool?.approval?.id,
    ]);
  });
});
