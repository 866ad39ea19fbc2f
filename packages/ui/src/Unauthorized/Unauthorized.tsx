import { ROUTE_TEXTS } from '@sentinel/domain';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { LockIcon } from '../icons/icons';
import { Heading, Text } from '../Text/Text';

export type UnauthorizedProps = {
  /** Where the way back leads (the user's own dashboard); no button without it. */
  homePath?: string;
  onNavigate?: (path: string) => void;
};

/** §2 Routes: /unauthorized shows 'Access Denied' and 'You don't have permission to access this resource.' */
export function Unauthorized({ homePath, onNavigate }: UnauthorizedProps) {
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
        <LockIcon size="large" />
      </Text>
      <Heading level={1}>{ROUTE_TEXTS.accessDeniedTitle}</Heading>
      <Text tone="muted">{ROUTE_TEXTS.accessDeniedBody}</Text>
      {homePath && onNavigate ? (
        <Button variant="primary" onClick={() => onNavigate(homePath)}>
          Go to my dashboard
        </Button>
      ) : null}
    </Box>
  );
}
