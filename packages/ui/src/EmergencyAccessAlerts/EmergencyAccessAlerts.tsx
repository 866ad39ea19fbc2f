import type { EmergencyGrant, ManagedUser } from '@sentinel/domain';
import { messageOf } from '../api/client';
import { Badge } from '../Badge/Badge';
import { Card } from '../Card/Card';
import { useClock, type Clock } from '../clock/ClockProvider';
import { EmptyState } from '../EmptyState/EmptyState';
import { ErrorState } from '../ErrorState/ErrorState';
import { WarningIcon } from '../icons/icons';
import { Spinner } from '../Spinner/Spinner';
import { Table, type TableColumn } from '../Table/Table';
import { useEmergencyAccessQuery, useUsersQuery } from './EmergencyAccessAlerts.data';
import * as styles from './EmergencyAccessAlerts.css';
import {
  EMERGENCY_ACCESS_TEXTS as T,
  GRANT_STATUS_LABELS,
  GRANT_STATUS_TONES,
  alertSummary,
  doctorOf,
  formatGrantTime,
  grantStatus,
  patientOf,
} from './EmergencyAccessAlerts.utils';

export type EmergencyAccessAlertsScreenProps = {
  /** The grants, newest first; undefined while loading or after a failed load. */
  grants: readonly EmergencyGrant[] | undefined;
  /** The user directory, to name doctors and patients; without it, grants show subjects and patient ids. */
  users?: readonly ManagedUser[];
  /** The first load is in progress: a labelled spinner shows in place of the content. */
  loading?: boolean;
  /** The load failed: the message to show, with Try again. */
  error?: string;
  /** Asks for the data again after a failed load (the Try again button). */
  onRetry?: () => void;
};

function columnsFor(users: readonly ManagedUser[], clock: Clock): TableColumn<EmergencyGrant>[] {
  const zone = { locale: clock.locale, timeZone: clock.timeZone };
  const time = (iso: string) => (
    <time dateTime={iso} className={styles.nowrap}>
      {formatGrantTime(iso, clock.now(), zone)}
    </time>
  );
  return [
    {
      key: 'grantedAt',
      header: T.columns.grantedAt,
      rowHeader: true,
      width: '16%',
      render: (grant) => time(grant.grantedAt),
    },
    {
      key: 'doctor',
      header: T.columns.doctor,
      width: '16%',
      render: (grant) => <span className={styles.nowrap}>{doctorOf(grant, users)}</span>,
    },
    {
      key: 'patient',
      header: T.columns.patient,
      width: '18%',
      render: (grant) => <span className={styles.nowrap}>{patientOf(grant, users)}</span>,
    },
    {
      key: 'reason',
      header: T.columns.reason,
      render: (grant) => <span className={styles.reason}>{grant.reason}</span>,
    },
    {
      key: 'expiresAt',
      header: T.columns.expiresAt,
      width: '16%',
      render: (grant) => time(grant.expiresAt),
    },
    {
      key: 'status',
      header: T.columns.status,
      width: '10%',
      render: (grant) => {
        const status = grantStatus(grant, clock.now());
        return <Badge tone={GRANT_STATUS_TONES[status]}>{GRANT_STATUS_LABELS[status]}</Badge>;
      },
    },
  ];
}

/**
 * The administrators' emergency-access alerts, pure: every break-the-glass grant, newest first, with a badge
 * counting those live or from the last 7 days, and per grant when, who, for which patient, why, until when and
 * whether it is live (in words). Loading, failed and empty states.
 */
export function EmergencyAccessAlertsScreen({
  grants,
  users = [],
  loading = false,
  error,
  onRetry,
}: EmergencyAccessAlertsScreenProps) {
  const clock = useClock();
  const summary = grants ? alertSummary(grants, clock.now()) : undefined;
  let body;
  if (loading) {
    body = <Spinner label={T.loading} />;
  } else if (error !== undefined) {
    body = <ErrorState message={error} onRetry={onRetry} />;
  } else if (!grants || grants.length === 0) {
    body = <EmptyState icon={<WarningIcon size="large" />} title={T.empty} />;
  } else {
    body = (
      <Table
        caption={T.caption}
        hideCaption
        columns={columnsFor(users, clock)}
        rows={grants}
        rowKey={(grant) => grant.id}
      />
    );
  }
  return (
    <Card
      title={T.title}
      description={T.description}
      headingLevel={2}
      icon={<WarningIcon />}
      actions={summary ? <Badge tone="critical">{summary}</Badge> : undefined}
    >
      {body}
    </Card>
  );
}

/**
 * The emergency-access alerts wired to the API (the admin dashboard's Emergency access tab).
 *
 * **When to use:** administrators review every emergency ("break-glass") access to a record
 * (REQ-rec-emergency-alerts).
 *
 * **Accessibility:** a table with a caption; each grant's status is a badge with words; loading is announced and a
 * failure shows Try again.
 */
export function EmergencyAccessAlerts() {
  const grants = useEmergencyAccessQuery();
  // The names are a help, not the alert: a failed directory load leaves subjects and patient ids.
  const users = useUsersQuery(true);
  return (
    <EmergencyAccessAlertsScreen
      grants={grants.data}
      users={users.data}
      loading={grants.isPending}
      error={grants.isError ? messageOf(grants.error) : undefined}
      onRetry={() => void grants.refetch()}
    />
  );
}
