import { LOGIN_ERRORS } from '@sentinel/domain';
import type { ReactNode } from 'react';
import { Box, Button, Heading, LogoutIcon, RefreshIcon, Text, WarningIcon } from '@sentinel/ui';

function ProblemFrame({ title, message, action }: { title: string; message: string; action: ReactNode }) {
  return (
    <Box
      as="main"
      display="flex"
      flexDirection="column"
      alignItems="center"
      justifyContent="center"
      gap="large"
      padding="xxxlarge"
      textAlign="center"
    >
      <Text as="span" tone="critical">
        <WarningIcon size="large" />
      </Text>
      <Heading level={1}>{title}</Heading>
      <Box role="alert">
        <Text tone="muted">{message}</Text>
      </Box>
      {action}
    </Box>
  );
}

export const SIGN_IN_PROBLEM_TEXTS = {
  retry: 'Try again',
  profileTitle: 'Your profile could not be read',
  logout: 'Log out',
} as const;

/**
 * §5 Login, issue 4 "Bad input": a refused sign-in or a broken callback (missing or mismatched state,
 * access_denied, an expired transaction) shows 'Login failed' with the provider's words and a way back in.
 */
export function LoginFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <ProblemFrame
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

/** Signed in, but the token's claims do not make a user (§3): say why and offer to sign out. */
export function ProfileProblem({ message, onLogout }: { message: string; onLogout: () => void }) {
  return (
    <ProblemFrame
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
