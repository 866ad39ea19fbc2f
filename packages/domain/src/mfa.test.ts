import { describe, expect, it } from 'vitest';
import {
  MFA_REQUIRED_MESSAGE,
  checkSecondFactor,
  requiresSecondFactor,
  secondFactorRolesFrom,
  unknownSecondFactorRolesMessage,
  usedSecondFactor,
} from './mfa';
import { permissionsForRole } from './users';

describe('usedSecondFactor (RFC 8176 amr)', () => {
  it('is yes for a one-time code from the embedded provider (pwd, otp) and for Auth0 (mfa)', () => {
    expect(usedSecondFactor(['pwd', 'otp'])).toBe(true);
    expect(usedSecondFactor(['mfa'])).toBe(true);
  });

  it.each(['sms', 'tel', 'hwk', 'swk', 'pop', 'sc', 'fpt', 'face', 'iris', 'retina', 'vbm'])(
    'is yes for %s, a factor the user has or is',
    (method) => {
      expect(usedSecondFactor(['pwd', method])).toBe(true);
    },
  );

  it('is no for a password with more of what the user knows (pin, kba)', () => {
    expect(usedSecondFactor(['pwd'])).toBe(false);
    expect(usedSecondFactor(['pwd', 'pin', 'kba'])).toBe(false);
  });

  it('is no for methods that are no factor of their own (geo, rba, mca, wia, user)', () => {
    expect(usedSecondFactor(['pwd', 'geo', 'rba', 'mca', 'wia', 'user'])).toBe(false);
  });

  it('is no for a missing, empty or malformed amr, and does not match case or substrings', () => {
    expect(usedSecondFactor(undefined)).toBe(false);
    expect(usedSecondFactor([])).toBe(false);
    expect(usedSecondFactor('otp')).toBe(false);
    expect(usedSecondFactor({ 0: 'otp', length: 1 })).toBe(false);
    expect(usedSecondFactor(['OTP', 'otp ', 'totp', ['otp']])).toBe(false);
  });
});

describe('requiresSecondFactor', () => {
  it('asks it of doctors and admins', () => {
    expect(requiresSecondFactor({ role: 'doctor', permissions: permissionsForRole('doctor') })).toBe(true);
    expect(requiresSecondFactor({ role: 'admin', permissions: permissionsForRole('admin') })).toBe(true);
  });

  it('asks it of anyone holding manage:users, whatever their role', () => {
    expect(requiresSecondFactor({ role: 'patient', permissions: ['read:profile', 'manage:users'] })).toBe(
      true,
    );
  });

  it('does not ask it of patients and the other roles with their default permissions', () => {
    for (const role of ['patient', 'nurse', 'pharmacist', 'dietitian', 'lab_tech'] as const) {
      expect(requiresSecondFactor({ role, permissions: permissionsForRole(role) }), role).toBe(false);
    }
  });
});

describe('requiresSecondFactor with roles set to require it (MFA_REQUIRED_ROLES)', () => {
  const nurse = { role: 'nurse', permissions: permissionsForRole('nurse') };

  it('asks it of a role that is set, and not of the roles that are not', () => {
    expect(requiresSecondFactor(nurse, ['nurse'])).toBe(true);
    expect(
      requiresSecondFactor({ role: 'patient', permissions: permissionsForRole('patient') }, ['nurse']),
    ).toBe(false);
    expect(requiresSecondFactor(nurse, ['pharmacist', 'patient'])).toBe(false);
  });

  it('matches a role however a roles claim writes it', () => {
    expect(requiresSecondFactor({ role: ' Lab Tech', permissions: [] }, ['lab_tech'])).toBe(true);
    expect(requiresSecondFactor({ role: 'lab-tech', permissions: [] }, ['lab_tech'])).toBe(true);
  });

  it('never takes the fixed roles away: doctors, admins and manage:users still need it', () => {
    expect(requiresSecondFactor({ role: 'doctor', permissions: [] }, ['nurse'])).toBe(true);
    expect(requiresSecondFactor({ role: 'admin', permissions: [] }, ['patient'])).toBe(true);
    expect(requiresSecondFactor({ role: 'patient', permissions: ['manage:users'] }, ['nurse'])).toBe(true);
  });

  it('refuses a nurse without a second factor with mfa_required once nurse is set, and lets one with it in', () => {
    expect(checkSecondFactor(nurse, ['pwd'])).toEqual({ ok: true, value: true });
    expect(checkSecondFactor(nurse, ['pwd'], ['nurse'])).toEqual({
      ok: false,
      error: { code: 'mfa_required', message: MFA_REQUIRED_MESSAGE },
    });
    expect(checkSecondFactor(nurse, ['pwd', 'otp'], ['nurse'])).toEqual({ ok: true, value: true });
  });
});

describe('secondFactorRolesFrom (the MFA_REQUIRED_ROLES setting)', () => {
  it('reads role names in any case and spelling, once each', () => {
    expect(secondFactorRolesFrom(['nurse', 'Patient', 'lab-tech', 'NURSE'])).toEqual({
      roles: ['nurse', 'patient', 'lab_tech'],
      unknown: [],
    });
    expect(secondFactorRolesFrom([])).toEqual({ roles: [], unknown: [] });
  });

  it('gives back the names that are no role, and a message naming them and the roles there are', () => {
    const read = secondFactorRolesFrom(['nurse', 'nurses', 'surgeon']);
    expect(read.unknown).toEqual(['nurses', 'surgeon']);
    expect(unknownSecondFactorRolesMessage('MFA_REQUIRED_ROLES', read.unknown)).toBe(
      'MFA_REQUIRED_ROLES names "nurses", "surgeon", which are not roles; use a comma-separated list of ' +
        'patient, doctor, admin, nurse, pharmacist, lab_tech, dietitian.',
    );
  });
});

describe('checkSecondFactor', () => {
  const doctor = { role: 'doctor', permissions: permissionsForRole('doctor') };
  const patient = { role: 'patient', permissions: permissionsForRole('patient') };

  it('refuses a doctor signed in with a password only with mfa_required and a message saying what to do', () => {
    expect(checkSecondFactor(doctor, ['pwd'])).toEqual({
      ok: false,
      error: { code: 'mfa_required', message: MFA_REQUIRED_MESSAGE },
    });
  });

  it('lets a doctor with a second factor and a patient without one through', () => {
    expect(checkSecondFactor(doctor, ['pwd', 'otp']).ok).toBe(true);
    expect(checkSecondFactor(patient, ['pwd']).ok).toBe(true);
  });
});
