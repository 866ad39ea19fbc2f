import { formatTimeLeft } from '@sentinel/domain';
import type { ApprovalDecision, ApprovalRequest, ApprovalStatus } from '@sentinel/domain/contract';
import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { formatAccessTime } from '../AccessLog/AccessLog.utils';
import { useAlerts } from '../AlertRegion/AlertRegion';
import { messageOf } from '../api/client';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { useClock, type Clock } from '../clock/ClockProvider';
import { ConfirmDialog } from '../Dialog/ConfirmDialog';
import { EmptyState } from '../EmptyState/EmptyState';
import { ErrorState } from '../ErrorState/ErrorState';
import { CheckIcon, CloseIcon, InfoIcon, ShieldIcon } from '../icons/icons';
import { DetailList, type DetailItem } from '../Prescriptions/DetailList';
import { Spinner } from '../Spinner/Spinner';
import { Stack } from '../Stack/Stack';
import { Heading, Text } from '../Text/Text';
import { useApprovalsQuery, useDecideApprovalMutation } from './Approvals.data';
import * as styles from './Approvals.css';
import {
  APPROVALS_SCREEN_TEXTS as T,
  APPROVAL_STATUS_LABELS,
  APPROVAL_STATUS_TONE,
  inboxOf,
  type ApprovalView,
} from './Approvals.utils';

type Decision = ApprovalDecision['decision'];

export type ApprovalsScreenProps = {
  /** The requests the server returned for the signed-in clinician; undefined while loading or after a failure. */
  requests: readonly ApprovalRequest[] | undefined;
  /** The first load is in progress: a labelled spinner shows in place of the content. */
  loading?: boolean;
  /** The load failed: the message to show, with Try again. */
  error?: string;
  /** Asks for the data again after a failed load (the Try again button). */
  onRetry?: () => void;
  /**
   * Sends a decision. Resolves with the server's answer (the decided request), or undefined when it was refused
   * (the caller has already said why).
   */
  onDecide: (request: ApprovalRequest, decision: Decision) => Promise<ApprovalRequest | undefined>;
  /** Outline level of the title: 2 on a dashboard tab. */
  headingLevel?: 2 | 3;
};

/** How often time left is read again while the screen is open. */
const TICK_MS = 15_000;

/** Renders again every `ms`, so what depends on the clock (time left, expiry) keeps up while the screen is open. */
function useTick(ms: number): void {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  }, [ms]);
}

function when(iso: string | null, clock: Clock) {
  if (!iso) return T.none;
  return <time dateTime={iso}>{formatAccessTime(iso, clock.now(), clock)}</time>;
}

/** The details of one request: what would be written, for whom, and where it stands. */
function detailsOf({ request, shown }: ApprovalView, clock: Clock): DetailItem[] {
  const p = request.prescription;
  const state: Record<ApprovalStatus, DetailItem[]> = {
    pending: [
      {
        label: T.labels.timeLeft,
        value: (
          <time dateTime={request.expiresAt} className={styles.timeLeft}>
            {formatTimeLeft(request.expiresAt, clock.now())}
          </time>
        ),
      },
    ],
    approved: [
      { label: T.labels.decided, value: when(request.decidedAt, clock) },
      {
        label: T.labels.prescription,
        value: <span className={styles.code}>{request.prescriptionId ?? T.none}</span>,
      },
    ],
    denied: [{ label: T.labels.decided, value: when(request.decidedAt, clock) }],
    expired: [{ label: T.labels.expiredAt, value: when(request.expiresAt, clock) }],
  };
  return [
    { label: T.labels.patient, value: p.patientName || p.patientEmail || T.none },
    { label: T.labels.requested, value: when(request.createdAt, clock) },
    ...state[shown],
    { label: T.labels.duration, value: p.duration || T.none },
    { label: T.labels.refills, value: p.refillsAllowed },
    ...(p.instructions ? [{ label: T.labels.instructions, value: p.instructions, wide: true }] : []),
  ];
}

function RequestCard({
  view,
  clock,
  busy,
  onApprove,
  onDeny,
}: {
  view: ApprovalView;
  clock: Clock;
  /** The decision being sent for this request, if any. */
  busy?: Decision | undefined;
  onApprove?: () => void;
  onDeny?: () => void;
}) {
  const tone = APPROVAL_STATUS_TONE[view.shown];
  return (
    <Card
      title={view.request.summary}
      headingLevel={4}
      tone={tone}
      actions={<Badge tone={tone}>{APPROVAL_STATUS_LABELS[view.shown]}</Badge>}
    >
      <Stack space="large">
        <DetailList items={detailsOf(view, clock)} />
        {onApprove && onDeny ? (
          <Stack direction="horizontal" space="small" wrap>
            <Button
              size="small"
              icon={<CheckIcon size="small" />}
              loading={busy === 'approve'}
              disabled={busy !== undefined}
              onClick={onApprove}
            >
              {T.approve}
            </Button>
            <Button
              variant="secondary"
              size="small"
              icon={<CloseIcon size="small" />}
              disabled={busy !== undefined}
              onClick={onDeny}
            >
              {T.deny}
            </Button>
          </Stack>
        ) : null}
      </Stack>
    </Card>
  );
}

/** What the last decision did, said in words and focused, since the pressed button has left the list. */
function DecisionNotice({ decided }: { decided: ApprovalRequest }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [decided]);
  const approved = decided.status === 'approved';
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="status"
      className={`${styles.notice} ${styles.noticeTone[approved ? 'positive' : 'info']}`}
    >
      <span className={styles.noticeIcon} aria-hidden="true">
        {approved ? <CheckIcon /> : <InfoIcon />}
      </span>
      <span className={styles.noticeText}>
        {approved ? (
          <>
            <span className={styles.noticeTitle}>{T.created}</span>
            <span>{T.createdDetail(decided.prescriptionId ?? T.none, decided.summary)}</span>
          </>
        ) : (
          <span className={styles.noticeTitle}>{T.denied}</span>
        )}
      </span>
    </div>
  );
}

/**
 * The clinician's approval inbox, pure (asynchronous authorization, REQ-tool-approvals): the prescriptions
 * their assistant proposed, pending ones first with the summary, patient, when it was requested and the time
 * left, Approve and Deny (Deny asks first); then the history with status badges in words. After an approval
 * it says 'Prescription created' with the new prescription's id. Loading, failed and empty states.
 */
export function ApprovalsScreen({
  requests,
  loading = false,
  error,
  onRetry,
  onDecide,
  headingLevel = 2,
}: ApprovalsScreenProps) {
  useTick(TICK_MS);
  const clock = useClock();
  const pendingId = useId();
  const historyId = useId();
  const [busy, setBusy] = useState<{ id: string; decision: Decision } | undefined>(undefined);
  const [denying, setDenying] = useState<ApprovalRequest | undefined>(undefined);
  const [decided, setDecided] = useState<ApprovalRequest | undefined>(undefined);
  const sub = headingLevel === 2 ? 3 : 4;

  const send = async (request: ApprovalRequest, decision: Decision) => {
    setBusy({ id: request.id, decision });
    try {
      const answer = await onDecide(request, decision);
      if (answer) setDecided(answer);
    } finally {
      setBusy(undefined);
      setDenying(undefined);
    }
  };

  let body;
  if (loading) {
    body = <Spinner label={T.loading} />;
  } else if (error !== undefined) {
    body = <ErrorState message={error} onRetry={onRetry} retryLabel={T.retry} />;
  } else if (!requests || requests.length === 0) {
    body = <EmptyState icon={<ShieldIcon size="large" />} title={T.empty} description={T.emptyHint} />;
  } else {
    const { pending, history } = inboxOf(requests, clock.now());
    body = (
      <>
        <Stack as="section" space="medium" aria-labelledby={pendingId}>
          <Heading level={sub as 3 | 4} id={pendingId}>
            {T.pendingTitle}
          </Heading>
          {pending.length === 0 ? (
            <Text tone="muted">{T.noPending}</Text>
          ) : (
            <ul className={styles.list} aria-labelledby={pendingId}>
              {pending.map((view) => (
                <li key={view.request.id}>
                  <RequestCard
                    view={view}
                    clock={clock}
                    busy={busy?.id === view.request.id ? busy.decision : undefined}
                    onApprove={() => void send(view.request, 'approve')}
                    onDeny={() => setDenying(view.request)}
                  />
                </li>
              ))}
            </ul>
          )}
        </Stack>
        {history.length > 0 ? (
          <Stack as="section" space="medium" aria-labelledby={historyId}>
            <Heading level={sub as 3 | 4} id={historyId}>
              {T.historyTitle}
            </Heading>
            <ul className={styles.list} aria-labelledby={historyId}>
              {history.map((view) => (
                <li key={view.request.id}>
                  <RequestCard view={view} clock={clock} />
                </li>
              ))}
            </ul>
          </Stack>
        ) : null}
      </>
    );
  }

  return (
    <Stack space="xlarge">
      <Stack space="small">
        <Stack direction="horizontal" space="small" align="center">
          <ShieldIcon />
          <Heading level={headingLevel}>{T.title}</Heading>
        </Stack>
        <Text tone="muted">{T.description}</Text>
      </Stack>
      {decided ? <DecisionNotice decided={decided} /> : null}
      {body}
      <ConfirmDialog
        open={denying !== undefined}
        title={T.denyTitle}
        message={denying ? T.denyMessage(denying.summary) : ''}
        confirmLabel={T.deny}
        confirming={busy?.decision === 'deny'}
        onConfirm={() => {
          if (denying) void send(denying, 'deny');
        }}
        onCancel={() => setDenying(undefined)}
      />
    </Stack>
  );
}

/**
 * The approval inbox wired to the API for the signed-in clinician (the doctor portal's Approvals tab). A refused
 * decision (the request expired meanwhile, or was already decided) shows the server's message in the alert
 * region and the list is fetched again.
 *
 * **When to use:** a clinician reviews the prescriptions the assistant proposed and approves or declines each.
 *
 * **Accessibility:** each request is a card named by its summary; decisions are buttons; a refused decision is
 * announced in the alert region.
 */
export function Approvals({ headingLevel }: Pick<ApprovalsScreenProps, 'headingLevel'>) {
  const { show } = useAlerts();
  const list = useApprovalsQuery();
  const decide = useDecideApprovalMutation(show);
  return (
    <ApprovalsScreen
      requests={list.data}
      loading={list.isPending}
      error={list.isError ? messageOf(list.error) : undefined}
      onRetry={() => void list.refetch()}
      onDecide={(request, decision) =>
        decide.mutateAsync({ request, decision }).then(
          (answer) => answer,
          () => undefined,
        )
      }
      headingLevel={headingLevel}
    />
  );
}
