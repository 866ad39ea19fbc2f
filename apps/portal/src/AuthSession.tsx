import { useAuth0, type IdToken, type User } from '@auth0/auth0-react';
import {
  LOGIN_ERRORS,
  SESSION_TEXTS,
  buildCurrentUser,
  isIncompleteCallback,
  usedSecondFactor,
} from '@sentinel/domain';
import { IdleTimeout, SessionProvider, useAlerts, type Session } from '@sentinel/ui';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import type { AuthConfig } from './config';
import {
  isSecondFactorRequired,
  isSessionOverError,
  isSignInCallback,
  sdkCacheEmptiedElsewhere,
  stepUpLogin,
  wantedPathFrom,
} from './session.utils';
import { useRepeat } from './scheduler';
import { LoginFailed, ProfileProblem } from './SignInProblem';

type ClaimsState = { user: User; claims: Readonly<Record<string, unknown>> };

/** Asks the SDK for an access token (options as the SDK takes them). */
export type TokenGetter = (options?: {
  cacheMode?: 'on' | 'off' | 'cache-only';
}) => Promise<string | undefined>;

/**
 * The access token of the signed-in pages: the SDK's, except that a refusal meaning the session is over
 * (session.utils isSessionOverError) ends the session in this browser before the error goes on to the caller.
 * Every token request of the portal goes through it: the start check, the renewals and the API client.
 */
const SessionTokenContext = createContext<TokenGetter>(() => Promise.reject(new Error('No session')));
export const useSessionToken = () => useContext(SessionTokenContext);

/**
 * Asks for the second factor (a step-up login) after a refusal that says the sign-in lacks it (session.utils
 * isSecondFactorRequired). The API client calls it for every such answer; it redirects at most once.
 */
const StepUpContext = createContext<() => void>(() => undefined);
export const useStepUp = () => useContext(StepUpContext);

/**
 * The subject a step-up was started for in this tab, kept across the redirect (sessionStorage): back from the
 * provider still without a second factor (a provider that does not ask for it), the portal does not send the
 * user there again, which would loop; the screens show the API's message instead.
 */
const STEP_UP_KEY = 'sentinel.stepUp';
const stepUpStartedFor = (): string | null => {
  try {
    return window.sessionStorage.getItem(STEP_UP_KEY);
  } catch {
    return null;
  }
};
const rememberStepUp = (subject: string | null) => {
  try {
    if (subject === null) window.sessionStorage.removeItem(STEP_UP_KEY);
    else window.sessionStorage.setItem(STEP_UP_KEY, subject);
  } catch {
    // Storage blocked by the browser's settings: the one redirect per page load still holds.
  }
};

/** A visitor's Sign In made before the SDK was loaded, with the path to return to after signing in. */
export type LoginRequest = { returnTo: string };

/**
 * The full id-token claims of the signed-in user. The SDK's `user` drops protocol claims such as `amr`, which
 * tells whether a second factor was used, so the claims are read again for each user object. The SDK makes a
 * new one whenever a refresh brings a new id token (about hourly): for the same subject the claims read before
 * stay in use meanwhile, so the open pages are not swapped for the loading screen (losing a chat or a form).
 */
function useIdTokenClaims(user: User | undefined, getIdTokenClaims: () => Promise<IdToken | undefined>) {
  const [loaded, setLoaded] = useState<ClaimsState>();
  useEffect(() => {
    if (!user) return undefined;
    let live = true;
    const settle = (claims: IdToken | undefined) => {
      if (live) setLoaded({ user, claims: claims ?? user });
    };
    // Without the raw claims the profile is still usable; the session then reports no second factor.
    getIdTokenClaims().then(settle, () => settle(undefined));
    return () => {
      live = false;
    };
  }, [user, getIdTokenClaims]);
  return loaded && user && loaded.user.sub === user.sub ? loaded.claims : undefined;
}

/**
 * Whether the SDK's stored session still holds, asked once per signed-in subject: the SDK restores the user from its
 * cache even when the token behind it can no longer be renewed (its start check swallows the refusal), which
 * would show a dashboard whose every request fails. One token request settles it: answered from the cache
 * while the access token is valid (no network), else by a refresh. A refusal that means the session is over
 * ends it; any other failure (the provider unreachable) leaves the session to the screens' own errors.
 */
function useLiveSession(subject: string | undefined, getToken: TokenGetter): boolean {
  const [checked, setChecked] = useState<string>();
  useEffect(() => {
    if (subject === undefined) return undefined;
    let current = true;
    const settle = () => {
      if (current) setChecked(subject);
    };
    // A refusal that means the session is over has ended it (getToken); any other leaves it be.
    getToken().then(settle, settle);
    return () => {
      current = false;
    };
  }, [subject, getToken]);
  return subject !== undefined && checked === subject;
}

/** How often a signed-in portal renews its token even when no screen calls the API (SessionKeepAlive). */
export const KEEP_ALIVE_MS = 30 * 60_000;

/**
 * Keeps the provider's idle limit (refresh tokens and sessions unused for 75 minutes expire, apps/idp
 * config.ts) from ending the session of a user at work on a screen that makes no calls: while signed in, which
 * the automatic logoff guarantees means active within the last 15 minutes, the refresh token is used every 30
 * minutes, past the SDK's cache. A closed tab renews nothing, so its session still idles out. A refusal that
 * means the session is over ends it (getToken); any other is left to the next request.
 */
function SessionKeepAlive({ getToken }: { getToken: TokenGetter }) {
  const repeat = useRepeat();
  useEffect(
    () =>
      repeat(() => {
        getToken({ cacheMode: 'off' }).catch(() => undefined);
      }, KEEP_ALIVE_MS),
    [getToken, repeat],
  );
  return null;
}

/**
 * A Log out (or the automatic logoff) in another tab of the portal clears the SDK's storage there; this tab
 * follows at once instead of showing the dashboard until its next request fails (a shared computer).
 */
function EndsWithOtherTabs({ clientId, onOver }: { clientId: string; onOver: () => void }) {
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      let remaining: string[] = [];
      try {
        remaining = Object.keys(window.localStorage);
      } catch {
        return;
      }
      if (sdkCacheEmptiedElsewhere(clientId, event, remaining)) onOver();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [clientId, onOver]);
  return null;
}

/**
 * Turns the Auth0 SDK's state into the ui's Session. Sign-in errors (a broken callback, a refused login) and an
 * unusable profile get their own screen with a way out, never a blank page. A `loginRequest` (the visitor's
 * Sign In that loaded the SDK) starts the login redirect once the SDK is ready; the landing stays meanwhile.
 */
export function AuthSession({
  config,
  loginRequest,
  children,
}: {
  config: AuthConfig;
  loginRequest?: LoginRequest;
  children: ReactNode;
}) {
  const {
    isLoading,
    isAuthenticated,
    user,
    error,
    loginWithRedirect,
    logout,
    getIdTokenClaims,
    getAccessTokenSilently,
    revokeRefreshToken,
  } = useAuth0();
  const location = useLocation();
  const { show } = useAlerts();

  // The session is over (its refresh token refused, or none left): forget it here, without a trip to the
  // provider, and say so on the landing.
  const [over, setOver] = useState(false);
  const ending = useRef(false);
  const endSession = useCallback(() => {
    if (ending.current) return;
    ending.current = true;
    setOver(true);
    show(SESSION_TEXTS.ended, 'info');
    logout({ openUrl: false }).catch((cause: unknown) => console.warn('Session not cleared', cause));
  }, [logout, show]);
  const claims = useIdTokenClaims(isAuthenticated ? user : undefined, getIdTokenClaims);
  const secondFactor = usedSecondFactor(claims?.amr);
  const subject = user?.sub;
  useEffect(() => {
    if (secondFactor) rememberStepUp(null);
  }, [secondFactor]);

  // A refusal for the missing second factor sends the user to the provider for it, back to the same page. Not
  // when the sign-in shows one already or a step-up for this user came back without one (no loop), and once.
  // The step-up reads the session through a ref, so that it (and with it the token getter and the API client
  // built on that) stays the same function for the session's lifetime, whatever page the user moves to.
  const steppingUp = useRef(false);
  const current = useRef({ subject, secondFactor, path: location.pathname });
  useEffect(() => {
    current.current = { subject, secondFactor, path: location.pathname };
  }, [subject, secondFactor, location.pathname]);
  const stepUp = useCallback(() => {
    const { subject: who, secondFactor: has, path } = current.current;
    if (steppingUp.current || !who || has || stepUpStartedFor() === who) return;
    steppingUp.current = true;
    rememberStepUp(who);
    loginWithRedirect(stepUpLogin(path)).catch((cause: unknown) => {
      steppingUp.current = false;
      console.warn('Step-up sign-in not started', cause);
    });
  }, [loginWithRedirect]);

  const getToken = useCallback<TokenGetter>(
    async (options) => {
      try {
        return await getAccessTokenSilently(options);
      } catch (cause) {
        if (isSessionOverError(cause)) endSession();
        else if (isSecondFactorRequired(cause)) stepUp();
        throw cause;
      }
    },
    [getAccessTokenSilently, endSession, stepUp],
  );
  const live = useLiveSession(
    isAuthenticated && !isLoading && !over ? (user?.sub ?? '') : undefined,
    getToken,
  );

  const wanted = wantedPathFrom(location.state) ?? location.pathname;
  const login = useCallback(
    () => void loginWithRedirect({ appState: { returnTo: wanted } }),
    [loginWithRedirect, wanted],
  );
  const loginRequested = useRef(false);
  useEffect(() => {
    if (!loginRequest || loginRequested.current || isLoading || isAuthenticated || error) return;
    loginRequested.current = true;
    void loginWithRedirect({ appState: { returnTo: loginRequest.returnTo } });
  }, [loginRequest, isLoading, isAuthenticated, error, loginWithRedirect]);

  const signOut = useCallback(async () => {
    // Revoke first so a copy of the refresh token left in storage is worthless; logging out must not depend
    // on it, because the provider's logout ends the session anyway.
    rememberStepUp(null);
    await revokeRefreshToken().catch((cause: unknown) => console.warn('Refresh token not revoked', cause));
    await logout({ logoutParams: { returnTo: window.location.origin } });
  }, [logout, revokeRefreshToken]);

  const built = useMemo(
    () => (claims ? buildCurrentUser(claims, { adminEmail: config.adminEmail }) : undefined),
    [claims, config.adminEmail],
  );

  if (error && !isAuthenticated && !isLoading) return <LoginFailed message={error.message} onRetry={login} />;
  if (!isAuthenticated && !isLoading && isIncompleteCallback(location.search)) {
    const description = new URLSearchParams(location.search).get('error_description');
    return <LoginFailed message={description || LOGIN_ERRORS.invalidState} onRetry={login} />;
  }
  if (built && !built.ok)
    return <ProfileProblem message={built.error.message} onLogout={() => void signOut()} />;

  const session: Session =
    (loginRequest && !isAuthenticated) || over
      ? { status: 'signedOut', login }
      : // The SDK reports the user before the router has left the sign-in answer (/?code=...&state=...) for the
        // address the sign-in started from (a transition, possibly waiting on that page's chunk): the guard
        // would take the user to their dashboard instead. Loading until the address has changed.
        isLoading || (isAuthenticated && isSignInCallback(location.search))
        ? { status: 'loading' }
        : !isAuthenticated
          ? { status: 'signedOut', login }
          : built?.ok && live
            ? {
                status: 'signedIn',
                user: built.value,
                mfa: secondFactor,
                logout: () => void signOut(),
              }
            : { status: 'loading' };

  return (
    <SessionTokenContext.Provider value={getToken}>
      <StepUpContext.Provider value={stepUp}>
        <SessionProvider session={session}>
          {/* HIPAA automatic logoff: 15 minutes idle signs out the way Log out does (refresh token revoked). */}
          {session.status === 'signedIn' ? (
            <>
              <IdleTimeout onLogout={session.logout} />
              <SessionKeepAlive getToken={getToken} />
              <EndsWithOtherTabs clientId={config.clientId} onOver={endSession} />
            </>
          ) : null}
          {children}
        </SessionProvider>
      </StepUpContext.Provider>
    </SessionTokenContext.Provider>
  );
}
