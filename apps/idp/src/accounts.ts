/**
 * The accounts the provider signs in, with the claims the portal and the API read: profile, e-mail, the
 * namespaced roles and permissions claims, and doctors' specialization. The list is passed in by the
 * composition root (main.ts gives the demo personas of @sentinel/demo-data, REQ-arch-personas; tests give
 * their own), so no request path of the provider loads demo data.
 */
import { CLAIM_NAMESPACE, requiresSecondFactor as roleNeedsSecondFactor, type Role } from '@sentinel/domain';
import type { AccountDirectory, AccountProfile, Passkey } from './directory/types';

export const ROLES_CLAIM = `${CLAIM_NAMESPACE}roles`;
export const PERMISSIONS_CLAIM = `${CLAIM_NAMESPACE}permissions`;
export const SPECIALIZATIONS_CLAIM = `${CLAIM_NAMESPACE}specializations`;

/**
 * An account as a seed list gives it, with its password in the clear (the demo personas have this shape): the
 * directory (./directory) keeps only the password's hash and the TOTP secret encrypted.
 */
export type Account = {
  readonly sub: string;
  readonly name: string;
  readonly given_name: string;
  readonly family_name: string;
  readonly email: string;
  readonly password: string;
  /** The directory role (doctor, admin, patient, nurse, ...). */
  readonly role: string;
  /** The custom roles claim: display names. */
  readonly roles: readonly string[];
  readonly permissions: readonly string[];
  /** Knowledge specializations, lowercase-hyphenated; the first is a doctor's specialization claim. */
  readonly specializations: readonly string[];
  readonly department: string;
  /** The enrolled authenticator's secret (base32); absent when none is enrolled. */
  readonly totpSecret?: string;
  readonly picture?: string;
};

/**
 * Whether the account must give a second factor after its password: doctors, admins, anyone holding
 * manage:users, and the roles MFA_REQUIRED_ROLES adds (`extraRoles`, REQ-auth-mfa-roles). Read from the role
 * and permissions the directory holds (the directory role, and the display names of the roles claim, which the
 * portal's role decision reads), never from a per-account switch, so a role or permission granted later brings
 * the second factor with it.
 */
export function requiresSecondFactor(
  account: Pick<Account, 'role' | 'roles' | 'permissions'>,
  extraRoles: readonly Role[] = [],
): boolean {
  // The domain's rule, the one the API enforces on every call, applied to the directory role and to each role
  // display name (the domain reads `Nurse` and `lab-tech` as nurse and lab_tech).
  const { permissions } = account;
  return [account.role, ...account.roles].some((role) =>
    roleNeedsSecondFactor({ role, permissions }, extraRoles),
  );
}

/** The second step an account's sign-in takes after a correct password. */
export type SecondFactor =
  | { kind: 'none' }
  | { kind: 'totp'; secret: string }
  /** One or more passkeys, and perhaps an authenticator app too (the user may then use either). */
  | { kind: 'passkey'; passkeys: readonly Passkey[]; secret?: string }
  /** Needed but no authenticator enrolled: the password alone must not let the account in. */
  | { kind: 'not-enrolled' };

export async function secondFactorFor(
  directory: Pick<AccountDirectory, 'totpSecret' | 'passkeys'>,
  account: AccountProfile,
  extraRoles: readonly Role[] = [],
): Promise<SecondFactor> {
  const [secret, passkeys] = await Promise.all([
    directory.totpSecret(account.sub),
    directory.passkeys(account.sub),
  ]);
  if (passkeys.length) return { kind: 'passkey', passkeys, ...(secret ? { secret } : {}) };
  if (secret) return { kind: 'totp', secret };
  return requiresSecondFactor(account, extraRoles) ? { kind: 'not-enrolled' } : { kind: 'none' };
}

const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** Authorization claims carried by both the id token and the access token. */
export function authorizationClaims(account: AccountProfile): Record<string, unknown> {
  return { [ROLES_CLAIM]: [...account.roles], [PERMISSIONS_CLAIM]: [...account.permissions] };
}

/** Every claim the provider may release for the account (filtered by scope through the `claims` config). */
export function accountClaims(account: AccountProfile): Record<string, unknown> {
  const first = account.specializations[0];
  return {
    sub: account.sub,
    name: account.name,
    given_name: account.given_name,
    family_name: account.family_name,
    ...(account.picture ? { picture: account.picture } : {}),
    email: account.email,
    email_verified: true,
    ...authorizationClaims(account),
    ...(account.role === 'doctor' && first
      ? {
          specialization: titleCase(first),
          department: account.department,
          [SPECIALIZATIONS_CLAIM]: [...account.specializations],
        }
      : {}),
  };
}
