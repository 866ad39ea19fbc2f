import { Badge } from '../Badge/Badge';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { useClock } from '../clock/ClockProvider';
import { WarningIcon } from '../icons/icons';
import { useEmergencyAccessQuery } from './EmergencyAccessAlerts.data';
import { EMERGENCY_ACCESS_TEXTS as T, alertSummary } from './EmergencyAccessAlerts.utils';

export type EmergencyAccessNoticeViewProps = {
  /** '2 in the last 7 days, 1 live' (`alertSummary`); undefined when there is nothing to notice. */
  summary: string | undefined;
  /** Opens the Emergency access tab. */
  onReview: () => void;
};

/** The admin overview's alert, pure: shown only when grants are live or recent, with a way to review them. */
export function EmergencyAccessNoticeView({ summary, onReview }: EmergencyAccessNoticeViewProps) {
  if (summary === undefined) return null;
  return (
    <Card title={T.noticeTitle} headingLevel={2} icon={<WarningIcon />} description={T.noticeDescription}>
      <Box display="flex" gap="small" flexWrap="wrap" alignItems="center">
        <Badge tone="critical">{summary}</Badge>
        <Button variant="secondary" onClick={onReview}>
          {T.review}
        </Button>
      </Box>
    </Card>
  );
}

/**
 * The overview's alert wired to `GET /api/emergency-access`. While loading, or if the list fails, the overview
 * shows nothing here: the Emergency access tab shows the list, its loading and its error.
 *
 * **When to use:** on the admin overview, to point at emergency accesses waiting for review.
 *
 * **Accessibility:** a short message with a button that opens the Emergency access tab.
 */
export function EmergencyAccessNotice({ onReview }: Pick<EmergencyAccessNoticeViewProps, 'onReview'>) {
  const clock = useClock();
  const grants = useEmergencyAccessQuery();
  const summary = grants.data ? alertSummary(grants.data, clock.now()) : undefined;
  return <EmergencyAccessNoticeView summary={summary} onReview={onReview} />;
}
