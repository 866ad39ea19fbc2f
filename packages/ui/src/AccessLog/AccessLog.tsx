import type { AuditEntry } from '@sentinel/domain/contract';
import { messageOf } from '../api/client';
import { Badge } from '../Badge/Badge';
import { Card } from '../Card/Card';
import { useClock, type Clock } from '../clock/ClockProvider';
import { EmptyState } from '../EmptyState/EmptyState';
import { ErrorState } from '../ErrorState/ErrorState';
import { EyeIcon } from '../icons/icons';
import { useCurrentUser } from '../session/SessionProvider';
import { Spinner } from '../Spinner/Spinner';
import { Table, type TableColumn } from '../Table/Table';
import { useAccessLogQuery } from './AccessLog.data';
import * as styles from './AccessLog.css';
import {
  ACCESS_LOG_TEXTS as T,
  ACCESS_OUTCOME_LABELS,
  ACCESS_OUTCOME_TONES,
  actorOf,
  describeAccess,
  formatAccessTime,
} from './AccessLog.utils';

export type AccessLogScreenProps = {
  /** The rows the server let this viewer see, newest first; undefined while loading or after a failed load. */
  rows: readonly AuditEntry[] | undefined;
  /** The viewer's subject: their own calls read 'You'. */
  viewerSub: string;
  /** The first load is in progress: a labelled spinner shows in place of the content. */
  loading?: boolean;
  /** The load failed: the message to show, with Try again. */
  error?: string;
  /** Asks for the data again after a failed load (the Try again button). */
  onRetry?: () => void;
  /** Outline level of the title: 3 inside the records screen, 2 on its own. */
  headingLevel?: 2 | 3;
};

function columnsFor(viewerSub: string, clock: Clock): TableColumn<AuditEntry>[] {
  const zone = { locale: clock.locale, timeZone: clock.timeZone };
  return [
    {
      key: 'when',
      header: T.columns.when,
      rowHeader: true,
      width: '22%',
      render: (row) => (
        <time dateTime={row.timestamp} className={styles.nowrap}>
          {formatAccessTime(row.timestamp, clock.now(), zone)}
        </time>
      ),
    },
    {
      key: 'who',
      header: T.columns.who,
      width: '22%',
      render: (row) => {
        const actor = actorOf(row, viewerSub);
        return (
          <span className={styles.nowrap}>
            {actor.label}
            {actor.tag !== undefined ? (
              <>
                {' '}
                <span className={styles.tag}>{actor.tag}</span>
              </>
            ) : null}
          </span>
        );
      },
    },
    {
      key: 'what',
      header: T.columns.what,
      render: (row) => <span className={styles.nowrap}>{describeAccess(row)}</span>,
    },
    {
      key: 'outcome',
      header: T.columns.outcome,
      width: '16%',
      render: (row) => (
        <Badge tone={ACCESS_OUTCOME_TONES[row.outcome]}>{ACCESS_OUTCOME_LABELS[row.outcome]}</Badge>
      ),
    },
  ];
}

/**
 * 'Who viewed my records', pure: the access to a patient's data from the audit trail (`GET /api/audit`), one row
 * per call: when (domain formatters on the clock), who ('You', staff by name and role, 'Another user'),
 * what ('Opened record rec-001') and whether it was allowed (a badge in words). Loading, failed and empty states.
 */
export function AccessLogScreen({
  rows,
  viewerSub,
  loading = false,
  error,
  onRetry,
  headingLevel = 2,
}: AccessLogScreenProps) {
  const clock = useClock();
  let body;
  if (loading) {
    body = <Spinner label={T.loading} />;
  } else if (error !== undefined) {
    body = <ErrorState message={error} onRetry={onRetry} />;
  } else if (!rows || rows.length === 0) {
    body = <EmptyState icon={<EyeIcon size="large" />} title={T.empty} />;
  } else {
    body = (
      <Table
        caption={T.caption}
        hideCaption
        columns={columnsFor(viewerSub, clock)}
        rows={rows}
        rowKey={(row) => row.id}
      />
    );
  }
  return (
    <Card title={T.title} description={T.description} headingLevel={headingLevel} icon={<EyeIcon />}>
      {body}
    </Card>
  );
}

/**
 * 'Who viewed my records' wired to the API for the signed-in user (the records screen shows it to patients).
 *
 * **When to use:** to show a patient who opened their medical records (REQ-audit). `AccessLogScreen` takes the
 * rows as props for another data source.
 *
 * **Accessibility:** a table with a caption and row headers; each time is a `<time>` element; loading is
 * announced, a failure shows its message with Try again.
 *
 * **Content:** the viewer's own calls read "You"; outcomes in words.
 */
export function AccessLog({ headingLevel }: Pick<AccessLogScreenProps, 'headingLevel'>) {
  const user = useCurrentUser();
  const log = useAccessLogQuery();
  return (
    <AccessLogScreen
      rows={log.data}
      viewerSub={user.sub}
      loading={log.isPending}
      error={log.isError ? messageOf(log.error) : undefined}
      onRetry={() => void log.refetch()}
      headingLevel={headingLevel}
    />
  );
}
