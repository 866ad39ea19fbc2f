import {
  CONFIDENTIALITY_TEXTS,
  EMERGENCY_ACCESS_MINUTES,
  isEmergencyAuditReason,
  patientIdFor,
  type EmergencyGrant,
  type MedicalRecord,
} from '@sentinel/domain';
import { describe, expect, it } from 'vitest';
import { FIXED_NOW, PERSONAS } from '@sentinel/demo-data';
import { call, useMockApi } from '../../test/testkit';

const ctx = useMockApi();

const JANE_ID = patientIdFor(PERSONAS.jane.sub);
const REASON = 'Unconscious in the emergency room';
const ids = (json: unknown) => (json as { items: MedicalRecord[] }).items.map((r) => r.id);
const breakGlass = (reason = REASON) =>
  call('ben', 'createEmergencyAccess', { params: { id: JANE_ID }, body: { reason } });

describe('record confidentiality in the mock API', () => {
  it('hides Jane’s restricted record from Dr. Carter, in the list and by id (404 like a missing one)', async () => {
    expect(ids((await call('ben', 'listRecords')).json)).not.toContain('rec-006');
    const answer = await call('ben', 'getRecord', { params: { id: 'rec-006' } });
    expect(answer.status).toBe(404);
    expect(answer.json).toStrictEqual({ error: 'not_found', message: 'Not found.' });
    expect(ctx.api.store.audit.at(-1)?.reason).toBe(
      'record is restricted: no care relationship (confidentiality)',
    );
  });

  it('shows it to her assigned doctor and to Jane', async () => {
    expect((await call('alice', 'getRecord', { params: { id: 'rec-006' } })).status).toBe(200);
    expect(ids((await call('jane', 'listRecords')).json)).toContain('rec-006');
  });

  it('gives the admin normal records only', async () => {
    const items = (await call('sam', 'listRecords')).json as { items: MedicalRecord[] };
    expect(items.items.map((r) => r.confidentialityLevel)).not.toContain('sensitive');
    expect(items.items.length).toBeGreaterThan(0);
  });

  it('opens it for 60 minutes of the store’s clock after break-the-glass, with marked audit rows', async () => {
    const granted = await breakGlass();
    expect(granted.status).toBe(201);
    expect((granted.json as EmergencyGrant).expiresAt).toBe(
      new Date(FIXED_NOW.getTime() + EMERGENCY_ACCESS_MINUTES * 60_000).toISOString(),
    );
    expect((await call('ben', 'getRecord', { params: { id: 'rec-006' } })).status).toBe(200);
    const marked = ctx.api.store.audit.filter((row) => isEmergencyAuditReason(row.reason));
    expect(marked.map((row) => [row.action, row.patientId])).toEqual([
      ['create', JANE_ID],
      ['read', JANE_ID],
    ]);
    ctx.api.store.now.setTime(FIXED_NOW.getTime() + EMERGENCY_ACCESS_MINUTES * 60_000);
    try {
      expect((await call('ben', 'getRecord', { params: { id: 'rec-006' } })).status).toBe(404);
    } finally {
      ctx.api.store.now.setTime(FIXED_NOW.getTime());
    }
  });

  it('lists the grant for the admin only', async () => {
    await breakGlass();
    const alerts = await call('sam', 'listEmergencyAccess');
    expect((alerts.json as { items: EmergencyGrant[] }).items.map((g) => g.reason)).toEqual([REASON]);
    expect((await call('alice', 'listEmergencyAccess')).status).toBe(403);
  });

  it('refuses a downgrade without a reason, and a nurse’s break-the-glass', async () => {
    const silent = await call('alice', 'updateRecord', {
      params: { id: 'rec-006' },
      body: { confidentialityLevel: 'normal' },
    });
    expect(silent.json).toStrictEqual({
      error: 'invalid_input',
      message: CONFIDENTIALITY_TEXTS.reasonRequired,
      fields: { reason: CONFIDENTIALITY_TEXTS.reasonRequired },
    });
    const nurse = await call('nora', 'createEmergencyAccess', {
      params: { id: JANE_ID },
      body: { reason: REASON },
    });
    expect(nurse.status).toBe(403);
  });
});
