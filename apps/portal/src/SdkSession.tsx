import { Auth0Provider, type AppState } from '@auth0/auth0-react';
import { AUTH_SCOPE, addressAfterCallback } from '@sentinel/domain';
import { useCallback, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthSession, type LoginRequest } from './AuthSession';
import type { AuthConfig } from './config';

/**
 * The unmodified Auth0 SDK (embedded provider by default) and the session built on it. A chunk of its own,
 * loaded by src/PortalSession.tsx only when a session may exist or a visitor signs in (REQ-perf-landing).
 */
export function SdkSession({
  config,
  loginRequest,
  children,
}: {
  config: AuthConfig;
  /** A visitor's Sign In that loaded the SDK: the login redirect starts as soon as the SDK is ready. */
  loginRequest?: LoginRequest;
  children: ReactNode;
}) {
  const navigate = useNavigate();
  // REQ-nav-callback: after the callback the address becomes the returnTo the login started from, else the
  // current path.
  const onRedirectCallback = useCallback(
    (appState?: AppState) =>
      void navigate(addressAfterCallback(window.location.pathname, appState?.returnTo), { replace: true }),
    [navigate],
  );

  return (
    <Auth0Provider
      domain={config.domain}
      clientId={config.clientId}
      authorizationParams={{
        redirect_uri: window.location.origin,
        audience: config.audience,
        scope: AUTH_SCOPE,
      }}
      // REQ-auth: tokens survive a reload; refresh tokens rotate instead of a third-party-cookie iframe.
      cacheLocation="localstorage"
      useRefreshTokens
      onRedirectCallback={onRedirectCallback}
    >
      <AuthSession config={config} loginRequest={loginRequest}>
        {children}
      </AuthSession>
    </Auth0Provider>
  );
}
