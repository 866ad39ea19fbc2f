/**
 * The accounts the provider signs in, with the claims the portal and the API read: profile, e-mail, the
 * namespaced roles and permissions claims, and doctors' specialization. The list is passed in by the
 * composition root (main.ts gives the demo personas of @sentinel/demo-data, REQ-arch-personas; tests give
 * their own), so no request path of the provider loads demo data.
 */
import { timingSafeEqual } from 'node:crypto';
import { CLAIM_NAMESPACE, requiresSecondFactor as roleNeedsSecondFactor } from '@sentinel/domain';

export const ROLES_CLAIM = `${CLAIM_NAMESPACE}roles`;
export const PERMISSIONS_CLAIM = `${CLAIM_NAMESPACE}permissions`;
export const SPECIALIZATIONS_CLAIM = `${CLAIM_NAMESPACE}specializations`;

/** A directory entry: what sign-in checks and what the tokens carry (the demo personas have this shape). */
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

/** The accounts the provider knows, looked up as sign-in and token issuing need them. */
export type Accounts = {
  /** The account whose e-mail and password match, compared in constant time; undefined otherwise. */
  authenticate(email: string, password: string): Account | undefined;
  /** The account with exactly this subject. */
  find(sub: string): Account | undefined;
};

/** E-mail addresses are compared without case and surrounding spaces. */
const emailKey = (email: string) => email.trim().toLowerCase();

/**
 * The directory over `list`. Two entries with one e-mail or one subject would make sign-in or token issuing
 * ambiguous, so such a list is refused with an error naming the duplicate.
 */
export function createAccounts(list: readonly Account[]): Accounts {
  const byEmail = new Map<string, Account>();
  const bySub = new Map<string, Account>();
  for (const account of list) {
    const key = emailKey(account.email);
    if (byEmail.has(key)) throw new Error(`Two accounts have the e-mail ${key}.`);
    if (bySub.has(account.sub)) throw new Error(`Two accounts have the subject ${account.sub}.`);
    byEmail.set(key, account);
    bySub.set(account.sub, account);
  }
  return {
    authenticate(email, password) {
      const account = byEmail.get(emailKey(email));
      // The comparison runs for unknown e-mails too, so the answer's timing does not tell which accounts exist.
      const expected = Buffer.from(account?.password ?? 'no-such-account');
      const given = Buffer.from(password);
      const same = expected.length === given.length && timingSafeEqual(expected, given);
      return account && same ? account : undefined;
    },
    find: (sub) => bySub.get(sub),
  };
}

/**
 * Whether the account must give a second factor after its password: doctors, admins and anyone holding
 * manage:users. Read from the role and permissions the directory holds (the directory role, and the display
 * names of the roles claim, which the portal's role decision reads), never from a per-account switch, so a
 * role or permission granted later brings the second factor with it.
 */
export function requiresSecondFactor(account: Pick<Account, 'role' | 'roles' | 'permissions'>): boolean {
  // The domain's rule, the one the API enforces on every call (doctor, admin, manage:users), applied to the
  // directory role and to each role display name.
  const { permissions } = account;
  return (
    roleNeedsSecondFactor({ role: account.role, permissions }) ||
    account.roles.some((name) => roleNeedsSecondFactor({ role: name.trim().toLowerCase(), permissions }))
  );
}

/** The second step an account's sign-in takes after a correct password. */
export type SecondFactor =
  | { kind: 'none' }
  | { kind: 'totp'; secret: string }
  /** Needed but no authenticator enrolled: the password alone must not let the account in. */
  | { kind: 'not-enrolled' };

export function secondFactorFor(account: Account): SecondFactor {
  if (account.totpSecret) return { kind: 'totp', secret: account.totpSecret };
  return requiresSecondFactor(account) ? { kind: 'not-enrolled' } : { kind: 'none' };
}

const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** Authorization claims carried by both the id token and the access token. */
export function authorizationClaims(account: Account): Record<string, unknown> {
  return { [ROLES_CLAIM]: [...account.roles], [PERMISSIONS_CLAIM]: [...account.permissions] };
}

/** Every claim the provider may release for the account (filtered by scope through the `claims` config). */
export function accountClaims(account: Account): Record<string, unknown> {
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
