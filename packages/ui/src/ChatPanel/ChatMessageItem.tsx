import { useId } from 'react';
import { Button } from '../Button/Button';
import { useClock } from '../clock/ClockProvider';
import { DocumentIcon, LockIcon, RefreshIcon } from '../icons/icons';
import { Markdown } from '../Markdown/Markdown';
import { Text } from '../Text/Text';
import * as styles from './ChatPanel.css';
import { CHAT_PANEL_TEXTS, formatMessageTime, type ChatMessageView } from './ChatPanel.utils';

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

export type ChatMessageItemProps = {
  message: ChatMessageView;
  /** A reply is pending: Retry waits until it has arrived or failed. */
  pending: boolean;
  onRetry: () => void;
  onOpenDocument: (documentId: string) => void;
};

/**
 * One message of the conversation (§3 Chat message): author and time, then the content (assistant text as
 * markdown, the user's text as typed), then the knowledge references, withheld sources and Retry.
 */
export function ChatMessageItem({ message, pending, onRetry, onOpenDocument }: ChatMessageItemProps) {
  const clock = useClock();
  const fromUser = message.kind === 'user';
  const refs = message.knowledgeRefs ?? [];
  const time = formatMessageTime(message.timestamp, clock);
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
          <Markdown>{message.content}</Markdown>
        ) : (
          <Text as="div" size={message.kind === 'disclaimer' ? 'small' : 'standard'} preserveLines>
            {message.content}
          </Text>
        )}
        {message.stopped && message.kind === 'reply' ? (
          <Text size="xsmall" tone="muted">
            {CHAT_PANEL_TEXTS.stopped}
          </Text>
        ) : null}
        {message.kind === 'failure' && message.detail ? (
          <Text size="xsmall">{CHAT_PANEL_TEXTS.failureDetail(message.detail)}</Text>
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
        {message.kind === 'failure' && message.retryable ? (
          <div>
            <Button
              variant="secondary"
              size="small"
              icon={<RefreshIcon />}
              disabled={pending}
              onClick={onRetry}
            >
              {CHAT_PANEL_TEXTS.retry}
            </Button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
