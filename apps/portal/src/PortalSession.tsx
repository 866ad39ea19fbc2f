import { LOGIN_ERRORS, isIncompleteCallback } from '@sentinel/domain';
import { SessionProvider, type Session } from '@sentinel/ui';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import type { AuthConfig } from './config';
import type { LoginRequest } from './AuthSession';
import type * as SdkSessionExports from './SdkSession';
import { mayHaveSdkSession, wantedPathFrom } from './session.utils';
import { LoginFailed } from './SignInProblem';

export const PORTAL_SESSION_TEXTS = {
  sdkUnavailable: 'The sign-in could not be started. Check your connection and try again.',
} as const;

/** The chunk with the Auth0 SDK and the session built on it (src/SdkSession.tsx). */
export type SdkSessionModule = typeof SdkSessionExports;

let sdkModule: Promise<SdkSessionModule> | undefined;

/** Loads the sign-in chunk once per page; after a failed load (offline, a new deploy) the next call tries again. */
export function loadSdkSession(): Promise<SdkSessionModule> {
  sdkModule ??= import('./SdkSession').catch((error: unknown) => {
    sdkModule = undefined;
    throw error;
  });
  return sdkModule;
}

function localStorageKeys(): string[] {
  try {
    return Object.keys(window.localStorage);
  } catch {
    // Storage blocked by the browser's settings: the SDK could not have cached anything either.
    return [];
  }
}

/** Why the SDK is needed: a session may exist (restore it, no login), or a visitor asked to sign in. */
type SdkWanted = { login?: LoginRequest };
type SdkLoad = { module?: SdkSessionModule; failed?: boolean };

/**
 * REQ-perf-landing: the Auth0 SDK (about 60 kB gzipped) loads only when it is needed. A visitor without a
 * session gets the landing from the first chunk, with a login that loads the SDK and then redirects to the
 * provider. When the browser holds the SDK's session cookie or cache, or a sign-in answer arrived, the SDK
 * loads at once and takes over (src/SdkSession.tsx), exactly as if it had been there from the start. Render
 * it inside the ui's AlertProvider: a session found to be over is announced there (src/AuthSession.tsx).
 */
export function PortalSession({
  config,
  children,
  loadSdk = loadSdkSession,
}: {
  config: AuthConfig;
  children: ReactNode;
  /** How the SDK chunk is fetched; the dynamic import unless a test fails it on purpose. */
  loadSdk?: () => Promise<SdkSessionModule>;
}) {
  const location = useLocation();
  const [wanted, setWanted] = useState<SdkWanted | undefined>(() =>
    mayHaveSdkSession({
      clientId: config.clientId,
      cookie: document.cookie,
      storageKeys: localStorageKeys(),
      search: location.search,
    })
      ? {}
      : undefined,
  );
  const [load, setLoad] = useState<SdkLoad>({});

  useEffect(() => {
    if (!wanted || load.module || load.failed) return undefined;
    let live = true;
    loadSdk().then(
      (module) => {
        if (live) setLoad({ module });
      },
      (cause: unknown) => {
        console.warn('The sign-in SDK did not load', cause);
        if (live) setLoad({ failed: true });
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, load, loadSdk]);

  const returnTo = wantedPathFrom(location.state) ?? location.pathname;
  const login = useCallback(() => setWanted((now) => now ?? { login: { returnTo } }), [returnTo]);
  const retry = useCallback(() => setLoad({}), []);

  if (load.failed) return <LoginFailed message={PORTAL_SESSION_TEXTS.sdkUnavailable} onRetry={retry} />;
  if (wanted && load.module) {
    const { SdkSession } = load.module;
    return (
      <SdkSession config={config} loginRequest={wanted.login}>
        {children}
      </SdkSession>
    );
  }
  // A broken sign-in answer (no state) is no callback for the SDK: say so here, as the SDK session would.
  if (!wanted && isIncompleteCallback(location.search)) {
    const description = new URLSearchParams(location.search).get('error_description');
    return <LoginFailed message={description || LOGIN_ERRORS.invalidState} onRetry={login} />;
  }
  // While a visitor's Sign In loads the SDK, the landing stays until the provider's page replaces it.
  const session: Session = !wanted || wanted.login ? { status: 'signedOut', login } : { status: 'loading' };
  return <SessionProvider session={session}>{children}</SessionProvider>;
}
