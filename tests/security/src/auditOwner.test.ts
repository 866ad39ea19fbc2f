/**
 * Audit rows keyed on the full owner account (HIPAA 164.312(b), 164.528; ASVS 7.2.2, 4.2.1): a patient's audit
 * view ("Who viewed my records") matches the rows of their data on their account id, never on the display
 * patient id (`P-` and the last six characters of the account id). Two patient accounts whose ids end in the
 * same six characters share a display id; each still sees the calls on their own data and none of the other's.
 */
import { signAccessToken, startTestServer, type TestServer } from '@sentinel/api/testkit';
import { patientIdFor } from '@sentinel/domain';
import type { AuditEntry } from '@sentinel/domain/contract';
import { PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import type { JWK } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSigningKey, send, type Answer, type Keys, patientLikeJane } from './support';

const JANE = PERSONAS.jane;

/** A second patient whose account id ends like Jane's (another tenant prefix): the same display patient id. */
const TWIN = patientLikeJane({
  id: `google-oauth2|twin-${JANE.sub.slice(-6)}`,
  name: 'Toni Twin',
  email: 'toni.twin@example.com',
  phone: '+1 555-0177',
});

type Who = PersonaKey | 'twin';

let key: Keys & { jwk: JWK };
let server: TestServer;
beforeAll(async () => {
  key = await createSigningKey('test-key');
});
beforeEach(async () => {
  server = await startTestServer({ key });
  await server.store.transaction((tx) => tx.insertUser(TWIN));
});
afterEach(async () => {
  await server.close();
});

async function call(who: Who, method: 'GET' | 'POST', url: string, body?: unknown): Promise<Answer> {
  const token = await signAccessToken(key.privateKey, who === 'twin' ? { sub: TWIN.id } : who);
  return send(server.app, { method, url, token, ...(body === undefined ? {} : { body }) });
}

const itemsOf = <T>(answer: Answer): T[] => {
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  return (answer.json as { items: T[] }).items;
};

const auditOf = async (who: Who): Promise<AuditEntry[]> =>
  itemsOf<AuditEntry>(await call(who, 'GET', '/api/audit'));

/** Jane lists her records, Dr. Smith reads one of them, and the twin lists theirs: rows of one display id. */
async function callsOnBothAccounts() {
  const janeRecords = itemsOf<{ id: string }>(await call('jane', 'GET', '/api/records'));
  // The first of Jane's records the doctor may read (a sensitive one may be outside the care team).
  let readByDoctor: string | undefined;
  for (const { id } of janeRecords) {
    if ((await call('alice', 'GET', `/api/records/${id}`)).status === 200) {
      readByDoctor = id;
      break;
    }
  }
  if (!readByDoctor) throw new Error('Dr. Smith reads none of Jane’s records');
  expect(itemsOf(await call('twin', 'GET', '/api/records'))).toStrictEqual([]);
  const booked = await call('alice', 'POST', '/api/appointments', {
    patientEmail: TWIN.email,
    patientName: TWIN.name,
    date: '2026-11-20',
    time: '09:30',
  });
  expect(booked.status, booked.text.slice(0, 300)).toBe(201);
  return { readByDoctor, twinsAppointment: (booked.json as { id: string }).id };
}

describe('two patient accounts whose ids end in the same six characters', () => {
  it('share the display patient id (the premise of this file)', () => {
    expect(TWIN.id).not.toBe(JANE.sub);
    expect(patientIdFor(TWIN.id)).toBe(patientIdFor(JANE.sub));
  });

  it('each see only their own calls and the calls on their own data in the audit view', async () => {
    const { readByDoctor, twinsAppointment } = await callsOnBothAccounts();

    const twinRows = await auditOf('twin');
    // The twin made calls, so the view is not empty; every row is one of theirs.
    expect(twinRows.length).toBeGreaterThan(0);
    expect(
      twinRows.filter((row) => row.actorSub !== TWIN.id && row.resourceId !== twinsAppointment),
    ).toStrictEqual([]);
    // The doctor's booking for the twin is the twin's, by name and role.
    expect(twinRows).toContainEqual(
      expect.objectContaining({ resourceId: twinsAppointment, action: 'create', actorRole: 'doctor' }),
    );
    expect(twinRows.map((row) => row.resourceId)).not.toContain(readByDoctor);

    const janeRows = await auditOf('jane');
    // Jane still sees who read her record, and no call of the twin (it would show as 'another user').
    expect(janeRows).toContainEqual(
      expect.objectContaining({
        resourceId: readByDoctor,
        action: 'read',
        actorRole: 'doctor',
        outcome: 'allowed',
      }),
    );
    expect(janeRows.filter((row) => row.actorSub === null && row.actorRole === 'patient')).toStrictEqual([]);
    expect(janeRows.map((row) => row.resourceId)).not.toContain(twinsAppointment);
  });

  it('keep the display patient id in the rows an admin reads', async () => {
    const { readByDoctor } = await callsOnBothAccounts();
    const all = await auditOf('sam');
    const read = all.find((row) => row.resourceId === readByDoctor && row.actorSub === PERSONAS.alice.sub);
    expect(read?.patientId).toBe(patientIdFor(JANE.sub));
    expect(Object.keys(read ?? {})).not.toContain('patientAccountId');
  });
});
