/**
 * The demo accounts: the personas of shared/ARCHITECTURE.md (from @sentinel/mocks), with the claims the portal
 * and the API read: profile, e-mail, the namespaced roles and permissions claims, and doctors' specialization.
 */
import { timingSafeEqual } from 'node:crypto';
import { CLAIM_NAMESPACE } from '@sentinel/domain';
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
