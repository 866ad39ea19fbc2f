import { useId } from 'react';
import { TRIAGE_BANNERS, isRedFlagLevel, type TriageLevel } from '@sentinel/domain';
import { WarningIcon } from '../icons/icons';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
import * as styles from './SafetyBanner.css';

export type SafetyBannerProps = {
  /** The conversation's triage level (the reply's `meta.triage`); `none` shows nothing. */
  level: TriageLevel;
};

/**
 * REQ-triage: what to do now, above the conversation. Emergency, crisis and poison are an alert (read out at once)
 * in the critical tone; urgent is a status in the caution tone. The numbers are `tel:`/`sms:` links, so on a
 * phone one tap calls. The words are the domain's (`TRIAGE_BANNERS`), as the reply's text starts with them.
 *
 * **When to use:** only for the triage level of the chat (REQ-triage). Never for other warnings: it must stay the
 * strongest signal on the screen.
 *
 * **Accessibility:** red-flag levels are an alert (read out at once), urgent a status; each help number is a real
 * link (`tel:`, `sms:`).
 *
 * **Content:** only the domain's reviewed texts (`TRIAGE_BANNERS`); never reworded per screen.
 */
export function SafetyBanner({ level }: SafetyBannerProps) {
  const titleId = useId();
  if (level === 'none') return null;
  const banner = TRIAGE_BANNERS[level];
  const tone = isRedFlagLevel(level) ? 'critical' : 'caution';
  return (
    // Named by its title, so that it is told apart from the panel's other live regions (the thinking status).
    <div
      role={tone === 'critical' ? 'alert' : 'status'}
      aria-labelledby={titleId}
      className={styles.banner[tone]}
    >
      <WarningIcon />
      <Stack space="xsmall">
        <Text id={titleId} weight="strong" tone={tone}>
          {banner.title}
        </Text>
        <Text size="small" tone={tone}>
          {banner.body}
        </Text>
        {banner.contacts.length > 0 ? (
          <ul className={styles.contacts}>
            {banner.contacts.map((contact) => (
              <li key={contact.href}>
                <a href={contact.href} className={styles.contact[tone]}>
                  {contact.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </Stack>
    </div>
  );
}
