import * as OTPAuth from 'otpauth';

/** The offline demo's TOTP secret of the doctors and the admin (shared/ARCHITECTURE.md). */
const TOTP_SECRET = 'JBSWY3DPEHPK3PXP';
const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(TOTP_SECRET) });

export type Persona = {
  name: string;
  email: string;
  password: string;
  /** Asked for a TOTP code after the password. */
  mfa: boolean;
  dashboard: string;
  heading: string;
  /** The other roles' dashboards, which send this persona to /unauthorized. */
  foreignDashboards: readonly string[];
};

/** One persona per dashboard role (seeded in the identity provider; passwords are for the offline demo only). */
export const JANE: Persona = {
  name: 'Jane (patient)',
  email: 'jane.doe@example.com',
  password: 'Demo-patient-1',
  mfa: false,
  dashboard: '/patient-dashboard',
  heading: 'Welcome back, Jane',
  foreignDashboards: ['/doctor-dashboard', '/admin-dashboard'],
};

/** The second patient: a second account for measurements that would otherwise crowd one user's rate limits. */
export const JOHN: Persona = {
  name: 'John (patient)',
  email: 'john.roe@example.com',
  password: 'Demo-patient-2',
  mfa: false,
  dashboard: '/patient-dashboard',
  heading: 'Welcome back, John',
  foreignDashboards: ['/doctor-dashboard', '/admin-dashboard'],
};

export const ALICE: Persona = {
  name: 'Dr. Alice (doctor)',
  email: 'dr.alice.smith@example.com',
  password: 'Demo-doctor-1',
  mfa: true,
  dashboard: '/doctor-dashboard',
  heading: 'Welcome, Dr. Smith',
  foreignDashboards: ['/patient-dashboard', '/admin-dashboard'],
};

export const SAM: Persona = {
  name: 'Sam (admin)',
  email: 'sam.admin@example.com',
  password: 'Demo-admin-1',
  mfa: true,
  dashboard: '/admin-dashboard',
  heading: 'System Administration',
  foreignDashboards: ['/patient-dashboard', '/doctor-dashboard'],
};

export const PERSONAS = [JANE, ALICE, SAM] as const;

/** The demo secret's current code. */
export const currentCode = () => totp.generate();

/**
 * A six-digit code that is valid at no step the provider accepts now (it allows one step either side); two
 * steps either side are avoided so that a step change during the test cannot make it valid.
 */
export function wrongCode(): string {
  const now = Date.now();
  const valid = new Set(
    [-2, -1, 0, 1, 2].map((step) => totp.generate({ timestamp: now + step * totp.period * 1000 })),
  );
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, '0');
    if (!valid.has(code)) return code;
  }
}
