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
  /** The retry button's text; "Try again" by default. */
  retryLabel?: string;
};

/**
 * A screen's load failure: the message, announced as an alert, and a way to try again.
 *
 * **When to use:** a load failed (a screen, a list, a panel): show the server's message and Try again, never a
 * blank area (REQ-screen-load-errors). Not for field errors (Field `error`) or refused actions (AlertRegion).
 *
 * **Accessibility:** role alert, so the message is read out once when it appears; Try again is a button.
 *
 * **Content:** the server's message as given; the retry button says "Try again".
 */
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
