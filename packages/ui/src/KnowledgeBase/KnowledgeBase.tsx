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
  /** The first load is in progress: a labelled spinner shows in place of the content. */
  loading?: boolean;
  /** Loading the list failed and there is nothing to show. */
  error?: string;
  /** Asks for the data again after a failed load (the Try again button). */
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
  /** Runs the failed search again. */
  onRetrySearch?: () => void;
  /** Enter in the field or the Search button; a blank query goes back to the full list. */
  onSearch: (query: string) => void;
  /** Clears the search text and shows the whole list again. */
  onClearSearch: () => void;
  /** The id of the item whose document is open. */
  selectedId?: string;
  /** Opens an item's document. */
  onSelect: (id: string) => void;
  /** The open item's document, once loaded. */
  document?: KnowledgeDocumentView;
  /** The open item's document is loading. */
  documentLoading?: boolean;
  /** Why the open item's document failed to load, shown with Try again. */
  documentError?: string;
  /** Loads the open item's document again. */
  onRetryDocument?: () => void;
  /** The search text to start with (stories and deep links). */
  initialQuery?: string;
  /** The category chip selected at first. */
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
 *
 * **When to use:** clinicians and admins browse and search the medical knowledge base they are allowed to read.
 *
 * **Accessibility:** the search field is labelled; category chips are toggle buttons (aria-pressed); the list and
 * the selected document are separate regions; loading and failures are announced.
 *
 * **Content:** sensitivity and category as badges with words; the viewer's own role is highlighted by words as
 * well as tone.
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
