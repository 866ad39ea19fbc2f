import type { QueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { AlertProvider, AlertRegion } from '../AlertRegion/AlertRegion';
import { ApiProvider } from '../api/ApiProvider';
import { createApiClient, type ApiClient } from '../api/client';
import { ClockProvider, type Clock } from '../clock/ClockProvider';
import { SessionProvider, type Session } from '../session/SessionProvider';
import type { SentinelTheme } from '../theme/createTheme';
import { ThemeProvider, type ThemeName } from '../ThemeProvider/ThemeProvider';

/** How screens reach the API: a client the host built, or the parts to build one. */
export type SentinelApiProps =
  | {
      /** A client made with `createApiClient` (or a test double of `ApiClient`). */
      client: ApiClient;
      baseUrl?: never;
      getAccessToken?: never;
    }
  | {
      client?: never;
      /** Origin (or prefix) of the Sentinel API; the page's own origin when left out. */
      baseUrl?: string;
      /** Returns the current access token; called before every request. */
      getAccessToken: () => Promise<string | undefined>;
    }
  | {
      /** No API: primitives and pure `XScreen` components only; a connected screen says what is missing. */
      client?: never;
      baseUrl?: never;
      getAccessToken?: never;
    };

export type SentinelProviderProps = SentinelApiProps & {
  /** 'light' (the default), 'dark', or a theme made with `createTheme`. */
  theme?: ThemeName | SentinelTheme;
  /** The signed-in person; screens that need one say so when it is missing. */
  session?: Session;
  /** Overrides of the clock (default: the real clock, the browser's locale and time zone). */
  clock?: Partial<Clock>;
  /** The host's TanStack Query cache, to share it; by default the provider keeps its own. */
  queryClient?: QueryClient;
  /** Where alerts appear: above the children (the default), or nowhere, when the host renders <AlertRegion/>. */
  alertRegion?: 'top' | 'none';
  children: ReactNode;
};

/** The browser's locale, where there is one (not on a server render, where the clock's default stays). */
function browserLocale(): Partial<Clock> {
  return typeof navigator !== 'undefined' && navigator.language ? { locale: navigator.language } : {};
}

/**
 * The client made from `baseUrl` and `getAccessToken`. A new getter (an inline arrow, each render) makes a new
 * client, which costs a small object: queries are keyed by what they ask, not by the client, so nothing is
 * fetched again.
 */
function useOwnClient(baseUrl: string | undefined, getAccessToken: SentinelApiProps['getAccessToken']) {
  return useMemo(
    () =>
      getAccessToken
        ? createApiClient({ ...(baseUrl === undefined ? {} : { baseUrl }), getAccessToken })
        : undefined,
    [baseUrl, getAccessToken],
  );
}

/**
 * The one provider a host wraps its app in (REQ-product-library): the theme, the clock, the alerts (with their
 * region), the API client with a query cache, and the session. Every part has a default except what only the
 * host knows (the API's token and the signed-in person); a screen rendered without what it needs throws an error
 * naming the missing prop.
 */
export function SentinelProvider({
  theme = 'light',
  session,
  clock,
  queryClient,
  alertRegion = 'top',
  client,
  baseUrl,
  getAccessToken,
  children,
}: SentinelProviderProps) {
  const ownClient = useOwnClient(baseUrl, getAccessToken);
  const [defaultClock] = useState(browserLocale);

  return (
    <ThemeProvider theme={theme}>
      <ClockProvider clock={{ ...defaultClock, ...clock }}>
        {/* The same tree whether or not the API and session are there yet, so nothing remounts when they arrive. */}
        <ApiProvider client={client ?? ownClient} queryClient={queryClient}>
          <SessionProvider session={session}>
            <AlertProvider>
              {alertRegion === 'top' && <AlertRegion />}
              {children}
            </AlertProvider>
          </SessionProvider>
        </ApiProvider>
      </ClockProvider>
    </ThemeProvider>
  );
}
