/**
 * Who is calling. The verified token names the subject; the account in the user directory says what they may
 * do now (§3, §4, §6 through the domain's `accountClaims` and `buildCurrentUser`), so a suspension or a role
 * change takes effect on the very next request.
 */
import {
  accountClaims,
  accountSpecializations,
  buildCurrentUser,
  decideKnowledgeRole,
  fail,
  ok,
  type CurrentUser,
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

/** Checks the Authorization header of a request: the server's verifies a JWT, the mock API's a mock token. */
export type TokenVerifier = (authorization: string | undefined) => Promise<Result<VerifiedToken>>;

export type Caller = {
  readonly user: CurrentUser;
  /** §6 extended role (nurse, pharmacist, ...), used for knowledge access and the audit trail. */
  readonly knowledgeRole: Role;
  /** §6 a doctor's specializations as knowledge slugs. */
  readonly specializations: readonly string[];
  /** Whether the sign-in used a second factor (`amr`). */
  readonly mfa: boolean;
};

/**
 * The caller of a verified token: the account whose id is the token's subject. A token for no account, or for
 * an account that is not active, is refused (§4 User status: suspended users are refused at once).
 */
export async function resolveCaller(
  tx: StoreTx,
  token: VerifiedToken,
  options: { readonly adminEmail?: string | undefined } = {},
): Promise<Result<Caller>> {
  const account = await tx.getUser(token.sub);
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
