import { useEffect, useId, useState } from 'react';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { useClock } from '../clock/ClockProvider';
import { CloseIcon, DocumentIcon, LockIcon, RefreshIcon, WarningIcon } from '../icons/icons';
import { Stack } from '../Stack/Stack';
import { Markdown } from '../Markdown/Markdown';
import { lazyScreen } from '../screens/lazyScreen';
import { TabScreen } from '../TabScreen/TabScreen';
import { Text } from '../Text/Text';
import * as styles from './ChatPanel.css';
import { type ChatMessageView } from './ChatPanel.reducer';
import { CHAT_PANEL_TEXTS, formatMessageTime } from './ChatPanel.texts';

/**
 * REQ-perf: the tool cards (with the calendar's .ics helpers and the approval's live checks) are fetched with the
 * first reply that carries one, not with the chat's first paint.
 */
const LazyToolResult = lazyScreen(() => import('./ToolResult').then((m) => m.ToolResult));

type ReferenceProps = {
  documentId: string;
  title: string;
  excerpt: string;
  onOpen: (documentId: string) => void;
};

/**
 * A knowledge reference under a reply: a button named by the document's title, described by its excerpt (the
 * excerpt sits beside the button, so the button's visible text is exactly its name).
 */
function Reference({ documentId, title, excerpt, onOpen }: ReferenceProps) {
  const excerptId = useId();
  return (
    <li className={styles.reference}>
      <button
        type="button"
        className={styles.referenceTitle}
        aria-describedby={excerptId}
        aria-haspopup="dialog"
        onClick={() => onOpen(documentId)}
      >
        <DocumentIcon size="small" />
        {title}
      </button>
      <span id={excerptId} className={styles.referenceExcerpt}>
        {excerpt}
      </span>
    </li>
  );
}

/** The longest delay setTimeout honours; a longer one would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;

/** False until `seconds` have passed since the message was shown (true at once without a wait). */
function useWaitOver(seconds: number | undefined): boolean {
  const [over, setOver] = useState(!seconds);
  useEffect(() => {
    if (!seconds) return;
    const timer = setTimeout(() => setOver(true), Math.min(seconds * 1000, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [seconds]);
  return over;
}

export type ChatMessageItemProps = {
  message: ChatMessageView;
  /** A reply is pending: Retry waits until it has arrived or failed. */
  pending: boolean;
  onRetry: () => void;
  onOpenDocument: (documentId: string) => void;
};

/**
 * One message of the conversation (REQ-data-chat-message): author and time, then the content (assistant text
 * as markdown, the user's text as typed), then the knowledge references, withheld sources and Retry.
 */
export function ChatMessageItem({ message, pending, onRetry, onOpenDocument }: ChatMessageItemProps) {
  const clock = useClock();
  const fromUser = message.kind === 'user';
  const refs = message.knowledgeRefs ?? [];
  const time = formatMessageTime(message.timestamp, clock);
  const waitOver = useWaitOver(message.retryAfterSeconds);
  const ending =
    message.kind !== 'reply'
      ? undefined
      : message.stopped
        ? 'stopped'
        : message.interrupted
          ? 'interrupted'
          : undefined;
  return (
    <div className={styles.row[fromUser ? 'user' : 'assistant']}>
      <div className={styles.bubble[message.kind]} aria-busy={message.streaming || undefined}>
        <div className={styles.meta}>
          <span className={styles.author}>
            {fromUser ? CHAT_PANEL_TEXTS.you : CHAT_PANEL_TEXTS.assistant}
          </span>
          {time ? <time dateTime={message.timestamp}>{time}</time> : null}
        </div>
        {fromUser ? (
          <Text as="div" preserveLines>
            {message.content}
          </Text>
        ) : message.kind === 'reply' || message.kind === 'welcome' ? (
          message.content ? (
            <Markdown>{message.content}</Markdown>
          ) : null
        ) : (
          <Text as="div" size={message.kind === 'disclaimer' ? 'small' : 'standard'} preserveLines>
            {message.content}
          </Text>
        )}
        {message.kind === 'failure' && message.detail ? (
          <Text size="xsmall">{CHAT_PANEL_TEXTS.failureDetail(message.detail)}</Text>
        ) : null}
        {message.tool && !message.streaming ? (
          <TabScreen label="tool result" texts={CHAT_PANEL_TEXTS.toolResultDownload} spinnerSize="small">
            <LazyToolResult tool={message.tool} pending={pending} onRetry={onRetry} />
          </TabScreen>
        ) : null}
        {refs.length > 0 && !message.streaming ? (
          <>
            <Text size="xsmall" tone="muted" weight="medium">
              {CHAT_PANEL_TEXTS.referencesTitle}
            </Text>
            <ul className={styles.references}>
              {refs.map((ref) => (
                <Reference key={ref.documentId} {...ref} onOpen={onOpenDocument} />
              ))}
            </ul>
          </>
        ) : null}
        {message.withheldCount && !message.streaming ? (
          <Text size="xsmall" tone="muted">
            <span className={styles.footerItem}>
              <LockIcon size="small" />
              {CHAT_PANEL_TEXTS.withheld(message.withheldCount)}
            </span>
          </Text>
        ) : null}
        {ending || message.retryable ? (
          <Stack direction="horizontal" space="small" align="center" wrap>
            {ending === 'stopped' ? (
              <Badge icon={<CloseIcon size="small" />}>{CHAT_PANEL_TEXTS.stopped}</Badge>
            ) : ending === 'interrupted' ? (
              <Badge tone="caution" icon={<WarningIcon size="small" />}>
                {CHAT_PANEL_TEXTS.interrupted}
              </Badge>
            ) : null}
            {message.retryable ? (
              <Button
                variant="secondary"
                size="small"
                icon={<RefreshIcon />}
                disabled={pending || !waitOver}
                onClick={onRetry}
              >
                {CHAT_PANEL_TEXTS.retry}
              </Button>
            ) : null}
          </Stack>
        ) : null}
      </div>
    </div>
  );
}
