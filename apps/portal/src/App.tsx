import { Auth0Provider, type AppState } from '@auth0/auth0-react';
import { AUTH_SCOPE, addressAfterCallback } from '@sentinel/domain';
import { AlertProvider, AlertRegion, ClockProvider, ThemeProvider } from '@sentinel/ui';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { AuthSession } from './AuthSession';
import { usePreferredTheme } from './colorScheme';
import { authConfig, type AuthConfig } from './config';
import { PortalRoutes } from './PortalRoutes';

/**
 * The real clock in the viewer's time zone (the provider's defaults; stories and tests fix it instead). The
 * locale stays en-US like every text of the product.
 */
const REAL_CLOCK = { now: () => new Date() };

/**
 * The portal: the unmodified Auth0 SDK (embedded provider by default), the ui's providers, and the §2 routes.
 * Rendered inside a router (BrowserRouter in main.tsx, MemoryRouter in tests).
 */
export function App({ config = authConfig }: { config?: AuthConfig }) {
  const navigate = useNavigate();
  const theme = usePreferredTheme();
  // §2: after the callback the address becomes the returnTo the login started from, else the current path.
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
      // §7: tokens survive a reload; refresh tokens rotate instead of a third-party-cookie iframe.
      cacheLocation="localstorage"
      useRefreshTokens
      onRedirectCallback={onRedirectCallback}
    >
      <ThemeProvider theme={theme}>
        <ClockProvider clock={REAL_CLOCK}>
          <AlertProvider>
            <AuthSession config={config}>
              <AlertRegion />
              <PortalRoutes />
            </AuthSession>
          </AlertProvider>
        </ClockProvider>
      </ThemeProvider>
    </Auth0Provider>
  );
}
