import { effectiveStatus } from '@sentinel/domain';
import type { ApprovalRequest, ChatToolEvent } from '@sentinel/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { approvalQueryKey } from '../Approvals/Approvals.data';
import { useApi } from '../api/ApiProvider';
import { messageOf } from '../api/client';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { formatEventTime, downloadIcs } from '../CalendarConnect/CalendarConnect.utils';
import { useClock } from '../clock/ClockProvider';
import { CalendarIcon, CheckIcon, DocumentIcon, LockIcon, PillIcon, RefreshIcon } from '../icons/icons';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
import * as styles from './ChatPanel.css';
import {
  APPROVAL_POLL_MS,
  approvalPollDelay,
  TOOL_RESULT_TEXTS,
  approvalStatusBadge,
  toolLabel,
  toolOutcomeBadge,
} from './ToolResult.utils';

/**
 * The approval request of a proposal, kept current while it is pending: checked again after 3 s, then less
 * often (approvalPollDelay), never while the page is hidden, and no more once it is decided or has expired. It
 * shares its cache entry with the Approvals tab, so a decision made there shows here at once.
 */
function useLiveApproval(initial: ApprovalRequest): { approval: ApprovalRequest; error: string | undefined } {
  const api = useApi();
  const clock = useClock();
  const query = useQuery({
    queryKey: approvalQueryKey(initial.id),
    queryFn: ({ signal }) => api.call('getApproval', { params: { id: initial.id }, signal }),
    initialData: initial,
    // The tool event's copy is fresh: the first check waits for the interval, not for the mount.
    staleTime: APPROVAL_POLL_MS,
    refetchInterval: (current) => {
      const approval = current.state.data;
      if (!approval || effectiveStatus(approval, clock.now()) !== 'pending') return false;
      return approvalPollDelay(current.state.dataUpdateCount + current.state.errorUpdateCount);
    },
  });
  return { approval: query.data, error: query.isError ? messageOf(query.error) : undefined };
}

function ApprovalCard({ initial }: { initial: ApprovalRequest }) {
  const clock = useClock();
  const { approval, error } = useLiveApproval(initial);
  const badge = approvalStatusBadge(effectiveStatus(approval, clock.now()));
  return (
    <Stack space="xsmall">
      <Stack direction="horizontal" space="small" align="center" wrap>
        <Text size="small" weight="medium">
          {approval.summary}
        </Text>
        <Badge tone={badge.tone} weight="strong">
          {badge.label}
        </Badge>
      </Stack>
      <div role="status">
        <Text size="xsmall" tone="muted">
          {TOOL_RESULT_TEXTS.approvalHint(approval, clock.now())}
        </Text>
      </div>
      {error ? (
        <Text size="xsmall" tone="critical">
          {TOOL_RESULT_TEXTS.approvalRefreshFailed(error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/** The token vault's consent in the chat: connect the calendar (read only), then ask again. */
function CalendarConsent({ onRetry, pending }: { onRetry: () => void; pending: boolean }) {
  const api = useApi();
  const [state, setState] = useState<'idle' | 'connecting' | 'connected' | { error: string }>('idle');
  const connect = useCallback(() => {
    setState('connecting');
    api.call('connectCalendar', { body: { scopes: ['calendar:read'] } }).then(
      () => setState('connected'),
      (failure: unknown) => setState({ error: messageOf(failure) }),
    );
  }, [api]);
  if (state === 'connected') {
    return (
      <Stack direction="horizontal" space="small" align="center" wrap>
        <Badge tone="positive" icon={<CheckIcon size="small" />}>
          {TOOL_RESULT_TEXTS.calendarConnected}
        </Badge>
        <Button variant="secondary" size="small" icon={<RefreshIcon />} disabled={pending} onClick={onRetry}>
          {TOOL_RESULT_TEXTS.askAgain}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack space="xsmall">
      <Text size="xsmall">{TOOL_RESULT_TEXTS.consentExplained}</Text>
      <div>
        <Button
          variant="primary"
          size="small"
          icon={<LockIcon />}
          disabled={state === 'connecting'}
          onClick={connect}
        >
          {state === 'connecting' ? TOOL_RESULT_TEXTS.connecting : TOOL_RESULT_TEXTS.connectReadOnly}
        </Button>
      </div>
      {typeof state === 'object' ? (
        <div role="alert">
          <Text size="xsmall" tone="critical">
            {state.error}
          </Text>
        </div>
      ) : null}
    </Stack>
  );
}

export type ToolResultProps = {
  tool: ChatToolEvent;
  /** A reply is pending: asking again waits. */
  pending: boolean;
  /** Asks the last question again (after connecting the calendar). */
  onRetry: () => void;
};

/**
 * What a tool did for a reply (REQ-tool): which tool and how it ended, in words; then the calendar's
 * events with an .ics download, the records the authorization model allowed, the token vault's consent, or the
 * approval request and its live status. The reply's text above it already says the tool's message.
 */
export function ToolResult({ tool, pending, onRetry }: ToolResultProps) {
  const clock = useClock();
  const badge = toolOutcomeBadge(tool.outcome);
  const Icon =
    tool.tool === 'google_calendar_medical'
      ? CalendarIcon
      : tool.tool === 'medical_records_fga'
        ? DocumentIcon
        : PillIcon;
  const events = tool.events ?? [];
  const records = tool.records ?? [];
  return (
    <section className={styles.toolCard} aria-label={toolLabel(tool)}>
      <Stack space="small">
        <Stack direction="horizontal" space="small" align="center" wrap>
          <span className={styles.footerItem}>
            <Icon size="small" />
            <Text size="xsmall" weight="medium">
              {toolLabel(tool)}
            </Text>
          </span>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </Stack>
        {tool.outcome === 'ok' && events.length > 0 ? (
          <>
            <ul className={styles.toolList}>
              {events.map((event) => (
                <li key={event.id}>
                  <Text size="small" weight="medium">
                    {event.title}
                  </Text>
                  <Text size="xsmall" tone="muted">
                    {formatEventTime(event)}
                  </Text>
                </li>
              ))}
            </ul>
            <div>
              <Button variant="secondary" size="small" onClick={() => downloadIcs(events, clock.now())}>
                {TOOL_RESULT_TEXTS.downloadIcs}
              </Button>
            </div>
          </>
        ) : null}
        {tool.outcome === 'ok' && records.length > 0 ? (
          <ul className={styles.toolList}>
            {records.map((record) => (
              <li key={record.id}>
                <Text size="small" weight="medium">
                  {record.title}
                </Text>
                <Text size="xsmall" tone="muted">
                  {TOOL_RESULT_TEXTS.recordLine(record)}
                </Text>
              </li>
            ))}
          </ul>
        ) : null}
        {tool.outcome === 'consent_required' ? <CalendarConsent onRetry={onRetry} pending={pending} /> : null}
        {tool.approval ? <ApprovalCard initial={tool.approval} /> : null}
      </Stack>
    </section>
  );
}
