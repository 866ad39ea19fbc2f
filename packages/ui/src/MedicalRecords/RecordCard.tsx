import { RECORD_TEXTS, formatDate, formatVitals, type MedicalRecord } from '@sentinel/domain';
import { memo, useId, type ReactNode } from 'react';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { useClock } from '../clock/ClockProvider';
import { EyeIcon, LockIcon } from '../icons/icons';
import { Stack } from '../Stack/Stack';
import { Heading, Text } from '../Text/Text';
import { visuallyHidden } from '../theme/global.css';
import * as styles from './MedicalRecords.css';
import {
  CONFIDENTIALITY_LABELS,
  CONFIDENTIALITY_TONES,
  RECORD_SCREEN_TEXTS,
  RECORD_TYPE_LABELS,
} from './MedicalRecords.utils';

/** REQ-rec The type badge and the confidentiality badge (normal neutral, sensitive caution, restricted critical). */
export function RecordBadges({
  record,
}: {
  record: Pick<MedicalRecord, 'recordType' | 'confidentialityLevel'>;
}) {
  const level = record.confidentialityLevel;
  return (
    <Stack direction="horizontal" space="xsmall" wrap>
      <Badge tone="info">{RECORD_TYPE_LABELS[record.recordType]}</Badge>
      <Badge
        tone={CONFIDENTIALITY_TONES[level]}
        icon={level === 'normal' ? undefined : <LockIcon size="small" />}
      >
        {CONFIDENTIALITY_LABELS[level]}
      </Badge>
    </Stack>
  );
}

/** One label/value pair of a description list. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text as="dt" size="small" tone="muted">
        {label}
      </Text>
      <dd className={styles.factValue}>{children}</dd>
    </>
  );
}

export type RecordCardProps = {
  record: MedicalRecord;
  /** REQ-rec, REQ-access: false for patients, who never see patient names. */
  showPatientName: boolean;
  /** The create is not yet confirmed by the server: the record cannot be opened yet. */
  pending?: boolean;
  onViewDetails: (record: MedicalRecord) => void;
};

/**
 * REQ-rec-card A record card: type badge, confidentiality level, title, description, date, doctor, patient name (not for
 * patients) and a vitals summary, with View Details. The summary shows the values with their units; each
 * value's name is there for screen readers (the units already tell sighted readers which is which). Memoized:
 * a search keystroke re-renders only the cards that came into a long list's window.
 */
export const RecordCard = memo(function RecordCard({
  record,
  showPatientName,
  pending = false,
  onViewDetails,
}: RecordCardProps) {
  const clock = useClock();
  const titleId = useId();
  const vitals = formatVitals(record.vitals);
  return (
    <Card>
      <article aria-labelledby={titleId}>
        <Stack space="small">
          <RecordBadges record={record} />
          <Heading level={3} size={4} id={titleId}>
            {record.title}
          </Heading>
          {record.description ? <Text size="small">{record.description}</Text> : null}
          <dl className={styles.facts}>
            <Fact label={RECORD_SCREEN_TEXTS.date}>
              <Text as="time" size="small" dateTime={record.date}>
                {formatDate(record.date, clock)}
              </Text>
            </Fact>
            <Fact label={RECORD_SCREEN_TEXTS.doctor}>
              <Text as="span" size="small">
                {record.doctor}
              </Text>
            </Fact>
            {showPatientName && record.patientName ? (
              <Fact label={RECORD_SCREEN_TEXTS.patient}>
                <Text as="span" size="small">
                  {record.patientName}
                </Text>
              </Fact>
            ) : null}
            {vitals.length > 0 ? (
              <Fact label={RECORD_SCREEN_TEXTS.vitals}>
                <ul className={styles.vitalsList}>
                  {vitals.map((v) => (
                    <li key={v.label}>
                      <Text as="span" size="small">
                        <span className={visuallyHidden}>{`${v.label}: `}</span>
                        {v.value}
                      </Text>
                    </li>
                  ))}
                </ul>
              </Fact>
            ) : null}
          </dl>
          <div>
            <Button
              variant="secondary"
              size="small"
              icon={<EyeIcon size="small" />}
              aria-describedby={titleId}
              loading={pending}
              onClick={() => onViewDetails(record)}
            >
              {RECORD_TEXTS.viewDetails}
            </Button>
          </div>
        </Stack>
      </article>
    </Card>
  );
});
