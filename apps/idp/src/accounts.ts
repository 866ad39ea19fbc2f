/**
 * The demo accounts: the personas of REQ-arch (from @sentinel/mocks), with the claims the portal
 * and the API read: profile, e-mail, the namespaced roles and permissions claims, and doctors' specialization.
 */
import { timingSafeEqual } from 'node:crypto';
import { CLAIM_NAMESPACE, requiresSecondFactor as roleNeedsSecondFactor } from '@sentinel/domain';
import { personaByEmail, personaBySub, type Persona } from '@sentinel/mocks';

export const ROLES_CLAIM = `${CLAIM_NAMESPACE}roles`;
export const PERMISSIONS_CLAIM = `${CLAIM_NAMESPACE}permissions`;
export const SPECIALIZATIONS_CLAIM = `${CLAIM_NAMESPACE}specializations`;

/** The persona whose e-mail and password match, compared in constant time; undefined otherwise. */
export function authenticate(email: string, password: string): Persona | undefined {
  const persona = personaByEmail(email);
  const expected = Buffer.from(persona?.password ?? 'no-such-account');
  const given = Buffer.from(password);
  const same = expected.length === given.length && timingSafeEqual(expected, given);
  return persona && same ? persona : undefined;
}

export const findPersona = (sub: string): Persona | undefined => personaBySub(sub);

/**
 * Whether the account must give a second factor after its password: doctors, admins and anyone holding
 * manage:users. Read from the role and permissions the directory holds (the directory role, and the display
 * names of the roles claim, which the portal's role decision reads), never from a per-account switch, so a
 * role or permission granted later brings the second factor with it.
 */
export function requiresSecondFactor(account: Pick<Persona, 'role' | 'roles' | 'permissions'>): boolean {
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

export function secondFactorFor(account: Persona): SecondFactor {
  if (account.totpSecret) return { kind: 'totp', secret: account.totpSecret };
  return requiresSecondFactor(account) ? { kind: 'not-enrolled' } : { kind: 'none' };
}

const titleCase = (slug: string) =>
  slug
    .split('-')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');

/** Authorization claims carried by both the id token and the access token. */
export function authorizationClaims(persona: Persona): Record<string, unknown> {
  return { [ROLES_CLAIM]: [...persona.roles], [PERMISSIONS_CLAIM]: [...persona.permissions] };
}

/** Every claim the provider may release for the persona (filtered by scope through the `claims` config). */
export function personaClaims(persona: Persona): Record<string, unknown> {
  const first = persona.specializations[0];
  return {
    sub: persona.sub,
    name: persona.name,
    given_name: persona.given_name,
    family_name: persona.family_name,
    ...(persona.picture ? { picture: persona.picture } : {}),
    email: persona.email,
    email_verified: true,
    ...authorizationClaims(persona),
    ...(persona.role === 'doctor' && first
      ? {
          specialization: titleCase(first),
          department: persona.department,
          [SPECIALIZATIONS_CLAIM]: [...persona.specializations],
        }
      : {}),
  };
}
