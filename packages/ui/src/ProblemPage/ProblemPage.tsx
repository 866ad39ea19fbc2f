import type { ReactNode } from 'react';
import { Box } from '../Box/Box';
import { Heading, Text } from '../Text/Text';

export type ProblemPageProps = {
  /** The icon above the title (a lock for access, a warning for failures). */
  icon: ReactNode;
  /** The page's heading: what went wrong, in a few words. */
  title: string;
  /** What happened and what the user can do, in plain words. */
  message: string;
  /** Announce the message at once (failures); a page the user navigated to is read in order instead. */
  announce?: boolean;
  /** The way out: retry, go home, log out. */
  action?: ReactNode;
};

/**
 * A whole page that explains why the user cannot go on, and offers the way out.
 *
 * **When to use:** the whole page cannot go on: a broken sign-in callback, a page that does not exist. Not for a
 * failed part of a page (ErrorState).
 *
 * **Accessibility:** the title is the page's heading; with `announce` the message is an alert, read out at once.
 *
 * **Content:** what happened in plain words, then one way out ("Back to sign in").
 */
export function ProblemPage({ icon, title, message, announce = false, action }: ProblemPageProps) {
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
        {icon}
      </Text>
      <Heading level={1}>{title}</Heading>
      <Box role={announce ? 'alert' : undefined}>
        <Text tone="muted">{message}</Text>
      </Box>
      {action}
    </Box>
  );
}
