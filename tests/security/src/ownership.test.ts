/**
 * One owner per patient item (ASVS 4.2.1, 4.1.3; HIPAA 164.312(a)(1), 164.312(b)): every appointment, record and
 * prescription belongs to the patient account its e-mail names when it is created, and only to it. Two patients
 * with the same name (Jane Doe, and a second Jane Doe created here) never see each other's items, in lists, by
 * id, through the assistant's records tool or in the audit trail; a create body whose patient name or id is not
 * that account's, or whose e-mail is no active patient's, is refused with 400 and stores nothing.
 */
import { signAccessToken, startTestServer, type TestServer } from '@sentinel/api/testkit';
import { OWNERSHIP_TEXTS, patientIdFor } from '@sentinel/domain';
import { parseSseEvents, type AuditEvent, type ChatToolEvent } from '@sentinel/domain/contract';
import { FIXED_NOW, PERSONAS, seed, type PersonaKey } from '@sentinel/demo-data';
import type { JWK } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createSigningKey,
  expectContractError,
  send,
  type Answer,
  type Keys,
  patientLikeJane,
} from './support';

const JANE = PERSONAS.jane;
const JOHN = PERSONAS.john;

/** A second patient named Jane Doe: only her account (id, e-mail) tells her apart from the first. */
const OTHER_JANE = patientLikeJane({
  id: 'auth0|sentinel-patient-000101',
  email: 'jane.doe.2@example.com',
  phone: '+1 555-0199',
});

type Who = PersonaKey | 'otherJane';

let key: Keys & { jwk: JWK };
let server: TestServer;
beforeAll(async () => {
  key = await createSigningKey('test-key');
});
beforeEach(async () => {
  server = await startTestServer({ key });
  await server.store.transaction((tx) => tx.insertUser(OTHER_JANE));
});
afterEach(async () => {
  await server.close();
});

const tokenOf = (who: Who) =>
  signAccessToken(key.privateKey, who === 'otherJane' ? { sub: OTHER_JANE.id } : who);

async function call(
  who: Who,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
): Promise<Answer> {
  return send(server.app, {
    method,
    url,
    token: await tokenOf(who),
    ...(body === undefined ? {} : { body }),
  });
}

const idsOf = (answer: Answer): string[] => {
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  return (answer.json as { items: { id: string }[] }).items.map((item) => item.id);
};

async function created(answer: Answer): Promise<{ id: string; patientId?: string; ownerId?: string }> {
  expect(answer.status, answer.text.slice(0, 300)).toBe(201);
  return answer.json as { id: string; patientId?: string; ownerId?: string };
}

/** The record ids the assistant's records tool gives `who`. */
async function recordsToolIds(who: Who): Promise<string[]> {
  const answer = await call(who, 'POST', '/api/chat', {
    messages: [{ role: 'user', content: 'Show me my medical records' }],
  });
  expect(answer.status).toBe(200);
  const tool = parseSseEvents(answer.text).events.find((e): e is ChatToolEvent => e.type === 'tool');
  expect(tool?.outcome).toBe('ok');
  return (tool?.records ?? []).map((r) => r.id);
}

const auditOf = async (who: Who): Promise<AuditEvent[]> => {
  const answer = await call(who, 'GET', '/api/audit');
  expect(answer.status).toBe(200);
  return (answer.json as { items: AuditEvent[] }).items;
};

/** Dr. Smith files one of each item for the second Jane Doe, by her e-mail and the name both Janes share. */
async function itemsForOtherJane() {
  const patient = { patientEmail: OTHER_JANE.email, patientName: 'Jane Doe' };
  const appointment = await created(
    await call('alice', 'POST', '/api/appointments', { ...patient, date: '2026-11-20', time: '09:30' }),
  );
  const record = await created(
    await call('alice', 'POST', '/api/records', {
      ...patient,
      recordType: 'diagnosis',
      title: 'Pregnancy, first trimester',
      date: '2026-11-02',
    }),
  );
  const prescription = await created(
    await call('alice', 'POST', '/api/prescriptions', {
      ...patient,
      medication: 'Folic acid',
      dosage: '0.4 mg',
    }),
  );
  return { appointment, record, prescription };
}

describe('two patients with the same name', () => {
  it('never see each other’s appointments, records or prescriptions in their lists', async () => {
    const { appointment, record, prescription } = await itemsForOtherJane();
    for (const [url, item] of [
      ['/api/appointments', appointment],
      ['/api/records', record],
      ['/api/prescriptions', prescription],
    ] as const) {
      expect(idsOf(await call('otherJane', 'GET', url)), url).toContain(item.id);
      expect(idsOf(await call('jane', 'GET', url)), url).not.toContain(item.id);
    }
    // And the first Jane's own seeded items stay hers alone.
    const janesRecords = idsOf(await call('jane', 'GET', '/api/records'));
    expect(janesRecords.length).toBeGreaterThan(0);
    const othersRecords = idsOf(await call('otherJane', 'GET', '/api/records'));
    expect(othersRecords).toStrictEqual([record.id]);
  });

  it('cannot open each other’s records by id (404, as for an id that does not exist)', async () => {
    const { appointment, record } = await itemsForOtherJane();
    expect((await call('otherJane', 'GET', `/api/records/${record.id}`)).status).toBe(200);
    expectContractError(await call('jane', 'GET', `/api/records/${record.id}`), 'not_found');
    const janesOwn = idsOf(await call('jane', 'GET', '/api/records'))[0];
    expectContractError(await call('otherJane', 'GET', `/api/records/${janesOwn}`), 'not_found');
    expect(idsOf(await call('jane', 'GET', '/api/appointments'))).not.toContain(appointment.id);
  });

  it('get only their own records from the assistant’s records tool', async () => {
    const { record } = await itemsForOtherJane();
    // A record for John that carries Jane's patient id (refused now; it used to reach her tool).
    await call('alice', 'POST', '/api/records', {
      recordType: 'diagnosis',
      title: 'HIV positive',
      patientEmail: JOHN.email,
      patientId: patientIdFor(JANE.sub),
      date: '2026-11-02',
    });
    expect(await recordsToolIds('otherJane')).toStrictEqual([record.id]);
    const seededForJane = seed(FIXED_NOW)
      .records.filter((r) => r.patientEmail === JANE.email)
      .map((r) => r.id);
    expect(seededForJane.length).toBeGreaterThan(0);
    expect((await recordsToolIds('jane')).sort()).toStrictEqual(seededForJane.sort());
  });

  it('are told apart by the audit trail: each create names its owner, and neither reads the other’s rows', async () => {
    const { appointment, record, prescription } = await itemsForOtherJane();
    const ids = [appointment.id, record.id, prescription.id];
    const creates = (await auditOf('sam')).filter(
      (row) => row.action === 'create' && ids.includes(row.resourceId ?? ''),
    );
    expect(creates.map((row) => row.patientId)).toStrictEqual(ids.map(() => patientIdFor(OTHER_JANE.id)));
    const janeReads = (await auditOf('jane')).map((row) => row.resourceId);
    for (const id of ids) expect(janeReads).not.toContain(id);
    expect((await auditOf('otherJane')).map((row) => row.resourceId)).toEqual(expect.arrayContaining(ids));
  });

  it('keep the patient id of their own account on each item, and a prescription none made from the clock', async () => {
    const { record, prescription } = await itemsForOtherJane();
    expect(record.patientId).toBe(patientIdFor(OTHER_JANE.id));
    expect(prescription.patientId).toBe(patientIdFor(OTHER_JANE.id));
    const forJohn = await created(
      await call('ben', 'POST', '/api/prescriptions', { patientEmail: JOHN.email, medication: 'Lisinopril' }),
    );
    expect(forJohn.patientId).toBe(patientIdFor(JOHN.sub));
  });
});

describe('a create body that does not name one patient account', () => {
  const johnsRecord = {
    recordType: 'visit-note',
    title: 'Visit',
    patientEmail: JOHN.email,
    date: '2026-11-02',
  };
  const CASES: readonly {
    label: string;
    url: string;
    body: Record<string, unknown>;
    message: string;
  }[] = [
    {
      label: 'a record for John named Jane Doe',
      url: '/api/records',
      body: { ...johnsRecord, patientName: JANE.name },
      message: OWNERSHIP_TEXTS.nameMismatch,
    },
    {
      label: 'a record for John with Jane’s patient id',
      url: '/api/records',
      body: { ...johnsRecord, patientId: patientIdFor(JANE.sub) },
      message: OWNERSHIP_TEXTS.patientIdMismatch,
    },
    {
      label: 'an appointment for John named Jane Doe',
      url: '/api/appointments',
      body: { patientEmail: JOHN.email, patientName: JANE.name },
      message: OWNERSHIP_TEXTS.nameMismatch,
    },
    {
      label: 'a prescription for John named Jane Doe',
      url: '/api/prescriptions',
      body: { patientEmail: JOHN.email, patientName: JANE.name, medication: 'Lisinopril' },
      message: OWNERSHIP_TEXTS.nameMismatch,
    },
    {
      label: 'a record for an e-mail of no account',
      url: '/api/records',
      body: { ...johnsRecord, patientEmail: 'walk.in@example.com', patientName: JANE.name },
      message: OWNERSHIP_TEXTS.unknownPatient,
    },
    {
      label: 'a record for a doctor’s e-mail',
      url: '/api/records',
      body: { ...johnsRecord, patientEmail: PERSONAS.alice.email },
      message: OWNERSHIP_TEXTS.unknownPatient,
    },
    {
      label: 'an appointment without an e-mail, named Jane Doe',
      url: '/api/appointments',
      body: { patientName: JANE.name, date: '2026-11-20' },
      message: OWNERSHIP_TEXTS.unknownPatient,
    },
    {
      label: 'a prescription without an e-mail, with Jane’s name',
      url: '/api/prescriptions',
      body: { patientName: JANE.name, medication: 'Warfarin' },
      message: OWNERSHIP_TEXTS.unknownPatient,
    },
  ];

  it.each(CASES)('is refused with 400 and stores nothing: $label', async ({ url, body, message }) => {
    const before = idsOf(await call('sam', 'GET', url));
    const answer = await call('alice', 'POST', url, body);
    expect(answer.status).toBe(400);
    expect(expectContractError(answer, 'invalid_input').message).toBe(message);
    expect(idsOf(await call('sam', 'GET', url))).toStrictEqual(before);
  });

  it('is refused for a suspended patient’s e-mail too', async () => {
    await server.store.transaction((tx) => tx.replaceUser({ ...OTHER_JANE, status: 'suspended' }));
    const answer = await call('alice', 'POST', '/api/records', {
      ...johnsRecord,
      patientEmail: OTHER_JANE.email,
    });
    expect(expectContractError(answer, 'invalid_input').message).toBe(OWNERSHIP_TEXTS.unknownPatient);
  });
});
