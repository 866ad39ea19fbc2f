import { LOGIN_ERRORS, PRODUCT_NAME, SESSION_TEXTS, dashboardPathFor } from '@sentinel/domain';
import {
  ApiError,
  ApiProvider,
  AppShell,
  LazyChallengeDemo,
  LoadingScreen,
  TabScreen,
  Unauthorized,
  createApiClient,
  useCurrentUser,
  useSession,
  type ApiClient,
} from '@sentinel/ui';
import { Suspense, lazy, useMemo } from 'react';
import { Route, Routes, useNavigate } from 'react-router-dom';
import { useSessionToken, useStepUp, type TokenGetter } from './AuthSession';
import { isSecondFactorRequired, isSessionOverError } from './session.utils';

const PatientDashboard = lazy(() => import('./dashboards/PatientDashboard'));
const DoctorPortal = lazy(() => import('./dashboards/DoctorPortal'));
const AdminDashboard = lazy(() => import('./dashboards/AdminDashboard'));

export const CHALLENGE_PAGE_TEXTS = {
  heading: 'Identity Challenge Demo',
  subheading: `The three pillars of ${PRODUCT_NAME}, tried with your own session.`,
} as const;

/**
 * The API client, asking the session for a token before every request. The getter is stable for the session's
 * lifetime, so the client is built once. A token that cannot be had is never replaced by a request without
 * one: when the session is over the session has ended itself (back to the landing, with a notice), otherwise
 * the screen shows why. Every answer of the API that refuses the sign-in for its missing second factor
 * (mfa_required) starts the step-up to the provider here, the one place all calls pass; the screen shows the
 * API's message until the provider's page replaces it. Any other 401 makes the session check itself with the
 * provider.
 */
function useApiClient(getToken: TokenGetter, stepUp: () => void): ApiClient {
  return useMemo(() => {
    const client = createApiClient({
      getAccessToken: async () => {
        try {
          return await getToken();
        } catch (error) {
          if (isSessionOverError(error)) throw new ApiError(401, 'unauthorized', SESSION_TEXTS.ended);
          const detail = error instanceof Error && error.message ? `: ${error.message}` : '';
          throw new ApiError(401, 'unauthorized', `${LOGIN_ERRORS.tokenFailed}${detail}`);
        }
      },
    });
    // The API refused the token itself (401): the account may have been suspended or deleted, or its sign-in
    // revoked at the provider. A fresh token, not the cached one, tells: when the provider refuses to renew the
    // session, the token getter ends it here with its notice (REQ-users-sign-in). At most every 30 s, so an API
    // that keeps refusing a session the provider still renews does not turn into a loop.
    const rechecked = { at: 0 };
    const recheck = () => {
      if (Date.now() - rechecked.at < 30_000) return;
      rechecked.at = Date.now();
      getToken({ cacheMode: 'off' }).catch(() => undefined);
    };
    const refused = (error: unknown): never => {
      if (isSecondFactorRequired(error)) stepUp();
      else if (error instanceof ApiError && error.status === 401) recheck();
      throw error;
    };
    return {
      call: (name, input) => client.call(name, input).catch(refused),
      async *streamChat(body, signal) {
        try {
          yield* client.streamChat(body, signal);
        } catch (error) {
          refused(error);
        }
      },
    };
  }, [getToken, stepUp]);
}

/** /challenge-demo outside a dashboard: the demo in the signed-in frame, with a heading and Log out. */
function ChallengePage({ onNavigate }: { onNavigate: (path: string) => void }) {
  const session = useSession();
  const user = useCurrentUser();
  return (
    <AppShell
      user={user}
      heading={CHALLENGE_PAGE_TEXTS.heading}
      subheading={CHALLENGE_PAGE_TEXTS.subheading}
      onLogout={session.status === 'signedIn' ? session.logout : () => undefined}
    >
      {/* Fetched when the page opens (REQ-perf-files): the dashboards share the same chunk for their demo tab. */}
      <TabScreen label={CHALLENGE_PAGE_TEXTS.heading}>
        <LazyChallengeDemo onNavigate={onNavigate} />
      </TabScreen>
    </AppShell>
  );
}

/**
 * The pages of a signed-in user, once the guard (PortalRoutes) has said "render". Loaded on demand, so a
 * visitor's first load carries only the landing; each dashboard is a chunk of its own (REQ-perf-landing).
 */
export default function SignedInPages() {
  const client = useApiClient(useSessionToken(), useStepUp());
  const user = useCurrentUser();
  const navigate = useNavigate();
  const onNavigate = (path: string) => void navigate(path);
  return (
    <ApiProvider client={client}>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route path="/patient-dashboard" element={<PatientDashboard onNavigate={onNavigate} />} />
          <Route path="/doctor-dashboard" element={<DoctorPortal onNavigate={onNavigate} />} />
          <Route path="/admin-dashboard" element={<AdminDashboard onNavigate={onNavigate} />} />
          <Route path="/challenge-demo" element={<ChallengePage onNavigate={onNavigate} />} />
          <Route
            path="/unauthorized"
            element={<Unauthorized homePath={dashboardPathFor(user.role)} onNavigate={onNavigate} />}
          />
        </Routes>
      </Suspense>
    </ApiProvider>
  );
}
