import {
  DEFAULT_PERMISSIONS,
  buildCurrentUser,
  decideKnowledgeRole,
  guessRoleFromUserId,
  isRole,
  permissionsForRole,
} from '@sentinel/domain';
import { describe, expect, it } from 'vitest';
import {
  DEMO_TOTP_SECRET,
  PERSONAS,
  PERSONA_KEYS,
  PERSONA_LIST,
  personaByEmail,
  claimsFor,
  personaBySub,
  signInMethodsFor,
} from './personas';

/** The persona table of REQ-api-durable, copied as written there. */
const ARCHITECTURE_TABLE = [
  ['Jane Doe', 'jane.doe@example.com', 'Demo-patient-1', 'patient'],
  ['John Roe', 'john.roe@example.com', 'Demo-patient-2', 'patient'],
  ['Dr. Alice Smith', 'dr.alice.smith@example.com', 'Demo-doctor-1', 'doctor'],
  ['Dr. Ben Carter', 'dr.ben.carter@example.com', 'Demo-doctor-2', 'doctor'],
  ['Sam Admin', 'sam.admin@example.com', 'Demo-admin-1', 'admin'],
  ['Nora Nurse', 'nora.nurse@example.com', 'Demo-nurse-1', 'nurse'],
  ['Phil Pharmacist', 'phil.pharmacist@example.com', 'Demo-pharmacist-1', 'pharmacist'],
  ['Dana Dietitian', 'dana.dietitian@example.com', 'Demo-dietitian-1', 'dietitian'],
] as const;

describe('personas', () => {
  it('are the eight people of REQ-arch-personas, in order, with their name, e-mail, password and role', () => {
    expect(PERSONA_LIST.map((p) => [p.name, p.email, p.password, p.role])).toEqual(ARCHITECTURE_TABLE);
    expect(Object.keys(PERSONAS)).toEqual([...PERSONA_KEYS]);
    for (const key of PERSONA_KEYS) expect(PERSONAS[key].key).toBe(key);
  });

  it('have unique e-mails and subjects', () => {
    expect(new Set(PERSONA_LIST.map((p) => p.email)).size).toBe(8);
    expect(new Set(PERSONA_LIST.map((p) => p.sub)).size).toBe(8);
  });

  it('use MFA exactly for Alice, Ben and Sam, with the demo TOTP secret', () => {
    expect(PERSONA_LIST.filter((p) => p.mfa).map((p) => p.key)).toEqual(['alice', 'ben', 'sam']);
    expect(DEMO_TOTP_SECRET).toBe('JBSWY3DPEHPK3PXP');
    for (const p of PERSONA_LIST) expect(p.totpSecret).toBe(p.mfa ? DEMO_TOTP_SECRET : undefined);
  });

  it('give Alice endocrinology and internal medicine, Ben cardiology, and nobody else a specialization', () => {
    expect(PERSONAS.alice.specializations).toEqual(['endocrinology', 'internal-medicine']);
    expect(PERSONAS.ben.specializations).toEqual(['cardiology']);
    const others = PERSONA_LIST.filter((p) => p.key !== 'alice' && p.key !== 'ben');
    for (const p of others) expect(p.specializations).toEqual([]);
  });

  it('split the name into given and family names', () => {
    for (const p of PERSONA_LIST) {
      expect(p.name.endsWith(`${p.given_name} ${p.family_name}`)).toBe(true);
    }
  });

  it('carry a roles claim of display names naming their role', () => {
    for (const p of PERSONA_LIST) {
      expect(p.roles).toHaveLength(1);
      expect(p.roles[0]?.toLowerCase()).toBe(p.role);
    }
  });

  it('derive patient ids P-000001 for Jane and P-000002 for John from the last 6 characters of sub', () => {
    expect(PERSONAS.jane.patientId).toBe('P-000001');
    expect(PERSONAS.john.patientId).toBe('P-000002');
    for (const p of PERSONA_LIST) {
      expect(p.patientId).toBe(p.role === 'patient' ? `P-${p.sub.slice(-6)}` : undefined);
      expect(p.medicalLicense).toBe(p.role === 'doctor' ? `MD-${p.sub.slice(-6)}` : undefined);
    }
    expect(PERSONAS.alice.medicalLicense).toBe('MD-000101');
    expect(PERSONAS.ben.medicalLicense).toBe('MD-000102');
  });

  it('signing in with the persona claims gives the persona dashboard role and derived ids', () => {
    for (const p of PERSONA_LIST) {
      const built = buildCurrentUser({ sub: p.sub, email: p.email, name: p.name, roles: [...p.roles] });
      expect(built.ok).toBe(true);
      if (!built.ok) continue;
      expect(built.value.role).toBe(p.dashboardRole);
      expect(built.value.medical_license).toBe(p.medicalLicense);
      if (p.role === 'patient') expect(built.value.patient_id).toBe(p.patientId);
    }
  });

  it('nurse, pharmacist and dietitian land on the patient dashboard but keep their role for knowledge', () => {
    for (const key of ['nora', 'phil', 'dana'] as const) expect(PERSONAS[key].dashboardRole).toBe('patient');
    for (const p of PERSONA_LIST) expect(decideKnowledgeRole(p.roles, p.dashboardRole)).toBe(p.role);
  });

  it("have subjects from which the assistant's role guess finds every role it can name", () => {
    for (const p of PERSONA_LIST) {
      const expected = p.role === 'dietitian' ? 'patient' : p.role;
      expect(guessRoleFromUserId(p.sub)).toBe(expected);
    }
  });

  it('hold the permissions of their role, the defaults for dashboard roles (REQ-access-default-permissions)', () => {
    for (const p of PERSONA_LIST) expect(p.permissions).toEqual(permissionsForRole(p.role));
    expect(PERSONAS.sam.permissions).toEqual(DEFAULT_PERMISSIONS.admin);
    expect(PERSONAS.alice.permissions).toEqual(DEFAULT_PERMISSIONS.doctor);
    expect(PERSONAS.jane.permissions).toEqual(DEFAULT_PERMISSIONS.patient);
    for (const p of PERSONA_LIST) expect(isRole(p.role)).toBe(true);
  });

  it('have no picture, so screens show the placeholder', () => {
    for (const p of PERSONA_LIST) expect(p.picture).toBeUndefined();
  });

  it('cannot be changed by a test or story', () => {
    const jane = PERSONAS.jane as { name: string };
    expect(() => {
      jane.name = 'Someone Else';
    }).toThrow(TypeError);
    expect(() => (PERSONAS.alice.specializations as string[]).push('oncology')).toThrow(TypeError);
    expect(PERSONAS.jane.name).toBe('Jane Doe');
  });
});

describe('persona look-up', () => {
  it('finds a persona by e-mail, ignoring case and surrounding spaces', () => {
    expect(personaByEmail('  Dr.Alice.Smith@Example.com ')?.key).toBe('alice');
    expect(personaByEmail('nobody@example.com')).toBeUndefined();
  });

  it('finds a persona by exact subject only', () => {
    expect(personaBySub('auth0|sentinel-patient-000002')?.key).toBe('john');
    expect(personaBySub('AUTH0|SENTINEL-PATIENT-000002')).toBeUndefined();
  });
});

describe('a persona’s sign-in as the identity provider gives it', () => {
  it('uses the password and the one-time code for the roles that need a second factor, the password alone otherwise', () => {
    expect(signInMethodsFor(PERSONAS.alice)).toStrictEqual(['pwd', 'otp']);
    expect(signInMethodsFor(PERSONAS.sam)).toStrictEqual(['pwd', 'otp']);
    expect(signInMethodsFor(PERSONAS.jane)).toStrictEqual(['pwd']);
  });

  it('issues the namespaced roles claim, and a doctor’s specialization only for a doctor', () => {
    const alice = claimsFor(PERSONAS.alice, 'cardiology');
    expect(alice).toMatchObject({
      sub: PERSONAS.alice.sub,
      name: PERSONAS.alice.name,
      specialization: 'cardiology',
    });
    expect(buildCurrentUser(alice)).toMatchObject({ ok: true, value: { role: 'doctor' } });
    expect(claimsFor(PERSONAS.jane, 'cardiology')).not.toHaveProperty('specialization');
    expect(Object.keys(claimsFor(PERSONAS.jane))).not.toContain('permissions');
  });
});
