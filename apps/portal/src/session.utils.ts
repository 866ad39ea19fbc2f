/**
 * Pure helpers of the portal's sign-in wiring. Candidates for packages/domain if the API needs them too.
 */

/** The `amr` values that mean a second factor was used (TOTP from the embedded provider, 'mfa' from Auth0). */
const SECOND_FACTOR_METHODS = ['otp', 'mfa'] as const;

/** §1 MFA pillar: whether the sign-in used a second factor, read from the id token's amr claim. */
export function usedSecondFactor(claims: Readonly<Record<string, unknown>> | undefined): boolean {
  const amr = claims?.amr;
  return Array.isArray(amr) && amr.some((m) => (SECOND_FACTOR_METHODS as readonly unknown[]).includes(m));
}

/**
 * The path a visitor wanted before being sent to / (kept in the router's location state), so that signing in
 * can return there. Only same-origin paths are accepted.
 */
export function wantedPathFrom(state: unknown): string | undefined {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return undefined;
  const { returnTo } = state;
  return typeof returnTo === 'string' && /^\/(?![/\\])/.test(returnTo) ? returnTo : undefined;
}

/** Errors of a silent token request that mean "no session any more": the API call goes out without a token. */
const SIGNED_OUT_TOKEN_ERRORS = ['login_required', 'consent_required', 'missing_refresh_token'];

export function isSignedOutTokenError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'error' in error &&
    typeof error.error === 'string' &&
    SIGNED_OUT_TOKEN_ERRORS.includes(error.error)
  );
}
