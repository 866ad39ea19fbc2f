import { describe, expect, it } from 'vitest';
import {
  accountClaims,
  accountSpecializations,
  buildCurrentUser,
  isIncompleteCallback,
  roleClaimName,
} from './auth';
import { canSeeAuditRow } from './contract/audit';
import { permissionsForRole } from './users';

const alice = {
  name: 'Dr. Alice Smith',
  email: 'dr.alice.smith@example.com',
  role: 'doctor' as const,
  permissions: permissionsForRole('doctor'),
  specialization: 'Endocrinology, Internal Medicine',
  department: 'Endocrinology',
};

describe('claims built from the user directory', () => {
  it('names each role as the roles claim does', () => {
    expect(roleClaimName('doctor')).toBe('Doctor');
    expect(roleClaimName('lab_tech')).toBe('Lab Tech');
  });

  it('gives a doctor the role, permissions, specialization and department the directory holds', () => {
    const built = buildCurrentUser(accountClaims('auth0|sentinel-doctor-000003', alice));
    expect(built.ok && built.value).toMatchObject({
      role: 'doctor',
      email: alice.email,
      specialization: alice.specialization,
      department: 'Endocrinology',
      medical_license: 'MD-000003',
    });
  });

  it('takes a role change from the directory, not from what the token once said', () => {
    const demoted = { ...alice, role: 'patient' as const, permissions: permissionsForRole('patient') };
    const built = buildCurrentUser(accountClaims('auth0|sentinel-doctor-000003', demoted));
    expect(built.ok && built.value.role).toBe('patient');
    expect(built.ok && built.value.permissions).toEqual(permissionsForRole('patient'));
  });

  it('turns a doctor’s specializations into knowledge slugs and gives other roles none', () => {
    expect(accountSpecializations(alice)).toEqual(['endocrinology', 'internal-medicine']);
    expect(accountSpecializations({ role: 'nurse', specialization: 'Diabetes Education' })).toEqual([]);
    expect(accountSpecializations({ role: 'doctor', specialization: '' })).toEqual([]);
  });
});

describe('who may read an audit row', () => {
  const jane = { role: 'patient' as const, sub: 'auth0|jane', patient_id: 'P-000001' };
  const doctorRead = { actorSub: 'auth0|alice', patientId: 'P-000001' };
  it('lets an admin read every row', () => {
    expect(canSeeAuditRow(doctorRead, { role: 'admin', sub: 'auth0|sam' })).toBe(true);
  });
  it('lets a patient read who touched their data and their own calls, nothing else', () => {
    expect(canSeeAuditRow(doctorRead, jane)).toBe(true);
    expect(canSeeAuditRow({ actorSub: 'auth0|jane', patientId: null }, jane)).toBe(true);
    expect(canSeeAuditRow({ actorSub: 'auth0|alice', patientId: 'P-000002' }, jane)).toBe(false);
  });
  it('lets a doctor read only the rows of their own calls', () => {
    expect(canSeeAuditRow(doctorRead, { role: 'doctor', sub: 'auth0|ben' })).toBe(false);
    expect(canSeeAuditRow(doctorRead, { role: 'doctor', sub: 'auth0|alice' })).toBe(true);
  });
});

describe('a sign-in answer without its state', () => {
  it('is incomplete when it has a code or an error but no state', () => {
    expect(isIncompleteCallback('?code=abc')).toBe(true);
    expect(isIncompleteCallback('?error=access_denied&error_description=No')).toBe(true);
  });
  it('is not when it has its state, or is no sign-in answer at all', () => {
    expect(isIncompleteCallback('?code=abc&state=xyz')).toBe(false);
    expect(isIncompleteCallback('?tab=records')).toBe(false);
    expect(isIncompleteCallback('')).toBe(false);
  });
});
