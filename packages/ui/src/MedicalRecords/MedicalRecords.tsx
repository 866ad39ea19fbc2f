import { messageOf } from '../api/client';
import {
  CONFIDENTIALITY_TEXTS,
  RECORD_FILTERS,
  RECORD_TEXTS,
  canWriteRecords,
  formatTimeOfDay,
  recordStats,
  recordsTitle,
  showsPatientName,
  toIsoDate,
  type MedicalRecord,
  type RecordFilter,
} from '@sentinel/domain';
import { memo, useId, useMemo, useState, type ReactNode } from 'react';
import { AccessLog } from '../AccessLog/AccessLog';
import { useAlerts } from '../AlertRegion/AlertRegion';
import { ErrorState } from '../ErrorState/ErrorState';
import { Button } from '../Button/Button';
import { useClock } from '../clock/ClockProvider';
import { EmptyState } from '../EmptyState/EmptyState';
import { SearchField, Select } from '../Field/Field';
import { ActivityIcon, DocumentIcon, PillIcon, PlusIcon, StethoscopeIcon, WarningIcon } from '../icons/icons';
import { useCurrentUser } from '../session/SessionProvider';
import { Spinner } from '../Spinner/Spinner';
import { Stack } from '../Stack/Stack';
import { StatGrid } from '../StatTile/StatGrid';
import { Heading } from '../Text/Text';
import { EmergencyAccessDialog } from './EmergencyAccessDialog';
import {
  useCreateRecordMutation,
  useEmergencyAccessMutation,
  useRecordDetails,
  useRecordsQuery,
  type CreateRecordOutcome,
  type EmergencyAccessOutcome,
  type NewRecord,
  type RecordDetailsState,
} from './MedicalRecords.data';
import * as styles from './MedicalRecords.css';
import {
  RECORD_FILTER_LABELS,
  RECORD_SCREEN_TEXTS,
  createRecordFilter,
  isRecordFilter,
} from './MedicalRecords.utils';
import { RecordDetails } from './RecordDetails';
import { RecordForm } from './RecordForm';
import { RecordList } from './RecordList';

const FILTER_OPTIONS = RECORD_FILTERS.map((value) => ({ value, label: RECORD_FILTER_LABELS[value] }));

export type MedicalRecordsScreenProps = {
  /**
   * The viewer's dashboard role: the title and whether patient names show depend on it (REQ-rec, REQ-access).
   */
  viewerRole: string;
  /** The records the server let this viewer see; undefined while loading or after a failed load. */
  records: readonly MedicalRecord[] | undefined;
  /** The first load is in progress: a labelled spinner shows in place of the content. */
  loading?: boolean;
  /** The load failed: the message to show, with Try again. */
  error?: string;
  /** Asks for the data again after a failed load (the Try again button). */
  onRetry?: () => void;
  /** REQ-rec-details, REQ-access-write-patients write:patients: New Record and Edit Record. */
  canWrite: boolean;
  /** The open details panel, if any. */
  details?: RecordDetailsState;
  /** Shown in the details panel after Edit Record (its action is not shown in the spec). */
  detailsNotice?: string;
  /** Opens a record's details (View Details). */
  onViewDetails: (record: MedicalRecord) => void;
  /** Closes the details dialog; focus returns to the View Details button. */
  onCloseDetails: () => void;
  /** Edit Record in the details dialog (REQ-screen-edit-later). */
  onEditRecord: (record: MedicalRecord) => void;
  /** Sends a new record; resolves with the server's verdict so the form can close or show field errors. */
  onCreate: (body: NewRecord) => Promise<CreateRecordOutcome>;
  /** Today (YYYY-MM-DD): the new-record form's default date. */
  today: string;
  /** The search text to start with (stories and deep links). */
  initialSearch?: string;
  /** The record-type filter to start with. */
  initialFilter?: RecordFilter;
  /** Shown below the records: a patient's 'Who viewed my records' (see AccessLog). */
  accessLog?: ReactNode;
  /**
   * Break-the-glass (REQ-rec-break-glass), for doctors: asks for 60 minutes of access to a patient's
   * sensitive and restricted records. Without it there is no Emergency access button.
   */
  onEmergencyAccess?: (patientId: string, reason: string) => Promise<EmergencyAccessOutcome>;
};

/** REQ-rec-tiles The five stat tiles. Memoized: a search keystroke does not change them. */
const RecordStats = memo(function RecordStats({ stats }: { stats: ReturnType<typeof recordStats> }) {
  return (
    <StatGrid
      as="group"
      label={RECORD_SCREEN_TEXTS.statsLabel}
      columns={{ mobile: 2, tablet: 3, desktop: 5 }}
      tiles={[
        { label: RECORD_TEXTS.tiles[0], value: stats.total, icon: <DocumentIcon />, tone: 'info' },
        { label: RECORD_TEXTS.tiles[1], value: stats.diagnoses, icon: <StethoscopeIcon />, tone: 'accent' },
        { label: RECORD_TEXTS.tiles[2], value: stats.labResults, icon: <ActivityIcon />, tone: 'positive' },
        { label: RECORD_TEXTS.tiles[3], value: stats.prescriptions, icon: <PillIcon />, tone: 'caution' },
        { label: RECORD_TEXTS.tiles[4], value: stats.visitNotes, icon: <DocumentIcon />, tone: 'neutral' },
      ]}
    />
  );
});

/**
 * REQ-rec, pure: title by role, the five stat tiles, text search over title, description
 * and patient name, the type filter, record cards with View Details, the details panel, and New Record for
 * write:patients. Loading, failed and empty states in the spec's words.
 */
export function MedicalRecordsScreen({
  viewerRole,
  records,
  loading = false,
  error,
  onRetry,
  canWrite,
  details,
  detailsNotice,
  onViewDetails,
  onCloseDetails,
  onEditRecord,
  onCreate,
  today,
  initialSearch = '',
  initialFilter = 'all',
  accessLog,
  onEmergencyAccess,
}: MedicalRecordsScreenProps) {
  const headingId = useId();
  const [search, setSearch] = useState(initialSearch);
  const [filter, setFilter] = useState<RecordFilter>(initialFilter);
  const [formOpen, setFormOpen] = useState(false);
  const [emergencyOpen, setEmergencyOpen] = useState(false);
  const showPatient = showsPatientName(viewerRole);
  const all = useMemo(() => records ?? [], [records]);
  const stats = useMemo(() => recordStats(all), [all]);
  // No deferred value: filtering 10,000 precomputed texts and rendering a window of memoized items fits a frame
  // or two (tests/bench ui-rows), and deferring only added a render pass before the filtered paint.
  const filterOf = useMemo(() => createRecordFilter(all), [all]);
  const shown = useMemo(() => filterOf(search, filter), [filterOf, search, filter]);
  const searching = search.trim() !== '' || filter !== 'all';
  const cards = useMemo(
    () => (
      <RecordList
        records={shown}
        label={RECORD_SCREEN_TEXTS.listLabel}
        showPatientName={showPatient}
        onViewDetails={onViewDetails}
      />
    ),
    [shown, showPatient, onViewDetails],
  );

  let body;
  if (loading) {
    body = <Spinner label={RECORD_SCREEN_TEXTS.loading} />;
  } else if (error !== undefined) {
    body = <ErrorState message={error} onRetry={onRetry} />;
  } else {
    body = (
      <>
        <RecordStats stats={stats} />
        <Stack
          direction={{ mobile: 'vertical', tablet: 'horizontal' }}
          align={{ mobile: 'stretch', tablet: 'end' }}
          space="medium"
        >
          <div className={styles.searchGrow}>
            <SearchField
              label={RECORD_SCREEN_TEXTS.searchLabel}
              placeholder={RECORD_SCREEN_TEXTS.searchPlaceholder}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          <Select
            label={RECORD_SCREEN_TEXTS.filterLabel}
            options={FILTER_OPTIONS}
            value={filter}
            onChange={(event) => {
              const value = event.target.value;
              if (isRecordFilter(value)) setFilter(value);
            }}
          />
        </Stack>
        {shown.length === 0 ? (
          <EmptyState
            icon={<DocumentIcon size="large" />}
            title={RECORD_TEXTS.empty}
            description={searching ? RECORD_TEXTS.emptySearchHint : undefined}
          />
        ) : (
          cards
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <Stack space="large">
        <Stack direction="horizontal" justify="spaceBetween" wrap space="medium">
          <Heading level={2} id={headingId}>
            {recordsTitle(viewerRole)}
          </Heading>
          <Stack direction="horizontal" wrap space="small">
            {onEmergencyAccess ? (
              <Button variant="secondary" icon={<WarningIcon />} onClick={() => setEmergencyOpen(true)}>
                {CONFIDENTIALITY_TEXTS.emergencyButton}
              </Button>
            ) : null}
            {canWrite ? (
              <Button icon={<PlusIcon />} onClick={() => setFormOpen(true)}>
                {RECORD_TEXTS.newRecord}
              </Button>
            ) : null}
          </Stack>
        </Stack>
        {body}
        {accessLog}
      </Stack>
      {details ? (
        <RecordDetails
          summary={details.summary}
          record={details.record}
          loading={details.loading}
          showPatientName={showPatient}
          canEdit={canWrite}
          notice={detailsNotice}
          onClose={onCloseDetails}
          onEdit={onEditRecord}
        />
      ) : null}
      {formOpen && canWrite ? (
        <RecordForm today={today} onCreate={onCreate} onClose={() => setFormOpen(false)} />
      ) : null}
      {emergencyOpen && onEmergencyAccess ? (
        <EmergencyAccessDialog onRequest={onEmergencyAccess} onClose={() => setEmergencyOpen(false)} />
      ) : null}
    </section>
  );
}

/**
 * The medical records screen wired to the API for the signed-in user: the patient dashboard's records tab, the
 * doctor portal's patients tab and the admin's All Records tab. A patient also sees who viewed their records;
 * it loads once the list has, so it already shows the patient's own visit and reads the same on every load.
 *
 * **When to use:** a patient's own records, a doctor's patients' records, or all records for an admin.
 * `MedicalRecordsScreen` takes data and callbacks as props.
 *
 * **Accessibility:** search and type filter are labelled; each record is a named card; details open in a dialog
 * that returns focus; emergency access asks for a reason in a dialog; refusals are announced in the alert region.
 *
 * **Content:** record types and confidentiality as badges with words; vitals with their units (formatVitals).
 */
export function MedicalRecords() {
  const user = useCurrentUser();
  const clock = useClock();
  const { show } = useAlerts();
  const records = useRecordsQuery();
  const [notice, setNotice] = useState<string>();
  const { details, open, close } = useRecordDetails(user, show);
  const { create } = useCreateRecordMutation(user.name);
  const emergency = useEmergencyAccessMutation();
  const requestEmergencyAccess = async (patientId: string, reason: string) => {
    const outcome = await emergency.request(patientId, reason);
    if (outcome.ok) {
      show(
        `${CONFIDENTIALITY_TEXTS.emergencyGranted} ${formatTimeOfDay(outcome.grant.expiresAt)}.`,
        'positive',
      );
    }
    return outcome;
  };

  return (
    <MedicalRecordsScreen
      viewerRole={user.role}
      records={records.data}
      loading={records.isPending}
      error={records.isError ? messageOf(records.error) : undefined}
      onRetry={() => void records.refetch()}
      canWrite={canWriteRecords(user.permissions)}
      details={details}
      detailsNotice={notice}
      onViewDetails={(record) => {
        setNotice(undefined);
        open(record);
      }}
      onCloseDetails={close}
      onEditRecord={() => setNotice(RECORD_SCREEN_TEXTS.editUnavailable)}
      onCreate={create}
      today={toIsoDate(clock.now())}
      accessLog={user.role === 'patient' && !records.isPending ? <AccessLog headingLevel={3} /> : undefined}
      onEmergencyAccess={user.role === 'doctor' ? requestEmergencyAccess : undefined}
    />
  );
}
