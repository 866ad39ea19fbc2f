/**
 * What a user reads on the way through sign-in, written out here on purpose: these tests look at the running
 * product from outside, so a changed text in any layer shows up as a failure. Each group names its source.
 */

/** packages/ui Landing and AppShell, packages/domain ROUTE_TEXTS (REQ-screen). */
export const PORTAL = {
  signIn: 'Sign In',
  logOut: 'Log out',
  loading: 'Securing your medical data...',
  accessDenied: 'Access Denied',
  goToMyDashboard: 'Go to my dashboard',
  /** apps/portal/src/SignedInPages.tsx CHALLENGE_PAGE_TEXTS. */
  challengeHeading: 'Identity Challenge Demo',
} as const;

/** packages/domain SESSION_TEXTS.ended: a stored session the provider no longer renews. */
export const SESSION_ENDED = 'Your session has ended. Please sign in again.';

/** apps/portal/src/SignInProblem.tsx and packages/domain LOGIN_ERRORS (REQ-auth-start, REQ-err). */
export const SIGN_IN_PROBLEM = {
  title: 'Login failed',
  invalidState: 'Invalid state',
  retry: 'Try again',
} as const;

/** apps/idp/src/pages.ts: the identity provider's sign-in and code pages (REQ-arch). */
export const IDP = {
  email: 'Email',
  password: 'Password',
  continue: 'Continue',
  code: 'Authentication code',
  verify: 'Verify',
  wrongCredentials: 'Wrong email or password.',
  wrongCode: 'That code is not valid. Try again.',
  signedOut: 'You are signed out.',
} as const;

/** packages/ui IdleTimeout.utils.ts IDLE_TIMEOUT_TEXTS, written out as a user reads them. */
export const IDLE = {
  title: 'Are you still there?',
  stay: 'Stay signed in',
  logOut: 'Log out',
  countdown: 'Time left before you are signed out',
} as const;
