/**
 * The mock twin of tests/security/src/auditOwner.test.ts: a patient's audit view matches the calls on their data
 * by account id, so a second patient account whose id ends like Jane's (the same display patient id) shares none
 * of her rows.
 */
import { patientIdFor } from '@sentinel/domain';
import type { AuditEntry } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { PERSONAS } from '@sentinel/demo-data';
import { call, useMockApi } from '../../test/testkit';

const ctx = useMockApi();
const JANE = PERSONAS.jane;

/** An active patient account whose id ends in Jane's six characters; it never signs in here. */
function addTwin() {
  const jane = ctx.api.store.users.find((u) => u.id === JANE.sub);
  if (!jane) throw new Error('Jane is not seeded');
  const twin = { ...jane, id: `google-oauth2|twin-${JANE.sub.slice(-6)}`, email: 'toni.twin@example.com' };
  ctx.api.store.seed((ops) => ops.insertUser(twin));
  return twin;
}

const auditOf = async (who: 'jane' | 'sam'): Promise<AuditEntry[]> =>
  ((await call(who, 'listAudit')).json as { items: AuditEntry[] }).items;

describe('a patient account that shares Jane’s display patient id', () => {
  it('has its calls by staff kept out of Jane’s audit view, which still shows the calls on her data', async () => {
    const twin = addTwin();
    expect(patientIdFor(twin.id)).toBe(JANE.patientId);
    const created = await call('alice', 'createAppointment', {
      body: { patientEmail: twin.email, patientName: twin.name, date: '2026-11-20', time: '09:30' },
    });
    expect(created.status, created.text).toBe(201);
    const twinsAppointment = (created.json as { id: string }).id;
    expect((await call('alice', 'getRecord', { params: { id: 'rec-001' } })).status).toBe(200);

    const admin = await auditOf('sam');
    expect(admin).toContainEqual(
      expect.objectContaining({ resourceId: twinsAppointment, patientId: JANE.patientId }),
    );
    const janes = (await auditOf('jane')).map((row) => row.resourceId);
    expect(janes).not.toContain(twinsAppointment);
    expect(janes).toContain('rec-001');
  });
});
