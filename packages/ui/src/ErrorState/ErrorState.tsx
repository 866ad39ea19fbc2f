import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { RefreshIcon, WarningIcon } from '../icons/icons';
import { Text } from '../Text/Text';

/** The label of the retry button of every screen's load error. */
export const RETRY_LABEL = 'Try again';

export type ErrorStateProps = {
  /** What went wrong, in words a person can act on (the server's message where it sends one). */
  message: string;
  /** Shows a 'Try again' button that calls this. */
  onRetry?: () => void;
  /** critical: nothing could be shown; caution: what is shown may be stale (a failed search keeps the list). */
  tone?: 'critical' | 'caution';
  retryLabel?: string;
};

/** A screen's load failure: the message, announced as an alert, and a way to try again. */
export function ErrorState({
  message,
  onRetry,
  tone = 'critical',
  retryLabel = RETRY_LABEL,
}: ErrorStateProps) {
  return (
    <Box
      display="flex"
      flexWrap="wrap"
      alignItems="center"
      justifyContent="space-between"
      gap="medium"
      padding="large"
      background={tone}
      borderRadius="medium"
    >
      {/* The alert is the message alone, so screen readers do not read the button as part of it. */}
      <Box role="alert" display="flex" gap="small" alignItems="center">
        <Text as="span" tone={tone}>
          <WarningIcon />
        </Text>
        <Text tone={tone}>{message}</Text>
      </Box>
      {onRetry ? (
        <Button variant="secondary" icon={<RefreshIcon />} onClick={onRetry}>
          {retryLabel}
        </Button>
      ) : null}
    </Box>
  );
}
