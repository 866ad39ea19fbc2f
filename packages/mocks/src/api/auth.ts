/**
 * Sign-in for the mock API. A mock access token names a persona (`Bearer mock-persona:jane`), and may state the
 * sign-in's `amr` as a real token does (`mock-persona:alice;amr=pwd`); without it the sign-in is the one the
 * identity provider gives the persona (signInMethodsFor). The current user is then built from that persona's
 * account with the domain's `buildCurrentUser`, so the role decision, permissions and derived ids are exactly
 * those a real sign-in gives (§3, §4, §6).
 */
import {
  CLAIM_NAMESPACE,
  accountClaims,
  accountSpecializations,
  buildCurrentUser,
  decideKnowledgeRole,
  fail,
  ok,
  requiresSecondFactor,
  usedSecondFactor,
  type Claims,
  type CurrentUser,
  type Result,
  type Role,
} from '@sentinel/domain';
import { PERSONAS, PERSONA_KEYS, type Persona, type PersonaKey } from '../personas';
import { accountOf, type MockStore } from './store';

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

/** Who is calling: the persona, the current user built from its account, and the role used for knowledge. */
export type Caller = {
  readonly persona: Persona;
  readonly user: CurrentUser;
  /** §6 extended role (nurse, pharmacist, ...), used for knowledge access and the audit trail. */
  readonly knowledgeRole: Role;
  /** §6 a doctor's specializations as knowledge slugs, from the user directory. */
  readonly specializations: readonly string[];
  /** The sign-in's methods (the `amr` claim of a real token). */
  readonly amr: readonly string[];
  /** Whether the sign-in used a second factor (the domain's usedSecondFactor of `amr`). */
  readonly mfa: boolean;
};

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
 * permissions are the role's defaults (§6).
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

/**
 * Reads the bearer token of a request. The token only names who is calling; role, permissions and profile
 * come from the account in the store (`accountClaims`), as on the server. A missing or unknown token, a
 * persona whose account is gone from the store, and an account that is not active (suspended users are refused at once, §4 User status) all give
 * `unauthorized`.
 */
export function authenticate(authorization: string | null, store: MockStore): Result<Caller> {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '');
  const token = match?.[1] ?? '';
  if (!token) return fail(UNAUTHORIZED, SIGN_IN);
  const signedIn = readMockToken(token);
  if (!signedIn) return fail(UNAUTHORIZED, SESSION_NOT_VALID);
  const { persona, amr } = signedIn;
  const account = accountOf(store, persona);
  if (!account) return fail(UNAUTHORIZED, 'This account no longer exists.');
  if (account.status !== 'active') return fail(UNAUTHORIZED, `This account is ${account.status}.`);
  const built = buildCurrentUser(accountClaims(persona.sub, account));
  // Every persona has a subject, so this fails only if a persona is broken: a server fault, not a 401.
  if (!built.ok) return built;
  const user = built.value;
  return ok({
    persona,
    user,
    knowledgeRole: decideKnowledgeRole(user.roles, user.role),
    specializations: accountSpecializations(account),
    amr,
    mfa: usedSecondFactor(amr),
  });
}
