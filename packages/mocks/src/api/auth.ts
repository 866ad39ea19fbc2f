/**
 * Sign-in for the mock API. A mock access token names a persona (`Bearer mock-persona:jane`), and may state the
 * sign-in's `amr` as a real token does (`mock-persona:alice;amr=pwd`); without it the sign-in is the one the
 * identity provider gives the persona (signInMethodsFor). The token only names who signs in: the runner loads
 * the caller from the persona's account (@sentinel/service `resolveCaller`), as the server does
 * (REQ-data-claims, REQ-auth, REQ-access).
 */
import { CLAIM_NAMESPACE, fail, ok, requiresSecondFactor, type Claims, type Result } from '@sentinel/domain';
import { callerOfAccount, type Caller, type TokenVerifier } from '@sentinel/service';
import { PERSONAS, PERSONA_KEYS, type Persona, type PersonaKey } from '@sentinel/demo-data';
import type { MockStore } from './store';

/** Who is calling, as the runner loads them (the account's role, permissions and second factor). */
export type { Caller } from '@sentinel/service';

export const MOCK_TOKEN_PREFIX = 'mock-persona:';

/** How a mock token states the sign-in's methods: `;amr=` and a comma-separated list (possibly empty). */
const AMR_PART = ';amr=';

/** A sign-in other than the persona's usual one: its `amr` (RFC 8176), e.g. ['pwd'] without the code. */
export type MockSignIn = { readonly amr?: readonly string[] };

/**
 * The `amr` of a persona's sign-in as the identity provider gives it: the password, and the one-time code for
 * the roles that must use a second factor (the domain's requiresSecondFactor, decided from the directory).
 */
export const signInMethodsFor = (persona: Persona): string[] =>
  requiresSecondFactor({ role: persona.dashboardRole, permissions: persona.permissions })
    ? ['pwd', 'otp']
    : ['pwd'];

/** The access token the mock API accepts for a persona, by default for its usual sign-in. */
export function mockTokenFor(key: PersonaKey, signIn: MockSignIn = {}): string {
  return `${MOCK_TOKEN_PREFIX}${key}${signIn.amr ? `${AMR_PART}${signIn.amr.join(',')}` : ''}`;
}

/** The `Authorization` header value for a persona, by default for its usual sign-in. */
export function authorizationFor(key: PersonaKey, signIn: MockSignIn = {}): string {
  return `Bearer ${mockTokenFor(key, signIn)}`;
}

const isPersonaKey = (value: string): value is PersonaKey =>
  (PERSONA_KEYS as readonly string[]).includes(value);

/** The persona and sign-in methods a mock token names, or undefined for a token that is not one. */
function readMockToken(token: string): { persona: Persona; amr: readonly string[] } | undefined {
  if (!token.startsWith(MOCK_TOKEN_PREFIX)) return undefined;
  const [key = '', ...rest] = token.slice(MOCK_TOKEN_PREFIX.length).split(AMR_PART);
  if (!isPersonaKey(key) || rest.length > 1) return undefined;
  const persona = PERSONAS[key];
  const stated = rest[0];
  if (stated === undefined) return { persona, amr: signInMethodsFor(persona) };
  return { persona, amr: stated ? stated.split(',') : [] };
}

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

const UNAUTHORIZED = 'unauthorized';
/** As the server (apps/api auth.ts): no bearer token asks to sign in; a token that is not valid says so. */
const SIGN_IN = 'Sign in to continue.';
const SESSION_NOT_VALID = 'Your session is not valid. Sign in again.';

/** The bearer token of an Authorization header, if it has one. */
export const bearerTokenOf = (authorization: string | undefined): string =>
  /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1] ?? '';

/**
 * The mock API's token check (the runner's `TokenVerifier`): a mock token names a persona, whose subject and
 * sign-in methods it gives. A missing or unknown token is `unauthorized`; whether the account still exists and
 * is active is the runner's to check.
 */
export const verifyMockToken: TokenVerifier = async (authorization) => {
  const token = bearerTokenOf(authorization);
  if (!token) return fail(UNAUTHORIZED, SIGN_IN);
  const signedIn = readMockToken(token);
  if (!signedIn) return fail(UNAUTHORIZED, SESSION_NOT_VALID);
  return ok({ sub: signedIn.persona.sub, amr: signedIn.amr });
};

/**
 * The caller the runner loads for persona `key`'s sign-in, from the store's view as it is now: for the demo
 * chat's tools and the seeds of stories and tests, which work synchronously.
 */
export function personaCaller(store: MockStore, key: PersonaKey, signIn: MockSignIn = {}): Result<Caller> {
  const persona = PERSONAS[key];
  const account = store.users.find((user) => user.id === persona.sub);
  return callerOfAccount({ sub: persona.sub, amr: signIn.amr ?? signInMethodsFor(persona) }, account);
}
