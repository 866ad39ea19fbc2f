import { describe, expect, it } from 'vitest';
import {
  DATA_ACCESS_MATRIX,
  DEFAULT_PERMISSIONS,
  canAccessData,
  guessRoleFromUserId,
  hasPermission,
  hasRole,
  isRole,
  resolvePermissions,
} from './roles';

describe('default permissions (REQ-access-default-permissions)', () => {
  it('gives an admin all ten permissions, including manage:users and view:analytics', () => {
    expect(DEFAULT_PERMISSIONS.admin).toHaveLength(10);
    expect(DEFAULT_PERMISSIONS.admin).toEqual(
      expect.arrayContaining(['manage:users', 'view:analytics', 'delete:records']),
    );
  });
  it('gives a doctor clinical read and write but not delete:records or manage:users', () => {
    expect(DEFAULT_PERMISSIONS.doctor).toEqual([
      'read:profile',
      'read:patients',
      'write:patients',
      'read:prescriptions',
      'write:prescriptions',
      'read:appointments',
      'write:appointments',
    ]);
  });
  it('gives a patient only read:profile and read:appointments', () => {
    expect(DEFAULT_PERMISSIONS.patient).toEqual(['read:profile', 'read:appointments']);
  });
});

describe('claim override (REQ-access-claim-override)', () => {
  it('uses the role defaults when the claim is absent', () => {
    expect(resolvePermissions('doctor', undefined)).toEqual(DEFAULT_PERMISSIONS.doctor);
  });
  it('lets permissions from the identity claim override the defaults when present', () => {
    expect(resolvePermissions('patient', ['read:profile', 'write:patients'])).toEqual([
      'read:profile',
      'write:patients',
    ]);
  });
  it('treats an empty claim list as present, granting nothing', () => {
    expect(resolvePermissions('admin', [])).toEqual([]);
  });
  it('drops non-text entries of a claimed list', () => {
    expect(resolvePermissions('admin', ['read:profile', 7, null])).toEqual(['read:profile']);
  });
  it('returns a copy, so callers cannot change the defaults', () => {
    const list = resolvePermissions('patient', 'not a list');
    list.push('manage:users');
    expect(DEFAULT_PERMISSIONS.patient).not.toContain('manage:users');
  });
});

describe('hasRole and hasPermission (REQ-access-has-role)', () => {
  const user = { role: 'doctor', permissions: ['read:patients'] };
  it('compares hasRole against the derived role', () => {
    expect(hasRole(user, 'doctor')).toBe(true);
    expect(hasRole(user, 'admin')).toBe(false);
    expect(hasRole(undefined, 'doctor')).toBe(false);
  });
  it('checks permission membership', () => {
    expect(hasPermission(user, 'read:patients')).toBe(true);
    expect(hasPermission(user, 'write:patients')).toBe(false);
    expect(hasPermission(null, 'read:patients')).toBe(false);
  });
});

describe('data access matrix (REQ-access-matrix)', () => {
  it.each([
    ['patient_records', 'read', ['patient', 'doctor', 'nurse', 'admin']],
    ['patient_records', 'write', ['doctor', 'admin']],
    ['appointment_schedule', 'read', ['patient', 'doctor', 'nurse', 'admin']],
    ['appointment_schedule', 'write', ['doctor', 'admin']],
    ['prescriptions', 'read', ['patient', 'doctor', 'pharmacist', 'admin']],
    ['prescriptions', 'write', ['doctor', 'admin']],
    ['lab_results', 'read', ['patient', 'doctor', 'lab_tech', 'admin']],
    ['lab_results', 'write', ['lab_tech', 'doctor', 'admin']],
  ] as const)('%s %s is allowed exactly for %j', (kind, mode, roles) => {
    expect(DATA_ACCESS_MATRIX[kind][mode]).toEqual(roles);
    for (const role of [
      'patient',
      'doctor',
      'admin',
      'nurse',
      'pharmacist',
      'lab_tech',
      'dietitian',
    ] as const) {
      expect(canAccessData(role, kind, mode)).toBe((roles as readonly string[]).includes(role));
    }
  });
});

describe('role guess from a user id (REQ-access-role-guess)', () => {
  it.each([
    ['auth0|doctor-17', 'doctor'],
    ['nurse.kim', 'nurse'],
    ['ADMIN-1', 'admin'],
    ['pharmacist_3', 'pharmacist'],
    ['lab-42', 'lab_tech'],
    ['auth0|123456', 'patient'],
  ])('guesses %s as %s', (id, role) => {
    expect(guessRoleFromUserId(id)).toBe(role);
  });
  it('checks in the stated order: doctor before nurse before admin before pharmacist before lab', () => {
    expect(guessRoleFromUserId('nurse-doctor')).toBe('doctor');
    expect(guessRoleFromUserId('admin-nurse')).toBe('nurse');
    expect(guessRoleFromUserId('pharmacist-admin')).toBe('admin');
    expect(guessRoleFromUserId('lab-pharmacist')).toBe('pharmacist');
  });
});

it('recognises the seven roles and nothing else', () => {
  expect(isRole('dietitian')).toBe(true);
  expect(isRole('superuser')).toBe(false);
  expect(isRole(3)).toBe(false);
});
