import { Box } from '../Box/Box';
import { WarningIcon } from '../icons/icons';
import { Text } from '../Text/Text';

/**
 * What went wrong with a form as a whole (the server refused it, or it could not be sent), above its fields.
 * The alert region is there from the first render, empty until there is a message: a screen reader announces
 * a message written into a live region that already exists, not one that arrives with its region.
 */
export function FormErrorAlert({ message }: { message: string | undefined }) {
  return (
    <div role="alert">
      {message ? (
        <Box
          display="flex"
          gap="small"
          alignItems="center"
          padding="medium"
          background="critical"
          borderRadius="medium"
        >
          <WarningIcon />
          <Text as="span" tone="critical">
            {message}
          </Text>
        </Box>
      ) : null}
    </div>
  );
}
