import { decideRoute } from '@sentinel/domain';
import { Landing, LoadingScreen, useSession } from '@sentinel/ui';
import { Suspense, lazy } from 'react';
import { Navigate, useLocation } from 'react-router-dom';

const SignedInPages = lazy(() => import('./SignedInPages'));

/**
 * REQ-nav-guard. The domain's decideRoute is the one guard: it decides landing, redirect or render for every
 * path and user; the route table of SignedInPages only picks the page once the guard has said "render".
 */
export function PortalRoutes() {
  const session = useSession();
  const location = useLocation();

  if (session.status === 'loading') return <LoadingScreen />;
  const user = session.status === 'signedIn' ? session.user : undefined;
  const decision = decideRoute(location.pathname, user);
  if (decision.kind === 'landing') return <Landing />;
  if (decision.kind === 'redirect') {
    // A visitor's deep link is remembered so that signing in from the landing can return to it.
    const state = user ? undefined : { returnTo: `${location.pathname}${location.search}` };
    return <Navigate to={decision.to} replace state={state} />;
  }
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInPages />
    </Suspense>
  );
}
