import type { ReactNode } from 'react';
import { Box } from '../Box/Box';
import { Heading, Text } from '../Text/Text';

export type ProblemPageProps = {
  /** The icon above the title (a lock for access, a warning for failures). */
  icon: ReactNode;
  title: string;
  message: string;
  /** Announce the message at once (failures); a page the user navigated to is read in order instead. */
  announce?: boolean;
  /** The way out: retry, go home, log out. */
  action?: ReactNode;
};

/** A whole page that explains why the user cannot go on, and offers the way out. */
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
