import { formatDate } from '@sentinel/domain';
import type { ResponseBody } from '@sentinel/domain/contract';
import type { ReactNode } from 'react';
import { Badge } from '../Badge/Badge';
import { Box } from '../Box/Box';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { useClock } from '../clock/ClockProvider';
import { BookIcon, RefreshIcon, WarningIcon } from '../icons/icons';
import { Markdown } from '../Markdown/Markdown';
import { Spinner } from '../Spinner/Spinner';
import { Stack } from '../Stack/Stack';
import { Heading, Text } from '../Text/Text';
import * as styles from './KnowledgeBase.css';
import {
  CATEGORY_LABELS,
  KNOWLEDGE_SCREEN_TEXTS,
  SENSITIVITY_LABELS,
  SENSITIVITY_TONES,
  allowedRoleBadge,
} from './KnowledgeBase.utils';

export type KnowledgeDocumentView = ResponseBody<'getKnowledgeItem'>;

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Text as="dt" size="small" tone="muted">
        {label}
      </Text>
      <dd className={styles.factValue}>{children}</dd>
    </>
  );
}

/**
 * REQ-kb-detail A selected document: title, category, sensitivity, allowed roles (the viewer's own marked '(you)' as well
 * as by tone), required specializations, the markdown content in a capped panel that scrolls inside and takes
 * keyboard focus, then the source file path and the updated date.
 */
export function KnowledgeDocumentPanel({
  doc,
  viewerRole,
}: {
  doc: KnowledgeDocumentView;
  viewerRole: string;
}) {
  const clock = useClock();
  const { sensitivity, accessLevel, specializationRequired, lastUpdated } = doc.metadata;
  return (
    <Stack space="medium">
      <Heading level={3}>{doc.title}</Heading>
      <dl className={styles.facts}>
        <Fact label={KNOWLEDGE_SCREEN_TEXTS.category}>
          <Badge tone="neutral">{CATEGORY_LABELS[doc.category]}</Badge>
        </Fact>
        <Fact label={KNOWLEDGE_SCREEN_TEXTS.sensitivity}>
          <Badge tone={SENSITIVITY_TONES[sensitivity]}>{SENSITIVITY_LABELS[sensitivity]}</Badge>
        </Fact>
        <Fact label={KNOWLEDGE_SCREEN_TEXTS.allowedRoles}>
          <ul className={styles.inlineList}>
            {accessLevel.map((role) => {
              const badge = allowedRoleBadge(role, viewerRole);
              return (
                <li key={role}>
                  <Badge tone={badge.tone} weight={badge.tone === 'info' ? 'strong' : 'regular'}>
                    {badge.text}
                  </Badge>
                </li>
              );
            })}
          </ul>
        </Fact>
        <Fact label={KNOWLEDGE_SCREEN_TEXTS.specializations}>
          {specializationRequired.length > 0 ? (
            <ul className={styles.inlineList}>
              {specializationRequired.map((s) => (
                <li key={s}>
                  <Badge tone="neutral">{s}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <Text as="span" size="small">
              {KNOWLEDGE_SCREEN_TEXTS.noSpecialization}
            </Text>
          )}
        </Fact>
      </dl>
      {/* A scrolling region must be reachable by keyboard to be scrolled (WCAG 2.1.1), so it takes focus. */}
      <div
        role="region"
        tabIndex={0}
        aria-label={KNOWLEDGE_SCREEN_TEXTS.contentLabel(doc.title)}
        className={styles.content}
      >
        <Markdown headingLevel={3}>{doc.content}</Markdown>
      </div>
      <dl className={styles.facts}>
        <Fact label={KNOWLEDGE_SCREEN_TEXTS.source}>
          <code className={styles.code}>{doc.filePath}</code>
        </Fact>
        <Fact label={KNOWLEDGE_SCREEN_TEXTS.lastUpdated}>
          <Text as="time" size="small" dateTime={lastUpdated}>
            {formatDate(lastUpdated, clock)}
          </Text>
        </Fact>
      </dl>
    </Stack>
  );
}

export type KnowledgeDetailProps = {
  /** Nothing selected yet. */
  empty: boolean;
  doc: KnowledgeDocumentView | undefined;
  loading: boolean;
  /** Loading the document failed (the spec does not say what then: we say so and offer a retry). */
  error?: string;
  onRetry?: () => void;
  viewerRole: string;
};

/** The right-hand panel: a prompt, the loading state, a failure with Try again, or the document. */
export function KnowledgeDetail({ empty, doc, loading, error, onRetry, viewerRole }: KnowledgeDetailProps) {
  let body: ReactNode;
  if (empty) {
    body = (
      <Box display="flex" gap="small" alignItems="center">
        <BookIcon />
        <Text tone="muted">{KNOWLEDGE_SCREEN_TEXTS.selectPrompt}</Text>
      </Box>
    );
  } else if (loading) {
    body = <Spinner label={KNOWLEDGE_SCREEN_TEXTS.loadingDocument} />;
  } else if (error !== undefined || !doc) {
    body = (
      <Box role="alert" display="flex" flexDirection="column" gap="small">
        <Box display="flex" gap="small" alignItems="center">
          <WarningIcon />
          <Text tone="critical">{error ?? KNOWLEDGE_SCREEN_TEXTS.documentFailed}</Text>
        </Box>
        {onRetry ? (
          <div>
            <Button variant="secondary" size="small" icon={<RefreshIcon />} onClick={onRetry}>
              {KNOWLEDGE_SCREEN_TEXTS.retry}
            </Button>
          </div>
        ) : null}
      </Box>
    );
  } else {
    body = <KnowledgeDocumentPanel doc={doc} viewerRole={viewerRole} />;
  }
  return <Card padding="large">{body}</Card>;
}
