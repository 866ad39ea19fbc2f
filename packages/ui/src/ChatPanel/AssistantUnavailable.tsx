import { CHAT_TEXTS } from '@sentinel/domain';
import { Badge } from '../Badge/Badge';
import { WarningIcon } from '../icons/icons';
import { Stack } from '../Stack/Stack';
import { Heading, Text } from '../Text/Text';
import * as styles from './ChatPanel.css';
import { CHAT_PANEL_TEXTS } from './ChatPanel.texts';
import { PROVIDER_OPTIONS } from './ChatPanel.providers';

/**
 * REQ-chat-unavailable: when no AI provider is available the panel shows 'AI Service Not Available'. A patient
 * or clinician reads a plain message (try later, the rest works, whom to ask for medical advice); only an admin
 * (`operator`) is told to configure a provider in environment variables, with the three provider options (two
 * marked free) and the current provider.
 */
export function AssistantUnavailable({ provider, operator }: { provider: string; operator: boolean }) {
  return (
    // Scrolls on a small screen (the admin's details are long), so it takes focus for keyboard scrolling (WCAG
    // 2.1.1, axe scrollable-region-focusable) and is named for that stop.
    <div className={styles.body} role="region" aria-label={CHAT_TEXTS.notAvailableTitle} tabIndex={0}>
      <Stack direction="horizontal" space="small">
        <Text as="span" tone="caution">
          <WarningIcon size="large" />
        </Text>
        <Heading level={3}>{CHAT_TEXTS.notAvailableTitle}</Heading>
      </Stack>
      {operator ? <OperatorDetails provider={provider} /> : <Text>{CHAT_PANEL_TEXTS.notAvailablePlain}</Text>}
    </div>
  );
}

/** What an admin needs to bring the assistant back: the providers, their variables, and the current one. */
function OperatorDetails({ provider }: { provider: string }) {
  return (
    <>
      <Text>{CHAT_PANEL_TEXTS.notAvailableBody}</Text>
      <ul className={styles.providerList}>
        {PROVIDER_OPTIONS.map((option) => (
          <li key={option.name} className={styles.provider}>
            <Stack direction="horizontal" space="small" wrap>
              <Text as="span" weight="strong">
                {option.name}
              </Text>
              {option.free ? (
                <Badge tone="positive" weight="strong">
                  {CHAT_PANEL_TEXTS.free}
                </Badge>
              ) : null}
            </Stack>
            {option.variable ? <code className={styles.code}>{option.variable}</code> : null}
            <Text size="small" tone="muted">
              {option.description}
            </Text>
          </li>
        ))}
      </ul>
      <Text size="small" weight="medium">
        {CHAT_PANEL_TEXTS.currentProvider(provider)}
      </Text>
    </>
  );
}
