import { formatDate } from '@sentinel/domain';
import type { ResponseBody } from '@sentinel/domain/contract';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { useClock } from '../clock/ClockProvider';
import { Dialog } from '../Dialog/Dialog';
import { Markdown } from '../Markdown/Markdown';
import { Spinner } from '../Spinner/Spinner';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
import * as styles from './ChatPanel.css';
import { CHAT_PANEL_TEXTS } from './ChatPanel.texts';

export type KnowledgeDocumentView = ResponseBody<'getKnowledgeItem'>;

/** The document a knowledge reference opens, as the panel shows it. */
export type DocumentState =
  | { state: 'closed' }
  | { state: 'loading'; title: string }
  | { state: 'error'; title: string; message: string }
  | { state: 'open'; document: KnowledgeDocumentView };

export type KnowledgeDocumentDialogProps = {
  /** The document to show: closed, loading, failed or open. */
  document: DocumentState;
  /** Closes the viewer; focus returns to the reference that opened it. */
  onClose: () => void;
  /** Fetch the document again after a failure. */
  onRetry: () => void;
};

/** A knowledge document opened from a reply: metadata, markdown content, source and date. */
export function KnowledgeDocumentDialog({ document, onClose, onRetry }: KnowledgeDocumentDialogProps) {
  const clock = useClock();
  const open = document.state !== 'closed';
  const title =
    document.state === 'open' ? document.document.title : document.state === 'closed' ? '' : document.title;
  return (
    <Dialog open={open} onClose={onClose} title={title} size="large">
      {document.state === 'loading' ? <Spinner label={CHAT_PANEL_TEXTS.documentLoading} /> : null}
      {document.state === 'error' ? (
        <Stack space="small" align="start">
          <Text tone="critical">{document.message}</Text>
          <Button variant="secondary" onClick={onRetry}>
            {CHAT_PANEL_TEXTS.tryAgain}
          </Button>
        </Stack>
      ) : null}
      {document.state === 'open' ? (
        <Stack space="medium">
          <Stack direction="horizontal" space="small" wrap>
            <Badge tone="info">{document.document.category}</Badge>
            <Badge tone="neutral">{`Sensitivity: ${document.document.metadata.sensitivity}`}</Badge>
          </Stack>
          <div
            className={styles.documentContent}
            role="region"
            aria-label={CHAT_PANEL_TEXTS.documentContent}
            // The content scrolls, so keyboard users must be able to focus it (WCAG 2.1.1).

            tabIndex={0}
          >
            <Markdown headingLevel={2}>{document.document.content}</Markdown>
          </div>
          <Text size="xsmall" tone="muted">
            {`Source: ${document.document.filePath} · Updated ${formatDate(document.document.metadata.lastUpdated, clock)}`}
          </Text>
        </Stack>
      ) : null}
    </Dialog>
  );
}
