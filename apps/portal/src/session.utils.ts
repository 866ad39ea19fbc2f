/**
 * Pure helpers of the portal's sign-in wiring. Candidates for packages/domain if the API needs them too.
 */

/**
 * The OpenID PAPE policy of multi-factor authentication: the `acr_values` Auth0 documents for step-up
 * authentication, asking the provider for a sign-in with a second factor.
 */
export const MULTI_FACTOR_ACR = 'http://schemas.openid.net/pape/policies/2007/06/multi-factor';

/**
 * The login of a step-up: the provider asks again (`prompt=login`), this time for the second factor too
 * (`acr_values`), then the user comes back to the page they were on.
 */
export function stepUpLogin(returnTo: string) {
  return {
    appState: { returnTo },
    authorizationParams: { acr_values: MULTI_FACTOR_ACR, prompt: 'login' as const },
  };
}

/**
 * Whether an error is the refusal of a sign-in without the second factor it needs: the API's (an ApiError with
 * code mfa_required) or the provider's on a token request (the SDK's MfaRequiredError, error mfa_required, REQ-err-identity-codes).
 */
export function isSecondFactorRequired(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (
    ('code' in error && error.code === 'mfa_required') || ('error' in error && error.error === 'mfa_required')
  );
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

/**
 * Errors of a token request that mean the session is over: nothing to renew it with (`login_required`,
 * `missing_refresh_token`, `consent_required`), or the provider refused the refresh token (`invalid_grant`:
 * unused past the provider's idle limit, past its lifetime, revoked, or its family revoked after a reuse).
 */
const SESSION_OVER_ERRORS = ['login_required', 'consent_required', 'missing_refresh_token', 'invalid_grant'];

export function isSessionOverError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'error' in error &&
    typeof error.error === 'string' &&
    SESSION_OVER_ERRORS.includes(error.error)
  );
}

/**
 * A sign-in answer the SDK handles on start: a code (or an error) with its state, as `hasAuthParams` of
 * @auth0/auth0-react 2.x tests it. Without the state it is no callback to the SDK (see isIncompleteCallback).
 */
export function isSignInCallback(search: string): boolean {
  return (
    (/[?&](?:connect_)?code=[^&]+/.test(search) || /[?&]error=[^&]+/.test(search)) &&
    /[?&]state=[^&]+/.test(search)
  );
}

/** What the browser holds that tells whether the Auth0 SDK may have a session to restore. */
export type StoredSessionHints = {
  clientId: string;
  /** `document.cookie`. */
  cookie: string;
  /** The keys of localStorage. */
  storageKeys: readonly string[];
  /** `location.search`. */
  search: string;
};

function cookieNames(cookie: string): string[] {
  return cookie
    .split(';')
    .map((pair) => pair.split('=')[0]?.trim() ?? '')
    .filter(Boolean)
    .map((name) => {
      try {
        return decodeURIComponent(name);
      } catch {
        return name;
      }
    });
}

/**
 * REQ-perf-landing: whether the sign-in SDK must load on start, because a session may exist or a sign-in
 * answer arrived. @auth0/auth0-spa-js 2.x, on a site served over http and with the default
 * `legacySameSiteCookie`, writes `auth0.{clientId}.is.authenticated` and
 * `_legacy_auth0.{clientId}.is.authenticated` after every sign-in (kept 1 day, removed by logout) and still
 * honours the old `auth0.is.authenticated`; its checkSession looks at nothing else. With the localstorage
 * cache it also restores the user from the cache entries `@@auth0spajs@@::{clientId}::...` even when the
 * cookie has expired, so those count too. Without any of these the SDK would report a visitor without a
 * single network call: the landing can then be shown without it.
 */
/** The prefix of the SDK's localStorage cache entries for a client. */
const sdkCachePrefix = (clientId: string) => `@@auth0spajs@@::${clientId}::`;

export function mayHaveSdkSession({ clientId, cookie, storageKeys, search }: StoredSessionHints): boolean {
  if (isSignInCallback(search)) return true;
  const flag = `auth0.${clientId}.is.authenticated`;
  const flags = new Set([flag, `_legacy_${flag}`, 'auth0.is.authenticated']);
  if (cookieNames(cookie).some((name) => flags.has(name))) return true;
  const cachePrefix = sdkCachePrefix(clientId);
  return storageKeys.some((key) => key.startsWith(cachePrefix));
}

/**
 * Whether a change to localStorage made in another tab (a `storage` event: its key, null when the storage was
 * cleared, and its new value, null when removed) took the last of the SDK's cache entries for this client away:
 * that tab logged out (its logout clears them), so this tab's session is over too.
 */
export function sdkCacheEmptiedElsewhere(
  clientId: string,
  change: { key: string | null; newValue: string | null },
  remainingKeys: readonly string[],
): boolean {
  const cachePrefix = sdkCachePrefix(clientId);
  const removedOne = change.key === null || (change.key.startsWith(cachePrefix) && change.newValue === null);
  return removedOne && !remainingKeys.some((key) => key.startsWith(cachePrefix));
}
