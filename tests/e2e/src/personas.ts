import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as OTPAuth from 'otpauth';

/** The offline demo's TOTP secret of the doctors and the admin (REQ-arch-personas). */
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

const STEP_MS = totp.period * 1000;
/**
 * The last TOTP step each account used in this run, in the workspace's gitignored .cache: a file rather than a
 * variable because Playwright starts a new worker process after a failing test.
 */
const STEPS_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', '.cache', 'totp-steps.json');

function usedSteps(): Record<string, number> {
  try {
    return JSON.parse(readFileSync(STEPS_FILE, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}

/**
 * A code the provider accepts now for `persona`. It refuses a code of a step at or before the last one the
 * account used (RFC 6238 5.2) and accepts one step of drift, so a persona signed in again within 30 seconds
 * enters the next step's code, and only a third sign-in in the same step waits for the clock.
 */
export async function freshCode(persona: Persona): Promise<string> {
  const used = usedSteps();
  const current = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(current, (used[persona.email] ?? current - 1) + 1);
  // The provider takes the next step at most: wait until this one is no more than one ahead.
  const wait = (step - 1) * STEP_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 250));
  mkdirSync(dirname(STEPS_FILE), { recursive: true });
  writeFileSync(STEPS_FILE, JSON.stringify({ ...used, [persona.email]: step }));
  return totp.generate({ timestamp: step * STEP_MS });
}

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
