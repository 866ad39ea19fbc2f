/**
 * The eight demo personas of REQ-arch-urls. The identity provider, the store, the
 * stories and the tests all sign in as these people, so their names, e-mails and derived ids never change.
 */
import {
  CLAIM_NAMESPACE,
  medicalLicenseFor,
  patientIdFor,
  permissionsForRole,
  requiresSecondFactor,
  type Claims,
  type DashboardRole,
  type Permission,
  type Role,
} from '@sentinel/domain';

/** The demo TOTP secret every MFA persona enrols with (REQ-arch-personas). Offline demo only. */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

export const PERSONA_KEYS = ['jane', 'john', 'alice', 'ben', 'sam', 'nora', 'phil', 'dana'] as const;
export type PersonaKey = (typeof PERSONA_KEYS)[number];

export type Persona = {
  readonly key: PersonaKey;
  /**
   * Stable subject. Its last 6 characters give the derived ids (REQ-data-derived-ids) (patient_id,
   * medical_license).
   */
  readonly sub: string;
  readonly name: string;
  readonly given_name: string;
  readonly family_name: string;
  readonly email: string;
  /** Offline demo only: these passwords are published in REQ-arch and must never guard real data. */
  readonly password: string;
  /** The person's actual role (REQ-kb lists seven). */
  readonly role: Role;
  /**
   * The dashboard the role decision (REQ-auth-extended-roles) gives for `roles`: Admin gives admin, otherwise
   * Doctor gives doctor, otherwise patient. Nurse, pharmacist and dietitian have no dashboard of their own
   * (REQ-access), so they land on the patient one.
   */
  readonly dashboardRole: DashboardRole;
  /** The custom roles claim: display names (REQ-data). */
  readonly roles: readonly string[];
  /** The permissions claim (REQ-data, REQ-access): the role's defaults, as `permissionsForRole` gives them to a new user. */
  readonly permissions: readonly Permission[];
  /**
   * Knowledge specializations, lowercase-hyphenated as the knowledge documents name them
   * (REQ-kb-specialization).
   */
  readonly specializations: readonly string[];
  readonly department: string;
  readonly mfa: boolean;
  /** Present exactly when `mfa` is true. */
  readonly totpSecret?: string;
  /** Same-origin path or absent (the admin top bar then shows a placeholder, REQ-screen-admin-top). */
  readonly picture?: string;
  /** REQ-data-derived-ids: 'P-' plus the last 6 characters of sub; patients only. */
  readonly patientId?: string;
  /** REQ-data-derived-ids: 'MD-' plus the last 6 characters of sub; doctors only. */
  readonly medicalLicense?: string;
  readonly phone: string;
  readonly address?: string;
};

type PersonaInput = Omit<Persona, 'permissions' | 'totpSecret' | 'patientId' | 'medicalLicense'>;

function persona(input: PersonaInput): Persona {
  return Object.freeze({
    ...input,
    roles: Object.freeze([...input.roles]),
    specializations: Object.freeze([...input.specializations]),
    permissions: Object.freeze(permissionsForRole(input.role)),
    ...(input.mfa ? { totpSecret: DEMO_TOTP_SECRET } : {}),
    ...(input.role === 'patient' ? { patientId: patientIdFor(input.sub) } : {}),
    ...(input.role === 'doctor' ? { medicalLicense: medicalLicenseFor(input.sub) } : {}),
  });
}

export const PERSONAS: Readonly<Record<PersonaKey, Persona>> = Object.freeze({
  jane: persona({
    key: 'jane',
    sub: 'auth0|sentinel-patient-000001',
    name: 'Jane Doe',
    given_name: 'Jane',
    family_name: 'Doe',
    email: 'jane.doe@example.com',
    password: 'Demo-patient-1',
    role: 'patient',
    dashboardRole: 'patient',
    roles: ['Patient'],
    specializations: [],
    department: '',
    mfa: false,
    phone: '+1 555-0101',
    address: '12 Elm Street, Springfield, IL 62701',
  }),
  john: persona({
    key: 'john',
    sub: 'auth0|sentinel-patient-000002',
    name: 'John Roe',
    given_name: 'John',
    family_name: 'Roe',
    email: 'john.roe@example.com',
    password: 'Demo-patient-2',
    role: 'patient',
    dashboardRole: 'patient',
    roles: ['Patient'],
    specializations: [],
    department: '',
    mfa: false,
    phone: '+1 555-0102',
    address: '48 Oak Avenue, Springfield, IL 62704',
  }),
  alice: persona({
    key: 'alice',
    sub: 'auth0|sentinel-doctor-000101',
    name: 'Dr. Alice Smith',
    given_name: 'Alice',
    family_name: 'Smith',
    email: 'dr.alice.smith@example.com',
    password: 'Demo-doctor-1',
    role: 'doctor',
    dashboardRole: 'doctor',
    roles: ['Doctor'],
    specializations: ['endocrinology', 'internal-medicine'],
    department: 'Endocrinology',
    mfa: true,
    phone: '+1 555-0111',
  }),
  ben: persona({
    key: 'ben',
    sub: 'auth0|sentinel-doctor-000102',
    name: 'Dr. Ben Carter',
    given_name: 'Ben',
    family_name: 'Carter',
    email: 'dr.ben.carter@example.com',
    password: 'Demo-doctor-2',
    role: 'doctor',
    dashboardRole: 'doctor',
    roles: ['Doctor'],
    specializations: ['cardiology'],
    department: 'Cardiology',
    mfa: true,
    phone: '+1 555-0112',
  }),
  sam: persona({
    key: 'sam',
    sub: 'auth0|sentinel-admin-000201',
    name: 'Sam Admin',
    given_name: 'Sam',
    family_name: 'Admin',
    email: 'sam.admin@example.com',
    password: 'Demo-admin-1',
    role: 'admin',
    dashboardRole: 'admin',
    roles: ['Admin'],
    specializations: [],
    department: 'Administration',
    mfa: true,
    phone: '+1 555-0121',
  }),
  nora: persona({
    key: 'nora',
    sub: 'auth0|sentinel-nurse-000301',
    name: 'Nora Nurse',
    given_name: 'Nora',
    family_name: 'Nurse',
    email: 'nora.nurse@example.com',
    password: 'Demo-nurse-1',
    role: 'nurse',
    dashboardRole: 'patient',
    roles: ['Nurse'],
    specializations: [],
    department: 'Nursing',
    mfa: false,
    phone: '+1 555-0131',
  }),
  phil: persona({
    key: 'phil',
    sub: 'auth0|sentinel-pharmacist-000401',
    name: 'Phil Pharmacist',
    given_name: 'Phil',
    family_name: 'Pharmacist',
    email: 'phil.pharmacist@example.com',
    password: 'Demo-pharmacist-1',
    role: 'pharmacist',
    dashboardRole: 'patient',
    roles: ['Pharmacist'],
    specializations: [],
    department: 'Pharmacy',
    mfa: false,
    phone: '+1 555-0141',
  }),
  dana: persona({
    key: 'dana',
    sub: 'auth0|sentinel-dietitian-000501',
    name: 'Dana Dietitian',
    given_name: 'Dana',
    family_name: 'Dietitian',
    email: 'dana.dietitian@example.com',
    password: 'Demo-dietitian-1',
    role: 'dietitian',
    dashboardRole: 'patient',
    roles: ['Dietitian'],
    specializations: [],
    department: 'Clinical Nutrition',
    mfa: false,
    phone: '+1 555-0151',
  }),
});

/** Every persona, in the order REQ-arch lists them. */
export const PERSONA_LIST: readonly Persona[] = Object.freeze(PERSONA_KEYS.map((key) => PERSONAS[key]));

/** The persona with this e-mail (case and surrounding spaces ignored, as e-mail addresses are compared). */
export function personaByEmail(email: string): Persona | undefined {
  const wanted = email.trim().toLowerCase();
  return PERSONA_LIST.find((p) => p.email === wanted);
}

/** The persona with exactly this subject. */
export function personaBySub(sub: string): Persona | undefined {
  return PERSONA_LIST.find((p) => p.sub === sub);
}

/**
 * The `amr` (RFC 8176) of a persona's sign-in as the identity provider gives it: the password, and the one-time
 * code for the roles that must use a second factor (the domain's requiresSecondFactor, decided from the
 * directory).
 */
export const signInMethodsFor = (persona: Persona): string[] =>
  requiresSecondFactor({ role: persona.dashboardRole, permissions: persona.permissions })
    ? ['pwd', 'otp']
    : ['pwd'];

/**
 * The id-token claims the identity provider issues for a persona: subject, name, e-mail, the namespaced roles
 * claim and, for a doctor, the specialization held in the user directory. No permissions claim is sent, so
 * permissions are the role's defaults (REQ-access).
 */
export function claimsFor(persona: Persona, specialization?: string): Claims {
  return {
    sub: persona.sub,
    name: persona.name,
    email: persona.email,
    [`${CLAIM_NAMESPACE}roles`]: [...persona.roles],
    ...(persona.dashboardRole === 'doctor' && specialization ? { specialization } : {}),
  };
}
