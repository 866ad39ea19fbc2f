import { RECORD_TEXTS, formatDate, formatVitals, type MedicalRecord } from '@sentinel/domain';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { useClock } from '../clock/ClockProvider';
import { ModalDialog } from '../Dialog/Dialog';
import { InfoIcon } from '../icons/icons';
import { Spinner } from '../Spinner/Spinner';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
import * as styles from './MedicalRecords.css';
import { RECORD_SCREEN_TEXTS } from './MedicalRecords.utils';
import { Fact, RecordBadges } from './RecordCard';

export type RecordDetailsProps = {
  /** The record as the list shows it: names the panel while the full record loads. */
  summary: MedicalRecord;
  /** The record from `GET /api/records/:id`, once it has arrived. */
  record: MedicalRecord | undefined;
  loading: boolean;
  showPatientName: boolean;
  /** REQ-rec-details, REQ-access-write-patients: Edit Record shows only with write:patients. */
  canEdit: boolean;
  /** Set after Edit Record was pressed: the spec leaves its action open. */
  notice?: string;
  onClose: () => void;
  onEdit: (record: MedicalRecord) => void;
};

/**
 * REQ-rec-details The details panel: date, doctor, patient, patient ID, description and vitals (blood pressure, heart rate,
 * temperature °F, weight kg, height cm), with Close and, for write:patients, Edit Record. A modal dialog whose
 * only Close is the spec's button in the footer (Escape closes it too).
 */
export function RecordDetails({
  summary,
  record,
  loading,
  showPatientName,
  canEdit,
  notice,
  onClose,
  onEdit,
}: RecordDetailsProps) {
  const clock = useClock();
  const shown = record ?? summary;
  const vitals = formatVitals(record?.vitals);
  return (
    <ModalDialog
      open
      role="dialog"
      showClose={false}
      size="large"
      title={shown.title}
      onClose={onClose}
      footer={
        <>
          {canEdit ? (
            <Button variant="secondary" disabled={!record} onClick={() => record && onEdit(record)}>
              {RECORD_TEXTS.editRecord}
            </Button>
          ) : null}
          <Button onClick={onClose}>{RECORD_TEXTS.close}</Button>
        </>
      }
    >
      {loading || !record ? (
        <Spinner label={RECORD_SCREEN_TEXTS.loading} />
      ) : (
        <Stack space="large">
          <RecordBadges record={record} />
          <dl className={styles.facts}>
            <Fact label={RECORD_SCREEN_TEXTS.date}>
              <Text as="time" dateTime={record.date}>
                {formatDate(record.date, clock)}
              </Text>
            </Fact>
            <Fact label={RECORD_SCREEN_TEXTS.doctor}>
              <Text as="span">{record.doctor}</Text>
            </Fact>
            {showPatientName ? (
              <Fact label={RECORD_SCREEN_TEXTS.patient}>
                <Text as="span">{record.patientName || '-'}</Text>
              </Fact>
            ) : null}
            <Fact label={RECORD_SCREEN_TEXTS.patientId}>
              <Text as="span">{record.patientId || '-'}</Text>
            </Fact>
            <Fact label={RECORD_SCREEN_TEXTS.description}>
              <Text as="span" preserveLines>
                {record.description || '-'}
              </Text>
            </Fact>
            <Fact label={RECORD_SCREEN_TEXTS.vitals}>
              {vitals.length > 0 ? (
                <dl className={styles.facts}>
                  {vitals.map((v) => (
                    <Fact key={v.label} label={v.label}>
                      <Text as="span">{v.value}</Text>
                    </Fact>
                  ))}
                </dl>
              ) : (
                <Text as="span" tone="muted">
                  {RECORD_SCREEN_TEXTS.noVitals}
                </Text>
              )}
            </Fact>
          </dl>
          <Box
            role="status"
            display="flex"
            gap="small"
            alignItems="center"
            padding={notice ? 'medium' : 'none'}
            background={notice ? 'info' : undefined}
            borderRadius="medium"
          >
            {notice ? (
              <>
                <InfoIcon />
                <Text as="span">{notice}</Text>
              </>
            ) : null}
          </Box>
        </Stack>
      )}
    </ModalDialog>
  );
}
