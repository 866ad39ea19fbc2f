import { AlertProvider, AlertRegion, ClockProvider, ThemeProvider } from '@sentinel/ui';
import { usePreferredTheme } from './colorScheme';
import { authConfig, type AuthConfig } from './config';
import { PortalRoutes } from './PortalRoutes';
import { PortalSession } from './PortalSession';

/**
 * The real clock in the viewer's time zone (the provider's defaults; stories and tests fix it instead). The
 * locale stays en-US like every text of the product.
 */
const REAL_CLOCK = { now: () => new Date() };

/**
 * The portal: the ui's providers, the session (the unmodified Auth0 SDK, loaded when needed; embedded provider
 * by default), and the routes (REQ-nav). Rendered inside a react-router-dom router (BrowserRouter in main.tsx, MemoryRouter
 * in tests).
 */
export function App({ config = authConfig }: { config?: AuthConfig }) {
  const theme = usePreferredTheme();
  return (
    <ThemeProvider theme={theme}>
      <ClockProvider clock={REAL_CLOCK}>
        <AlertProvider>
          <PortalSession config={config}>
            <AlertRegion />
            <PortalRoutes />
          </PortalSession>
        </AlertProvider>
      </ClockProvider>
    </ThemeProvider>
  );
}
