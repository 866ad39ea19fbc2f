import { messageOf } from '../api/client';
import { KNOWLEDGE_TEXTS, type AccessStats } from '@sentinel/domain';
import type { KnowledgeListItem } from '@sentinel/domain/contract';
import { useId, useState } from 'react';
import { Box } from '../Box/Box';
import { ErrorState } from '../ErrorState/ErrorState';
import { Button, IconButton } from '../Button/Button';
import { Card } from '../Card/Card';
import { Chip } from '../Chip/Chip';
import { EmptyState } from '../EmptyState/EmptyState';
import { SearchField } from '../Field/Field';
import {
  BookIcon,
  ChartIcon,
  CheckIcon,
  CloseIcon,
  LockIcon,
  SearchIcon,
  ShieldIcon,
  UsersIcon,
} from '../icons/icons';
import { Spinner } from '../Spinner/Spinner';
import { Stack } from '../Stack/Stack';
import { StatGrid } from '../StatTile/StatGrid';
import { Heading, Text } from '../Text/Text';
import { useKnowledgeItemQuery, useKnowledgeListQuery, useKnowledgeSearch } from './KnowledgeBase.data';
import * as styles from './KnowledgeBase.css';
import {
  CATEGORY_LABELS,
  KNOWLEDGE_CATEGORY_FILTERS,
  KNOWLEDGE_SCREEN_TEXTS,
  filterByCategory,
  roleLabel,
  toggleCategory,
  type KnowledgeCategoryFilter,
} from './KnowledgeBase.utils';
import { KnowledgeDetail, type KnowledgeDocumentView } from './KnowledgeDetail';
import { KnowledgeList } from './KnowledgeList';

export type KnowledgeBaseScreenProps = {
  /** The documents on show: the search results while a search is shown, otherwise every accessible one. */
  items: readonly KnowledgeListItem[] | undefined;
  /** REQ-data-access-stats of the full list. */
  stats: AccessStats | undefined;
  /** The role knowledge access was decided for (REQ-data-access-context): 'Your Role', and '(you)' in a document. */
  viewerRole: string | undefined;
  loading?: boolean;
  /** Loading the list failed and there is nothing to show. */
  error?: string;
  onRetry?: () => void;
  /** The query whose results are shown, if a search is shown. */
  activeQuery?: string;
  /** A search is running. */
  searching?: boolean;
  /**
   * The last search failed; the list is left as it was (REQ-err-chat-failure), and this says so with Try
   * again.
   */
  searchError?: string;
  onRetrySearch?: () => void;
  /** Enter in the field or the Search button; a blank query goes back to the full list. */
  onSearch: (query: string) => void;
  onClearSearch: () => void;
  selectedId?: string;
  onSelect: (id: string) => void;
  document?: KnowledgeDocumentView;
  documentLoading?: boolean;
  documentError?: string;
  onRetryDocument?: () => void;
  initialQuery?: string;
  initialCategory?: KnowledgeCategoryFilter;
};

/**
 * REQ-kb, pure: the stats row, the access-restrictions notice, search (Enter also
 * searches) with a clear button, the category chips, the list, the selected document, and the explanatory
 * panel on fine-grained authorization. Loading and empty texts are the spec's.
 */
export function KnowledgeBaseScreen({
  items,
  stats,
  viewerRole,
  loading = false,
  error,
  onRetry,
  activeQuery,
  searching = false,
  searchError,
  onRetrySearch,
  onSearch,
  onClearSearch,
  selectedId,
  onSelect,
  document,
  documentLoading = false,
  documentError,
  onRetryDocument,
  initialQuery = '',
  initialCategory = 'all',
}: KnowledgeBaseScreenProps) {
  const headingId = useId();
  const restrictionsId = useId();
  const [query, setQuery] = useState(initialQuery);
  const [category, setCategory] = useState<KnowledgeCategoryFilter>(initialCategory);
  const shown = filterByCategory(items ?? [], category);

  const clear = () => {
    setQuery('');
    onClearSearch();
  };

  let main;
  if (loading) {
    main = <Spinner label={KNOWLEDGE_TEXTS.loading} />;
  } else if (error !== undefined && items === undefined) {
    main = <ErrorState tone="critical" message={error} onRetry={onRetry} />;
  } else {
    main = (
      <>
        {stats ? (
          <StatGrid
            as="group"
            label={KNOWLEDGE_SCREEN_TEXTS.statsLabel}
            columns={{ mobile: 1, tablet: 2, desktop: 4 }}
            tiles={[
              { label: KNOWLEDGE_TEXTS.stats[0], value: stats.totalItems, icon: <BookIcon />, tone: 'info' },
              {
                label: KNOWLEDGE_TEXTS.stats[1],
                value: stats.accessibleItems,
                icon: <CheckIcon />,
                tone: 'positive',
              },
              {
                label: KNOWLEDGE_TEXTS.stats[2],
                value: `${stats.accessPercentage}%`,
                icon: <ChartIcon />,
                tone: 'accent',
              },
              {
                label: KNOWLEDGE_TEXTS.stats[3],
                value: viewerRole ? roleLabel(viewerRole) : '-',
                icon: <UsersIcon />,
                tone: 'neutral',
              },
            ]}
          />
        ) : null}
        {stats && stats.restrictedBy.length > 0 ? (
          <section aria-labelledby={restrictionsId}>
            <Box display="flex" gap="small" padding="medium" background="caution" borderRadius="medium">
              <LockIcon />
              <Stack space="xsmall">
                <Heading level={3} size={4} id={restrictionsId}>
                  {KNOWLEDGE_SCREEN_TEXTS.restrictionsTitle}
                </Heading>
                <Text size="small">{KNOWLEDGE_SCREEN_TEXTS.restrictionsIntro}</Text>
                <ul className={styles.bulletList}>
                  {stats.restrictedBy.map((factor) => (
                    <li key={factor} className={styles.bulletItem}>
                      <Text as="span" size="small">
                        {factor}
                      </Text>
                    </li>
                  ))}
                </ul>
              </Stack>
            </Box>
          </section>
        ) : null}
        <Stack space="medium">
          <div className={styles.searchRow} role="search">
            <div className={styles.searchGrow}>
              <SearchField
                label={KNOWLEDGE_SCREEN_TEXTS.searchLabel}
                hideLabel
                placeholder={KNOWLEDGE_SCREEN_TEXTS.searchPlaceholder}
                value={query}
                onChange={(event) => setQuery(event.target.value)}
                onSubmit={onSearch}
              />
            </div>
            <Button icon={<SearchIcon />} loading={searching} onClick={() => onSearch(query)}>
              {KNOWLEDGE_SCREEN_TEXTS.searchButton}
            </Button>
            {query !== '' || activeQuery !== undefined ? (
              <IconButton
                label={KNOWLEDGE_SCREEN_TEXTS.clearSearch}
                icon={<CloseIcon />}
                variant="secondary"
                onClick={clear}
              />
            ) : null}
          </div>
          <Stack
            direction="horizontal"
            space="small"
            wrap
            role="group"
            aria-label={KNOWLEDGE_SCREEN_TEXTS.categoriesLabel}
          >
            {KNOWLEDGE_CATEGORY_FILTERS.map((c) => (
              <Chip
                key={c}
                selected={category === c}
                onClick={() => setCategory(toggleCategory(category, c))}
              >
                {CATEGORY_LABELS[c]}
              </Chip>
            ))}
          </Stack>
          {searchError !== undefined ? (
            <ErrorState
              tone="caution"
              message={`${searchError} ${KNOWLEDGE_SCREEN_TEXTS.searchFailed}`}
              onRetry={onRetrySearch}
            />
          ) : null}
          <Box aria-live="polite">
            {activeQuery !== undefined ? (
              <Text size="small" tone="muted">
                {KNOWLEDGE_SCREEN_TEXTS.resultsFor(activeQuery)}
              </Text>
            ) : null}
          </Box>
        </Stack>
        <div className={styles.layout}>
          {shown.length === 0 ? (
            <EmptyState
              icon={<BookIcon size="large" />}
              title={KNOWLEDGE_TEXTS.emptyTitle}
              description={KNOWLEDGE_TEXTS.emptyHint}
            />
          ) : (
            <KnowledgeList items={shown} selectedId={selectedId} onSelect={onSelect} busy={searching} />
          )}
          <KnowledgeDetail
            empty={selectedId === undefined}
            doc={document}
            loading={documentLoading}
            error={documentError}
            onRetry={onRetryDocument}
            viewerRole={viewerRole ?? ''}
          />
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <Stack space="large">
        <Stack space="xsmall">
          <Heading level={2} id={headingId}>
            {KNOWLEDGE_SCREEN_TEXTS.title}
          </Heading>
          <Text tone="muted">{KNOWLEDGE_SCREEN_TEXTS.subtitle}</Text>
        </Stack>
        {main}
        <Card title={KNOWLEDGE_SCREEN_TEXTS.fgaTitle} headingLevel={3} icon={<ShieldIcon />}>
          <ul className={styles.bulletList}>
            {KNOWLEDGE_SCREEN_TEXTS.fgaPoints.map((point) => (
              <li key={point} className={styles.bulletItem}>
                <Text as="span" size="small">
                  {point}
                </Text>
              </li>
            ))}
          </ul>
        </Card>
      </Stack>
    </section>
  );
}

/**
 * The knowledge base wired to the API for the signed-in user: the doctor portal's and the admin dashboard's
 * knowledge tab. What is listed, found and opened is decided by the server for the user's access context.
 */
export function KnowledgeBase() {
  const list = useKnowledgeListQuery();
  const search = useKnowledgeSearch();
  const [selectedId, setSelectedId] = useState<string>();
  const doc = useKnowledgeItemQuery(selectedId);

  return (
    <KnowledgeBaseScreen
      items={search.results ?? list.data?.items}
      stats={list.data?.stats}
      viewerRole={list.data?.context.role}
      loading={list.isPending}
      error={list.isError ? messageOf(list.error) : undefined}
      onRetry={() => void list.refetch()}
      activeQuery={search.shownQuery}
      searching={search.pendingQuery !== undefined}
      searchError={search.error?.message}
      onRetrySearch={search.retry}
      onSearch={search.search}
      onClearSearch={search.clear}
      selectedId={selectedId}
      onSelect={setSelectedId}
      document={doc.data}
      documentLoading={doc.isPending && selectedId !== undefined}
      documentError={doc.isError ? messageOf(doc.error) : undefined}
      onRetryDocument={() => void doc.refetch()}
    />
  );
}
