/**
 * Care team and break-the-glass keyed on the patient's account (REQ-rec-break-glass follow-up; ASVS 4.2.1,
 * 4.1.3; HIPAA 164.312(a)(1)): a care-team assignment and an emergency grant name the patient by account id (the
 * `ownerId` of their records), never by the display patient id (`P-` and the last six characters of the account
 * id), which two accounts may share. Dr. Smith is Jane's assigned doctor and Dr. Carter has an appointment with
 * her; a second patient account whose id ends like Jane's (the twin) has a sensitive and a restricted record
 * neither doctor wrote. Neither doctor is on the twin's care team, and a grant for one patient never opens the
 * other's records.
 */
import { startTestServer, type TestServer } from '@sentinel/api/testkit';
import { patientIdFor, type EmergencyGrant, type MedicalRecord } from '@sentinel/domain';
import { FIXED_NOW, PERSONAS, seed, type PersonaKey } from '@sentinel/demo-data';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectContractError, send, type Answer, patientLikeJane } from './support';

const JANE = PERSONAS.jane;
const JANE_RESTRICTED = 'rec-006';
const JANE_SENSITIVE = 'rec-001';
const TWIN_SENSITIVE = 'rec-twin-sensitive';
const TWIN_RESTRICTED = 'rec-twin-restricted';
const REASON = 'Patient unconscious in the emergency department';

const seeded = seed(FIXED_NOW);

/** A second patient whose account id ends like Jane's (another tenant prefix): the same display patient id. */
const TWIN = patientLikeJane({
  id: `google-oauth2|twin-${JANE.sub.slice(-6)}`,
  name: 'Toni Twin',
  email: 'toni.twin@example.com',
  phone: '+1 555-0177',
});

/** One of Jane's seeded records, copied to the twin, written by a doctor who has no account here. */
function twinRecord(from: string, id: string): MedicalRecord {
  const record = seeded.records.find((r) => r.id === from);
  if (!record) throw new Error(`${from} is not seeded`);
  return {
    ...record,
    id,
    ownerId: TWIN.id,
    patientId: patientIdFor(TWIN.id),
    patientName: TWIN.name,
    patientEmail: TWIN.email,
    doctor: 'Dr. Visiting Locum',
  };
}

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
  await server.store.transaction(async (tx) => {
    await tx.insertUser(TWIN);
    await tx.insert('records', twinRecord(JANE_SENSITIVE, TWIN_SENSITIVE));
    await tx.insert('records', twinRecord(JANE_RESTRICTED, TWIN_RESTRICTED));
  });
});
afterEach(async () => {
  await server.close();
});

async function as(who: PersonaKey | 'twin', method: 'GET' | 'POST', url: string, body?: unknown) {
  const token = await server.tokenFor(who === 'twin' ? { sub: TWIN.id } : who);
  return send(server.app, { method, url, token, ...(body === undefined ? {} : { body }) });
}
const status = async (who: PersonaKey | 'twin', url: string) => (await as(who, 'GET', url)).status;
const breakGlass = (who: PersonaKey, patient: string): Promise<Answer> =>
  as(who, 'POST', `/api/patients/${encodeURIComponent(patient)}/emergency-access`, { reason: REASON });
const grantOf = (answer: Answer): EmergencyGrant => {
  expect(answer.status, answer.text.slice(0, 300)).toBe(201);
  return answer.json as EmergencyGrant;
};

describe('two patient accounts that share a display patient id', () => {
  it('share it (the premise of this file), and each reads their own records above normal', async () => {
    expect(patientIdFor(TWIN.id)).toBe(patientIdFor(JANE.sub));
    expect(await status('twin', `/api/records/${TWIN_RESTRICTED}`)).toBe(200);
    expect(await status('jane', `/api/records/${JANE_RESTRICTED}`)).toBe(200);
  });

  it('Dr. Smith, assigned to Jane, is not on the twin’s care team: 404 on the twin’s records above normal', async () => {
    expect(await status('alice', `/api/records/${JANE_SENSITIVE}`)).toBe(200);
    expect(await status('alice', `/api/records/${TWIN_SENSITIVE}`)).toBe(404);
    expect(await status('alice', `/api/records/${TWIN_RESTRICTED}`)).toBe(404);
    const list = (await as('alice', 'GET', '/api/records')).json as { items: MedicalRecord[] };
    expect(list.items.map((r) => r.id)).not.toContain(TWIN_SENSITIVE);
  });

  it('Dr. Carter’s appointment with Jane does not put him on the twin’s care team', async () => {
    expect(await status('ben', `/api/records/${JANE_SENSITIVE}`)).toBe(200);
    expect(await status('ben', `/api/records/${TWIN_SENSITIVE}`)).toBe(404);
  });
});

describe('break-the-glass names the patient by account id', () => {
  it('a grant for the twin opens the twin’s records and none of Jane’s', async () => {
    const grant = grantOf(await breakGlass('ben', TWIN.id));
    expect(grant.ownerId).toBe(TWIN.id);
    expect(await status('ben', `/api/records/${TWIN_RESTRICTED}`)).toBe(200);
    expect(await status('ben', `/api/records/${JANE_RESTRICTED}`)).toBe(404);
  });

  it('a grant for Jane opens Jane’s records and none of the twin’s', async () => {
    const grant = grantOf(await breakGlass('ben', JANE.sub));
    expect(grant.ownerId).toBe(JANE.sub);
    expect(await status('ben', `/api/records/${JANE_RESTRICTED}`)).toBe(200);
    expect(await status('ben', `/api/records/${TWIN_RESTRICTED}`)).toBe(404);
    expect(await status('ben', `/api/records/${TWIN_SENSITIVE}`)).toBe(404);
  });

  it('a display id two patient accounts share is refused with 409, and grants nothing', async () => {
    const answer = await breakGlass('ben', patientIdFor(JANE.sub));
    expectContractError(answer, 'conflict');
    expect(await status('ben', `/api/records/${JANE_RESTRICTED}`)).toBe(404);
    expect(await status('ben', `/api/records/${TWIN_RESTRICTED}`)).toBe(404);
    const alerts = (await as('sam', 'GET', '/api/emergency-access')).json as { items: EmergencyGrant[] };
    expect(alerts.items).toStrictEqual([]);
  });

  it('an account id that is no patient’s answers 404, whoever it is', async () => {
    expectContractError(await breakGlass('ben', PERSONAS.alice.sub), 'not_found');
    expectContractError(await breakGlass('ben', 'auth0|nobody-000001'), 'not_found');
  });
});
