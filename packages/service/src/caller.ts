/**
 * Who is calling. The verified token names the subject; the account in the user directory says what they may
 * do now (REQ-data, REQ-auth-mfa-signin, REQ-access-directory through the domain's `accountClaims` and
 * `buildCurrentUser`), so a suspension or a role change takes effect on the very next request.
 */
import {
  accountClaims,
  accountSpecializations,
  buildCurrentUser,
  decideKnowledgeRole,
  fail,
  ok,
  type CurrentUser,
  type ManagedUser,
  type Result,
  type Role,
  usedSecondFactor,
} from '@sentinel/domain';
import type { StoreTx } from './store/types';

/** What the runner needs of a verified access token (the server's verifier gives more). */
export type VerifiedToken = {
  readonly sub: string;
  /** Authentication methods (`amr`), e.g. ['pwd', 'otp'] after a TOTP step (the domain's usedSecondFactor). */
  readonly amr: readonly string[];
};

/**
 * What a token verifier answers when the check fails (both verifiers say the same): no token asks to sign in, a
 * token that is not valid says so. Which check failed stays in the server.
 */
export const TOKEN_REFUSALS = {
  missing: 'Sign in to continue.',
  invalid: 'Your session is not valid. Sign in again.',
} as const;

/** Checks the Authorization header of a request: the server's verifies a JWT, the mock API's a mock token. */
export type TokenVerifier = (authorization: string | undefined) => Promise<Result<VerifiedToken>>;

export type Caller = {
  readonly user: CurrentUser;
  /** REQ-access extended role (nurse, pharmacist, ...), used for knowledge access and the audit trail. */
  readonly knowledgeRole: Role;
  /** REQ-kb-specialization a doctor's specializations as knowledge slugs. */
  readonly specializations: readonly string[];
  /** Whether the sign-in used a second factor (`amr`). */
  readonly mfa: boolean;
};

/**
 * The caller of a verified token: the account whose id is the token's subject. A token for no account, or for
 * an account that is not active, is refused (REQ-users-suspend: suspended users are refused at once).
 */
export async function resolveCaller(
  tx: Pick<StoreTx, 'getUser'>,
  token: VerifiedToken,
  options: { readonly adminEmail?: string | undefined } = {},
): Promise<Result<Caller>> {
  return callerOfAccount(token, await tx.getUser(token.sub), options);
}

/**
 * The caller of a verified token whose account is `account` (undefined: there is none), for a caller that holds
 * the account already (the mock API's synchronous helpers).
 */
export function callerOfAccount(
  token: VerifiedToken,
  account: ManagedUser | undefined,
  options: { readonly adminEmail?: string | undefined } = {},
): Result<Caller> {
  if (!account) return fail('unauthorized', 'This account no longer exists.');
  if (account.status !== 'active') return fail('unauthorized', `This account is ${account.status}.`);
  const built = buildCurrentUser(
    accountClaims(token.sub, account),
    options.adminEmail ? { adminEmail: options.adminEmail } : {},
  );
  if (!built.ok) return built;
  const user = built.value;
  return ok({
    user,
    knowledgeRole: decideKnowledgeRole(user.roles, user.role),
    specializations: accountSpecializations(account),
    mfa: usedSecondFactor(token.amr),
  });
}
