/**
 * Sign-in for the mock API. A mock access token names a persona (`Bearer mock-persona:jane`), and may state the
 * sign-in's `amr` as a real token does (`mock-persona:alice;amr=pwd`); without it the sign-in is the one the
 * identity provider gives the persona (`signInMethodsFor`). The token only names who signs in: the runner loads
 * the caller from the persona's account (@sentinel/service `resolveCaller`), as the server does
 * (REQ-data-claims, REQ-auth, REQ-access).
 */
import { fail, ok } from '@sentinel/domain';
import { TOKEN_REFUSALS, type TokenVerifier, type VerifiedToken } from '@sentinel/service';
import { PERSONA_LIST, signInMethodsFor, type PersonaKey } from '@sentinel/demo-data';

const MOCK_TOKEN_PREFIX = 'mock-persona:';
/** How a mock token states the sign-in's methods: `;amr=` and a comma-separated list (possibly empty). */
const AMR_PART = ';amr=';

/** A sign-in other than the persona's usual one: its `amr` (RFC 8176), e.g. ['pwd'] without the code. */
export type MockSignIn = { readonly amr?: readonly string[] };

/** The access token the mock API accepts for a persona, by default for its usual sign-in. */
export function mockTokenFor(key: PersonaKey, signIn: MockSignIn = {}): string {
  return `${MOCK_TOKEN_PREFIX}${key}${signIn.amr ? `${AMR_PART}${signIn.amr.join(',')}` : ''}`;
}

/** The `Authorization` header value for a persona, by default for its usual sign-in. */
export function authorizationFor(key: PersonaKey, signIn: MockSignIn = {}): string {
  return `Bearer ${mockTokenFor(key, signIn)}`;
}

/** The bearer token of an Authorization header, if it has one. */
export const bearerTokenOf = (authorization: string | undefined): string =>
  /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? '')?.[1] ?? '';

/** The subject and sign-in methods a mock token names, or undefined for a token that is not one. */
function readMockToken(token: string): VerifiedToken | undefined {
  if (!token.startsWith(MOCK_TOKEN_PREFIX)) return undefined;
  const [key, stated, ...more] = token.slice(MOCK_TOKEN_PREFIX.length).split(AMR_PART);
  const persona = PERSONA_LIST.find((candidate) => candidate.key === key);
  if (!persona || more.length > 0) return undefined;
  if (stated === undefined) return { sub: persona.sub, amr: signInMethodsFor(persona) };
  return { sub: persona.sub, amr: stated ? stated.split(',') : [] };
}

/**
 * The mock API's token check (the runner's `TokenVerifier`). A missing token asks to sign in, an unknown one
 * says it is not valid; whether the account still exists and is active is the runner's to check.
 */
export const verifyMockToken: TokenVerifier = async (authorization) => {
  const token = bearerTokenOf(authorization);
  if (!token) return fail('unauthorized', TOKEN_REFUSALS.missing);
  const signedIn = readMockToken(token);
  return signedIn ? ok(signedIn) : fail('unauthorized', TOKEN_REFUSALS.invalid);
};
