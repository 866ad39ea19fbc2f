/**
 * Record confidentiality (REQ-rec-confidentiality; ASVS 4.1.3, 4.2.1, 7.1.3; HIPAA 164.312(a)(1), (a)(2)(ii),
 * 164.312(b)): a care relationship decides who reads `sensitive` and `restricted` medical records. Jane Doe's
 * assigned doctor is Dr. Smith (the author of her restricted record rec-006, sensitive rec-001); Dr. Carter has
 * an appointment with her, so he is on her care team for sensitive records but not for restricted ones. Outside
 * the relationship a record is not in the list and answers 404 like a missing id. Break-the-glass gives a doctor
 * 60 minutes of read access with a reason, an audit row the patient sees and an entry in the administrators'
 * alert list. Only the author (or the care team between normal and sensitive) changes a level, and a downgrade
 * needs a reason.
 */
import { startTestServer, type TestServer } from '@sentinel/api/testkit';
import {
  CONFIDENTIALITY_TEXTS,
  EMERGENCY_ACCESS_MINUTES,
  isEmergencyAuditReason,
  patientIdFor,
  type EmergencyGrant,
  type MedicalRecord,
} from '@sentinel/domain';
import { parseSseEvents, type AuditEvent, type ChatToolEvent } from '@sentinel/domain/contract';
import { FIXED_NOW, PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectContractError, send, type Answer } from './support';

const JANE_ID = patientIdFor(PERSONAS.jane.sub);
const JANE_RESTRICTED = 'rec-006';
const JANE_SENSITIVE = 'rec-001';
const JANE_NORMAL = 'rec-002';
/** John Roe's restricted record, written by Dr. Smith; John's assigned doctor is Dr. Carter. */
const JOHN_RESTRICTED = 'rec-012';
const REASON = 'Patient unconscious in the emergency department';

/** The server's clock, moved by the tests. */
let clock = new Date(FIXED_NOW.getTime());
const later = (minutes: number) => {
  clock = new Date(FIXED_NOW.getTime() + minutes * 60_000);
};

let server: TestServer;
beforeEach(async () => {
  clock = new Date(FIXED_NOW.getTime());
  server = await startTestServer({ now: () => clock });
});
afterEach(async () => {
  await server.close();
});

async function as(
  who: PersonaKey,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
): Promise<Answer> {
  return send(server.app, { method, url, token: await server.tokenFor(who), ...(body ? { body } : {}) });
}
const ids = (answer: Answer) => (answer.json as { items: MedicalRecord[] }).items.map((r) => r.id);
const breakGlass = (who: PersonaKey, reason = REASON, patientId = JANE_ID) =>
  as(who, 'POST', `/api/patients/${patientId}/emergency-access`, { reason });

describe('reading records above normal', () => {
  it('a doctor outside the assigned team gets 404 on Jane’s restricted record, as for a missing id', async () => {
    const restricted = await as('ben', 'GET', `/api/records/${JANE_RESTRICTED}`);
    const missing = await as('ben', 'GET', '/api/records/rec-999');
    expect(restricted.status).toBe(404);
    expect(restricted.json).toStrictEqual(missing.json);
  });

  it('the record is not in his list, and nothing says it was left out', async () => {
    const list = await as('ben', 'GET', '/api/records');
    expect(list.status).toBe(200);
    expect(ids(list)).not.toContain(JANE_RESTRICTED);
    expect(ids(list)).toContain(JANE_SENSITIVE);
    expect(Object.keys(list.json as object)).toStrictEqual(['items']);
  });

  it('Dr. Smith, her assigned doctor and its author, reads it; John’s assigned doctor reads John’s', async () => {
    expect((await as('alice', 'GET', `/api/records/${JANE_RESTRICTED}`)).status).toBe(200);
    expect((await as('ben', 'GET', `/api/records/${JOHN_RESTRICTED}`)).status).toBe(200);
    expect(ids(await as('alice', 'GET', '/api/records'))).toContain(JANE_RESTRICTED);
  });

  it('the patient reads her own records at every level', async () => {
    const list = await as('jane', 'GET', '/api/records');
    expect(ids(list)).toEqual(expect.arrayContaining([JANE_RESTRICTED, JANE_SENSITIVE, JANE_NORMAL]));
    expect((await as('jane', 'GET', `/api/records/${JANE_RESTRICTED}`)).status).toBe(200);
  });

  it('an administrator reads normal records but no sensitive or restricted one', async () => {
    expect((await as('sam', 'GET', `/api/records/${JANE_NORMAL}`)).status).toBe(200);
    expect((await as('sam', 'GET', `/api/records/${JANE_SENSITIVE}`)).status).toBe(404);
    expect((await as('sam', 'GET', `/api/records/${JANE_RESTRICTED}`)).status).toBe(404);
    const list = (await as('sam', 'GET', '/api/records')).json as { items: MedicalRecord[] };
    expect(list.items.length).toBeGreaterThan(0);
    expect(list.items.every((r) => r.confidentialityLevel === 'normal')).toBe(true);
  });

  it('the assistant’s records tool leaves out what the caller may not read', async () => {
    const toolIds = async (who: PersonaKey) => {
      const answer = await as(who, 'POST', '/api/chat', {
        messages: [{ role: 'user', content: 'Show me my medical records' }],
      });
      const tool = parseSseEvents(answer.text).events.find((e): e is ChatToolEvent => e.type === 'tool');
      expect(tool?.outcome).toBe('ok');
      return (tool?.records ?? []).map((r) => r.id);
    };
    const ben = await toolIds('ben');
    expect(ben).toContain(JANE_SENSITIVE);
    expect(ben).not.toContain(JANE_RESTRICTED);
    expect(await toolIds('alice')).toContain(JANE_RESTRICTED);
  });

  it('a doctor who cannot read a record cannot change it either (404)', async () => {
    const answer = await as('ben', 'PATCH', `/api/records/${JANE_RESTRICTED}`, { title: 'Changed' });
    expect(answer.status).toBe(404);
    const read = await as('alice', 'GET', `/api/records/${JANE_RESTRICTED}`);
    expect((read.json as MedicalRecord).title).not.toBe('Changed');
  });
});

describe('break-the-glass', () => {
  it('opens the restricted record for 60 minutes, and not after', async () => {
    const granted = await breakGlass('ben');
    expect(granted.status).toBe(201);
    const grant = granted.json as EmergencyGrant;
    expect(grant).toMatchObject({ patientId: JANE_ID, clinicianSub: PERSONAS.ben.sub, reason: REASON });
    expect(grant.expiresAt).toBe(
      new Date(FIXED_NOW.getTime() + EMERGENCY_ACCESS_MINUTES * 60_000).toISOString(),
    );

    expect((await as('ben', 'GET', `/api/records/${JANE_RESTRICTED}`)).status).toBe(200);
    expect(ids(await as('ben', 'GET', '/api/records'))).toContain(JANE_RESTRICTED);
    later(EMERGENCY_ACCESS_MINUTES - 1);
    expect((await as('ben', 'GET', `/api/records/${JANE_RESTRICTED}`)).status).toBe(200);
    later(EMERGENCY_ACCESS_MINUTES);
    expect((await as('ben', 'GET', `/api/records/${JANE_RESTRICTED}`)).status).toBe(404);
    expect(ids(await as('ben', 'GET', '/api/records'))).not.toContain(JANE_RESTRICTED);
  });

  it('shows the patient who broke the glass and why, in her audit view', async () => {
    await breakGlass('ben');
    await as('ben', 'GET', `/api/records/${JANE_RESTRICTED}`);
    const audit = (await as('jane', 'GET', '/api/audit')).json as { items: AuditEvent[] };
    const emergency = audit.items.filter((row) => isEmergencyAuditReason(row.reason));
    expect(emergency.map((row) => [row.action, row.resourceId, row.patientId, row.outcome])).toEqual([
      ['create', 'eg-1001', JANE_ID, 'allowed'],
      ['read', JANE_RESTRICTED, JANE_ID, 'allowed'],
    ]);
    expect(emergency[0]?.reason).toContain(REASON);
    expect(emergency.every((row) => row.actorRole === 'doctor')).toBe(true);
  });

  it('puts the grant in the administrators’ alert list, which no one else reads', async () => {
    await breakGlass('ben');
    const alerts = await as('sam', 'GET', '/api/emergency-access');
    expect(alerts.status).toBe(200);
    expect((alerts.json as { items: EmergencyGrant[] }).items).toEqual([
      expect.objectContaining({
        id: 'eg-1001',
        patientId: JANE_ID,
        clinicianSub: PERSONAS.ben.sub,
        reason: REASON,
      }),
    ]);
    expect((await as('ben', 'GET', '/api/emergency-access')).status).toBe(403);
    expect((await as('jane', 'GET', '/api/emergency-access')).status).toBe(403);
  });

  it('needs a reason of 10 to 500 characters, and grants nothing without one', async () => {
    expectContractError(await breakGlass('ben', 'urgent'), 'invalid_input');
    expectContractError(await breakGlass('ben', 'x'.repeat(501)), 'invalid_input');
    expect((await as('ben', 'GET', `/api/records/${JANE_RESTRICTED}`)).status).toBe(404);
  });

  it('is for doctors outside the assigned team only', async () => {
    const admin = await breakGlass('sam');
    expect(expectContractError(admin, 'forbidden').message).toBe(CONFIDENTIALITY_TEXTS.emergencyDoctorsOnly);
    expectContractError(await breakGlass('jane'), 'forbidden');
    expectContractError(await breakGlass('alice'), 'conflict');
    expectContractError(await breakGlass('ben', REASON, 'P-999999'), 'not_found');
  });
});

describe('changing a record’s confidentiality', () => {
  it('refuses a downgrade without a reason with 400 and keeps the level', async () => {
    const silent = await as('alice', 'PATCH', `/api/records/${JANE_RESTRICTED}`, {
      confidentialityLevel: 'normal',
    });
    expect(expectContractError(silent, 'invalid_input').message).toBe(CONFIDENTIALITY_TEXTS.reasonRequired);
    const read = await as('alice', 'GET', `/api/records/${JANE_RESTRICTED}`);
    expect((read.json as MedicalRecord).confidentialityLevel).toBe('restricted');
    expect((await as('sam', 'GET', `/api/records/${JANE_RESTRICTED}`)).status).toBe(404);
  });

  it('audits a downgrade with its reason, and an upgrade too', async () => {
    const down = await as('alice', 'PATCH', `/api/records/${JANE_RESTRICTED}`, {
      confidentialityLevel: 'normal',
      reason: 'Patient asked to share it with her nurse',
    });
    expect(down.status).toBe(200);
    const up = await as('alice', 'PATCH', `/api/records/${JANE_NORMAL}`, {
      confidentialityLevel: 'sensitive',
    });
    expect(up.status).toBe(200);
    const audit = (await as('sam', 'GET', '/api/audit')).json as { items: AuditEvent[] };
    const reasons = audit.items.filter((row) => row.action === 'update').map((row) => row.reason);
    expect(reasons).toEqual([
      'changed confidentialityLevel; confidentiality downgrade restricted -> normal: Patient asked to share it with her nurse',
      'changed confidentialityLevel; confidentiality upgrade normal -> sensitive',
    ]);
  });

  it('lets only the author make a record restricted or lift it; the care team moves it within sensitive', async () => {
    const careTeam = await as('ben', 'PATCH', `/api/records/${JANE_SENSITIVE}`, {
      confidentialityLevel: 'restricted',
    });
    expect(expectContractError(careTeam, 'forbidden').message).toBe(CONFIDENTIALITY_TEXTS.changeRefused);
    const lowered = await as('ben', 'PATCH', `/api/records/${JANE_SENSITIVE}`, {
      confidentialityLevel: 'normal',
      reason: 'Shared with the whole clinic team',
    });
    expect(lowered.status).toBe(200);
  });

  it('does not let break-the-glass change a level', async () => {
    await breakGlass('ben');
    const answer = await as('ben', 'PATCH', `/api/records/${JANE_RESTRICTED}`, {
      confidentialityLevel: 'sensitive',
      reason: 'Needed by the emergency team',
    });
    expectContractError(answer, 'forbidden');
  });
});
