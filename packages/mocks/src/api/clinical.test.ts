import { OWNERSHIP_TEXTS, newPrescriptionDates, patientIdFor, type Appointment } from '@sentinel/domain';
import type { RouteName } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, seed, PERSONAS } from '@sentinel/demo-data';
import { call, useMockApi } from '../../test/testkit';

const ctx = useMockApi();

const NOT_FOUND = { error: 'not_found', message: 'Not found.' };
const itemsOf = (json: unknown) => (json as { items: Record<string, unknown>[] }).items;

describe('patients see only their own data (REQ-access-patient-own)', () => {
  it('Jane cannot open John’s record: 404 with no data, the same answer as an id that does not exist', async () => {
    const johns = await call('jane', 'getRecord', { params: { id: 'rec-007' } });
    const missing = await call('jane', 'getRecord', { params: { id: 'rec-999' } });
    expect(johns.status).toBe(404);
    expect(johns.json).toStrictEqual(NOT_FOUND);
    expect(missing.text).toBe(johns.text);
  });

  it.each(['updateAppointmentStatus', 'refillPrescription'] as const)(
    'Jane cannot reach John’s items through %s either',
    async (name) => {
      const params = { id: name === 'refillPrescription' ? 'rx-005' : 'apt-009' };
      const body = name === 'updateAppointmentStatus' ? { status: 'cancelled' } : undefined;
      const answer = await call('jane', name, { params, body });
      // Jane lacks the write permission, so the 403 comes first and says nothing about John's item.
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain('John');
    },
  );

  it('Jane opens her own record, with her own name blanked like every patient name she receives', async () => {
    const answer = await call('jane', 'getRecord', { params: { id: 'rec-001' } });
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({
      id: 'rec-001',
      patientEmail: 'jane.doe@example.com',
      patientName: '',
    });
  });

  it.each(['listAppointments', 'listRecords', 'listPrescriptions'] as const)(
    '%s gives Jane only her own items and never another patient’s name',
    async (name: RouteName) => {
      const answer = await call('jane', name);
      const items = itemsOf(answer.json);
      expect(items.length).toBeGreaterThan(0);
      expect(items.every((item) => item.patientEmail === 'jane.doe@example.com')).toBe(true);
      expect(items.every((item) => item.patientName === '')).toBe(true);
      expect(answer.text).not.toMatch(/John|Roe|john\.roe/);
    },
  );

  it('a doctor sees every patient’s items with their names', async () => {
    const items = itemsOf((await call('alice', 'listRecords')).json);
    expect(items).toHaveLength(seed().records.length);
    expect(new Set(items.map((item) => item.patientName))).toStrictEqual(new Set(['Jane Doe', 'John Roe']));
  });

  it('a record that carries a patient’s name, e-mail and patient id but another owner is not theirs: 404', async () => {
    const data = seed();
    const base = data.records[0];
    if (!base) throw new Error('seed has records');
    data.records.push({ ...base, id: 'rec-namesake', ownerId: 'auth0|sentinel-patient-000101' });
    ctx.restart({ seed: data });
    const answer = await call('jane', 'getRecord', { params: { id: 'rec-namesake' } });
    expect(answer.status).toBe(404);
    expect(answer.json).toStrictEqual(NOT_FOUND);
    const listed = await call('jane', 'listRecords');
    expect(itemsOf(listed.json).map((r) => r.id)).not.toContain('rec-namesake');
  });
});

describe('appointments (REQ-appt-new, REQ-appt-status-change, REQ-access-delete-records)', () => {
  it('a doctor creates an appointment, it starts scheduled with a generated id, and the list then holds it', async () => {
    const created = await call('alice', 'createAppointment', {
      body: {
        patientName: 'Jane Doe',
        patientEmail: 'jane.doe@example.com',
        doctorName: 'Dr. Alice Smith',
        date: '2026-11-20',
        time: '10:00',
        type: 'follow-up',
      },
    });
    expect(created.status).toBe(201);
    const appointment = created.json as Appointment;
    expect(appointment).toMatchObject({ id: 'apt-1001', status: 'scheduled', notes: '', date: '2026-11-20' });
    const listed = itemsOf((await call('alice', 'listAppointments')).json);
    expect(listed).toContainEqual(appointment);
    const janes = itemsOf((await call('jane', 'listAppointments')).json);
    expect(janes).toContainEqual({ ...appointment, patientName: '' });
  });

  it('ids count up deterministically: the second appointment is apt-1002', async () => {
    const body = { patientEmail: PERSONAS.john.email };
    await call('alice', 'createAppointment', { body });
    const second = await call('alice', 'createAppointment', { body });
    expect((second.json as Appointment).id).toBe('apt-1002');
  });

  it('a doctor confirms and completes in any order; the store keeps the change', async () => {
    const done = await call('alice', 'updateAppointmentStatus', {
      params: { id: 'apt-004' },
      body: { status: 'completed' },
    });
    expect((done.json as Appointment).status).toBe('completed');
    const back = await call('alice', 'updateAppointmentStatus', {
      params: { id: 'apt-004' },
      body: { status: 'confirmed' },
    });
    expect((back.json as Appointment).status).toBe('confirmed');
    expect(ctx.api.store.appointments.find((a) => a.id === 'apt-004')?.status).toBe('confirmed');
  });

  it('the admin deletes an appointment: 204 without a body, then it is gone', async () => {
    const deleted = await call('sam', 'deleteAppointment', { params: { id: 'apt-004' } });
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expect(ctx.api.store.appointments.some((a) => a.id === 'apt-004')).toBe(false);
    expect((await call('sam', 'deleteAppointment', { params: { id: 'apt-004' } })).json).toStrictEqual(
      NOT_FOUND,
    );
  });

  it('an unknown appointment id answers 404', async () => {
    const answer = await call('alice', 'updateAppointmentStatus', {
      params: { id: 'apt-404' },
      body: { status: 'confirmed' },
    });
    expect(answer.json).toStrictEqual(NOT_FOUND);
  });
});

describe('medical records (REQ-data-record, REQ-access-owner)', () => {
  it('a doctor creates a record: the doctor is the signed-in user, owner and patient id come from the patient account', async () => {
    const created = await call('ben', 'createRecord', {
      body: {
        recordType: 'lab-result',
        title: 'Lipid panel',
        patientEmail: 'john.roe@example.com',
        patientName: 'John Roe',
        date: '2026-11-01',
        vitals: { heartRate: 64 },
      },
    });
    expect(created.status).toBe(201);
    expect(created.json).toStrictEqual({
      id: 'rec-1001',
      recordType: 'lab-result',
      title: 'Lipid panel',
      description: '',
      patientEmail: 'john.roe@example.com',
      patientName: 'John Roe',
      patientId: PERSONAS.john.patientId,
      ownerId: PERSONAS.john.sub,
      doctor: 'Dr. Ben Carter',
      date: '2026-11-01',
      status: 'active',
      confidentialityLevel: 'normal',
      vitals: { heartRate: 64 },
    });
    const johns = itemsOf((await call('john', 'listRecords')).json);
    expect(johns.some((r) => r.id === 'rec-1001')).toBe(true);
  });

  it('a record for an e-mail of no patient account is refused with 400 and stores nothing', async () => {
    const before = ctx.api.store.records.length;
    const answer = await call('alice', 'createRecord', {
      body: {
        recordType: 'imaging',
        title: 'X-ray',
        patientEmail: 'new.patient@example.com',
        patientId: 'P-777777',
        date: '2026-11-01',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.json).toMatchObject({ error: 'invalid_input', message: OWNERSHIP_TEXTS.unknownPatient });
    expect(ctx.api.store.records).toHaveLength(before);
  });

  it('a doctor edits only the fields sent', async () => {
    const before = ctx.api.store.records.find((r) => r.id === 'rec-002');
    const answer = await call('alice', 'updateRecord', {
      params: { id: 'rec-002' },
      body: { title: 'Revised A1C' },
    });
    expect(answer.json).toStrictEqual({ ...before, title: 'Revised A1C' });
  });
});

describe('prescriptions (REQ-limit-new-prescription, REQ-rx-refill-limit)', () => {
  it('a doctor prescribes: prescriber, dates, owner and patient id set by the rules, refills coerced', async () => {
    const answer = await call('alice', 'createPrescription', {
      body: {
        patientName: 'Jane Doe',
        patientEmail: 'jane.doe@example.com',
        medication: 'Metformin',
        refillsAllowed: '15',
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.json).toMatchObject({
      id: 'rx-1001',
      prescribedBy: 'Dr. Alice Smith',
      status: 'active',
      refillsAllowed: 10,
      refillsUsed: 0,
      patientId: patientIdFor(PERSONAS.jane.sub),
      ownerId: PERSONAS.jane.sub,
      ...newPrescriptionDates(FIXED_NOW),
    });
  });

  it('refill raises refills used by one until the limit, then answers 409', async () => {
    const refill = () => call('alice', 'refillPrescription', { params: { id: 'rx-001' } });
    expect((await refill()).json).toMatchObject({ refillsUsed: 2, refillsAllowed: 3 });
    expect((await refill()).json).toMatchObject({ refillsUsed: 3 });
    const over = await refill();
    expect(over.status).toBe(409);
    expect(over.json).toStrictEqual({
      error: 'conflict',
      message: 'No refills remain on this prescription.',
    });
    expect(ctx.api.store.prescriptions.find((p) => p.id === 'rx-001')?.refillsUsed).toBe(3);
  });

  it('an inactive prescription cannot be refilled', async () => {
    const answer = await call('alice', 'refillPrescription', { params: { id: 'rx-004' } });
    expect(answer.status).toBe(409);
  });
});
