/**
 * What a patient's 'Who viewed my records' tells them about the people in it (HIPAA 164.312(b), 164.528; ASVS
 * 8.3.4): staff who touched their data by name and role, their own calls as theirs, and any other patient only
 * as another user. Another patient's subject ends in that patient's id (REQ-data-derived-ids), so it must not reach the
 * patient's browser, nor their name or e-mail. Staff and administrators read the rows as stored.
 */
import { signAccessToken, startTestServer, type TestServer } from '@sentinel/api/testkit';
import { AuditEntrySchema, type AuditEntry } from '@sentinel/domain/contract';
import { PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import type { JWK } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSigningKey, send, type Keys } from './support';

const JANE = PERSONAS.jane;
const JOHN = PERSONAS.john;
const ALICE = PERSONAS.alice;
const BEN = PERSONAS.ben;

let key: Keys & { jwk: JWK };
let server: TestServer;
beforeAll(async () => {
  key = await createSigningKey('test-key');
});
beforeEach(async () => {
  server = await startTestServer({ key });
});
afterEach(async () => {
  await server.close();
});

async function get(who: PersonaKey, url: string) {
  return send(server.app, { url, token: await signAccessToken(key.privateKey, who) });
}

/** The audit rows `who` is shown, each checked against the contract. */
async function auditOf(who: PersonaKey): Promise<{ rows: AuditEntry[]; text: string }> {
  const answer = await get(who, '/api/audit');
  expect(answer.status, answer.text.slice(0, 300)).toBe(200);
  const rows = (answer.json as { items: unknown[] }).items.map((item) => AuditEntrySchema.parse(item));
  return { rows, text: answer.text };
}

/** Jane's record read by two doctors and tried by another patient (refused); Jane lists her records. */
async function touchJanesRecord(): Promise<void> {
  expect((await get('alice', '/api/records/rec-001')).status).toBe(200);
  expect((await get('ben', '/api/records/rec-001')).status).toBe(200);
  expect((await get('john', '/api/records/rec-001')).status).toBe(404);
  expect((await get('jane', '/api/records')).status).toBe(200);
}

describe("a patient's view of who touched their data", () => {
  it('names each staff member who read it, with their role, and leaves out their subject', async () => {
    await touchJanesRecord();
    const { rows } = await auditOf('jane');
    const onRecord = rows.filter((row) => row.resourceId === 'rec-001');
    expect(onRecord.map((row) => [row.actorName ?? null, row.actorRole, row.actorSub])).toStrictEqual([
      [ALICE.name, 'doctor', null],
      [BEN.name, 'doctor', null],
      [null, 'patient', null],
    ]);
  });

  it('shows another patient only as another user: no subject, patient id, name or e-mail anywhere', async () => {
    await touchJanesRecord();
    const { rows, text } = await auditOf('jane');
    const johns = rows.filter((row) => row.outcome === 'denied' && row.resourceId === 'rec-001');
    expect(johns).toHaveLength(1);
    expect(johns[0]).toMatchObject({ actorSub: null, actorRole: 'patient' });
    expect(johns[0]).not.toHaveProperty('actorName');
    for (const secret of [JOHN.sub, JOHN.sub.slice(-6), JOHN.name, JOHN.email, JOHN.patientId ?? '']) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('shows the patient their own calls with their own subject', async () => {
    await touchJanesRecord();
    const { rows } = await auditOf('jane');
    const own = rows.filter((row) => row.actorSub === JANE.sub);
    expect(own.map((row) => [row.action, row.resourceType])).toStrictEqual([['list', 'record']]);
    for (const row of own) expect(row).not.toHaveProperty('actorName');
  });
});

describe('staff and administrators read the rows as stored', () => {
  it('the administrator sees every actor by subject, and no names added', async () => {
    await touchJanesRecord();
    const { rows } = await auditOf('sam');
    const onRecord = rows.filter((row) => row.resourceId === 'rec-001');
    expect(onRecord.map((row) => row.actorSub)).toStrictEqual([ALICE.sub, BEN.sub, JOHN.sub]);
    for (const row of rows) expect(row).not.toHaveProperty('actorName');
  });

  it('a doctor sees the rows of their own calls as stored', async () => {
    await touchJanesRecord();
    const { rows } = await auditOf('alice');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.actorSub).toBe(ALICE.sub);
      expect(row).not.toHaveProperty('actorName');
    }
  });
});
