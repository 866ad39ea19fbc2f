/**
 * Multi-factor authentication where it matters (REQ-product-pillars "user authentication with multi-factor authentication",
 * REQ-access roles, REQ-err-identity-codes the identity error mfa_required). One definition of "a second
 * factor was used", read from a token's `amr` claim (RFC 8176), and the rule of who must have used one: the
 * API, the mock API and the portal all use these, so they cannot disagree.
 */
import { ROLES, type Role } from './entities';
import { fail, ok, type Result } from './result';

/**
 * The RFC 8176 `amr` values that prove a factor other than something the user knows: something they have (a
 * one-time code from an app, SMS or a call; a hardware or software key; a smart card; a key of either kind),
 * something they are (fingerprint, face, iris, retina, voice), or `mfa`, which says outright that more than one
 * factor was used. Left out on purpose: `pwd`, `pin` and `kba` (knowledge, the same factor as the password),
 * and `geo`, `rba`, `mca`, `wia` and `user` (a location, a risk score, the channels used, a Windows session or a
 * presence check are not an authentication factor of their own).
 */
export const SECOND_FACTOR_METHODS = [
  'mfa',
  'otp',
  'sms',
  'tel',
  'hwk',
  'swk',
  'pop',
  'sc',
  'fpt',
  'face',
  'iris',
  'retina',
  'vbm',
] as const;

const SECOND_FACTORS: ReadonlySet<unknown> = new Set(SECOND_FACTOR_METHODS);

/**
 * Whether a sign-in used a second factor, from the `amr` claim of its token as it arrives (anything: a token
 * is outside input). Only a list naming one of SECOND_FACTOR_METHODS counts; a string, or a list of password
 * and non-factor methods only, does not.
 */
export function usedSecondFactor(amr: unknown): boolean {
  return Array.isArray(amr) && amr.some((method) => SECOND_FACTORS.has(method));
}

/** The permission whose holder can change who may do what (REQ-access), and so must prove who they are. */
const ACCOUNT_ADMINISTRATION = 'manage:users';

/**
 * The part of a user the rule reads: their role (REQ-auth-mfa-signin; the REQ-access role, nurse or pharmacist
 * and not only the dashboard one, when extra roles are set) and the permissions from the user directory.
 */
export type SecondFactorSubject = {
  readonly role: string;
  readonly permissions: readonly string[];
};

/** The roles that always need a second factor: a setting can add to them, never take one away. */
export const SECOND_FACTOR_ROLES: readonly Role[] = ['doctor', 'admin'];

/**
 * Who must sign in with a second factor (REQ-auth-mfa-roles): a doctor or an admin (the roles that reach other
 * people's health data or the directory itself), anyone who holds manage:users whatever their role, and anyone
 * whose role is among `extraRoles` (the MFA_REQUIRED_ROLES setting, `secondFactorRolesFrom`). Read from the
 * user directory on every request, so a patient promoted to doctor or given manage:users needs the second
 * factor from their next call on, not from their next sign-in.
 */
export function requiresSecondFactor(user: SecondFactorSubject, extraRoles: readonly Role[] = []): boolean {
  const role = roleKey(user.role);
  return (
    [...SECOND_FACTOR_ROLES, ...extraRoles].some((needed) => needed === role) ||
    user.permissions.includes(ACCOUNT_ADMINISTRATION)
  );
}

/** A role as written in a setting or a roles claim (`Lab Tech`, `lab-tech`) in the form ROLES names it. */
const roleKey = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');

/**
 * The roles a setting names (MFA_REQUIRED_ROLES, comma-separated and already split) as ROLES spells them, and
 * the names that are no role at all: a server refuses to start with those rather than silently ask nobody.
 */
export function secondFactorRolesFrom(names: readonly string[]): {
  readonly roles: readonly Role[];
  readonly unknown: readonly string[];
} {
  const roles: Role[] = [];
  const unknown: string[] = [];
  for (const name of names) {
    const key = roleKey(name);
    const role = ROLES.find((known) => known === key);
    if (!role) unknown.push(name);
    else if (!roles.includes(role)) roles.push(role);
  }
  return { roles, unknown };
}

/** The message of a MFA_REQUIRED_ROLES naming something that is not a role (both servers say the same). */
export const unknownSecondFactorRolesMessage = (setting: string, unknown: readonly string[]) =>
  `${setting} names ${unknown.map((name) => JSON.stringify(name)).join(', ')}, which ${
    unknown.length === 1 ? 'is not a role' : 'are not roles'
  }; use a comma-separated list of ${ROLES.join(', ')}.`;

/** What a caller who must use a second factor and did not is told (the portal then asks for the code). */
export const MFA_REQUIRED_MESSAGE =
  'Your role needs a sign-in with a second factor. Sign in again with your authentication code.';

/**
 * The check every protected route runs on both servers, after the caller is known and before their
 * permissions are looked at (an incomplete sign-in is not authorized to anything): a caller who must use a
 * second factor (requiresSecondFactor, with the extra roles set) and whose token's `amr` shows none is refused with `mfa_required`.
 */
export function checkSecondFactor(
  user: SecondFactorSubject,
  amr: unknown,
  extraRoles: readonly Role[] = [],
): Result<true> {
  if (requiresSecondFactor(user, extraRoles) && !usedSecondFactor(amr)) {
    return fail('mfa_required', MFA_REQUIRED_MESSAGE);
  }
  return ok(true);
}
