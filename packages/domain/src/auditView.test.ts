import { describe, expect, it } from 'vitest';
import { auditEntryForViewer, staffActorsToName } from './auditView';
import { AuditEntrySchema, type AuditEvent } from './contract/audit';
import type { Role } from './entities';

const JANE = { role: 'patient', sub: 'auth0|sentinel-patient-000001' } as const;
const JOHN_SUB = 'auth0|sentinel-patient-000002';
const ALICE_SUB = 'auth0|sentinel-doctor-000101';
const NAMES: Record<string, string> = {
  [ALICE_SUB]: 'Dr. Alice Smith',
  'auth0|sentinel-nurse-000301': 'Nora Nurse',
  'auth0|sentinel-admin-000201': 'Sam Admin',
  [JOHN_SUB]: 'John Roe',
};
const nameOf = (sub: string) => NAMES[sub];

const rowBy = (actorSub: string, actorRole: Role, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id: 'aud-1001',
  timestamp: '2026-11-02T14:30:00.000Z',
  actorSub,
  actorRole,
  action: 'read',
  resourceType: 'record',
  resourceId: 'rec-001',
  patientId: 'P-000001',
  outcome: 'allowed',
  reason: 'allowed',
  ...overrides,
});

describe('auditEntryForViewer: a patient’s view of who touched their data', () => {
  it('names a member of staff with their role, and leaves out their subject', () => {
    expect(auditEntryForViewer(rowBy(ALICE_SUB, 'doctor'), JANE, nameOf)).toStrictEqual({
      ...rowBy(ALICE_SUB, 'doctor'),
      actorSub: null,
      actorName: 'Dr. Alice Smith',
    });
  });

  it('names every role but patient, whatever the action: a nurse, an admin, a refused call', () => {
    const nurse = rowBy('auth0|sentinel-nurse-000301', 'nurse', { outcome: 'denied' });
    const admin = rowBy('auth0|sentinel-admin-000201', 'admin', { action: 'update' });
    expect(auditEntryForViewer(nurse, JANE, nameOf).actorName).toBe('Nora Nurse');
    expect(auditEntryForViewer(admin, JANE, nameOf).actorName).toBe('Sam Admin');
  });

  it('shows another patient as another user: no subject and no name, only the role', () => {
    const entry = auditEntryForViewer(rowBy(JOHN_SUB, 'patient', { outcome: 'denied' }), JANE, nameOf);
    expect(entry).toStrictEqual({ ...rowBy(JOHN_SUB, 'patient', { outcome: 'denied' }), actorSub: null });
    expect(JSON.stringify(entry)).not.toContain('000002');
    expect(JSON.stringify(entry)).not.toContain('John');
  });

  it('shows the patient’s own calls as stored', () => {
    const own = rowBy(JANE.sub, 'patient', { action: 'list', resourceId: null });
    expect(auditEntryForViewer(own, JANE, nameOf)).toBe(own);
  });

  it('leaves out the name of a member of staff whose account is gone, keeping the role', () => {
    expect(auditEntryForViewer(rowBy('auth0|sentinel-doctor-000999', 'doctor'), JANE, nameOf)).toStrictEqual({
      ...rowBy('auth0|sentinel-doctor-000999', 'doctor'),
      actorSub: null,
    });
  });

  it('gives staff and admins every row as stored', () => {
    const johns = rowBy(JOHN_SUB, 'patient');
    for (const role of ['admin', 'doctor', 'nurse', 'pharmacist', 'dietitian'] as const) {
      expect(auditEntryForViewer(johns, { role, sub: ALICE_SUB }, nameOf)).toBe(johns);
    }
  });

  it('answers rows the contract accepts', () => {
    for (const row of [rowBy(ALICE_SUB, 'doctor'), rowBy(JOHN_SUB, 'patient'), rowBy(JANE.sub, 'patient')]) {
      expect(AuditEntrySchema.safeParse(auditEntryForViewer(row, JANE, nameOf)).success).toBe(true);
    }
  });
});

describe('staffActorsToName', () => {
  it('lists each member of staff once, for a patient only', () => {
    const rows = [
      rowBy(ALICE_SUB, 'doctor'),
      rowBy(JOHN_SUB, 'patient'),
      rowBy(ALICE_SUB, 'doctor'),
      rowBy(JANE.sub, 'patient'),
      rowBy('auth0|sentinel-nurse-000301', 'nurse'),
    ];
    expect(staffActorsToName(rows, JANE)).toStrictEqual([ALICE_SUB, 'auth0|sentinel-nurse-000301']);
    expect(staffActorsToName(rows, { role: 'admin', sub: 'auth0|sentinel-admin-000201' })).toStrictEqual([]);
  });
});
