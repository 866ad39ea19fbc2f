import { LOGIN_ERRORS } from '@sentinel/domain';
import { Button, LogoutIcon, ProblemPage, RefreshIcon, WarningIcon } from '@sentinel/ui';

export const SIGN_IN_PROBLEM_TEXTS = {
  retry: 'Try again',
  profileTitle: 'Your profile could not be read',
  logout: 'Log out',
} as const;

/**
 * REQ-auth-state, REQ-nav-broken-callback "Bad input": a refused sign-in or a broken callback (missing or
 * mismatched state, access_denied, an expired transaction) shows 'Login failed' with the provider's words and
 * a way back in.
 */
export function LoginFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ProblemPage
      icon={<WarningIcon size="large" />}
      announce
      title={LOGIN_ERRORS.loginFailed}
      message={message || LOGIN_ERRORS.loginFailed}
      action={
        <Button variant="primary" icon={<RefreshIcon />} onClick={onRetry}>
          {SIGN_IN_PROBLEM_TEXTS.retry}
        </Button>
      }
    />
  );
}

/** Signed in, but the token's claims do not make a user (REQ-data): say why and offer to sign out. */
export function ProfileProblem({ message, onLogout }: { message: string; onLogout: () => void }) {
  return (
    <ProblemPage
      icon={<WarningIcon size="large" />}
      announce
      title={SIGN_IN_PROBLEM_TEXTS.profileTitle}
      message={message}
      action={
        <Button variant="secondary" icon={<LogoutIcon />} onClick={onLogout}>
          {SIGN_IN_PROBLEM_TEXTS.logout}
        </Button>
      }
    />
  );
}
