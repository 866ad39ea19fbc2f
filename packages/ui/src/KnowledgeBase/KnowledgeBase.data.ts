/**
 * Data for the medical knowledge base screen (REQ-kb, REQ-data-access-stats markdown
 * documents): the accessible documents with their stats, a search, and one open document. The server decides
 * what this user may see (role, specialization, sensitivity); the screen only shows the answer.
 */
import { messageOf } from '../api/client';
import type { KnowledgeListItem } from '@sentinel/domain/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useApi } from '../api/ApiProvider';

/** The same keys as the chat panel's, so both share one cached list and one cached document. */
export const knowledgeQueryKeys = {
  list: ['knowledge', 'list'] as const,
  search: (q: string) => ['knowledge', 'search', q] as const,
  item: (id: string) => ['knowledge', 'item', id] as const,
};

/**
 * `GET /api/knowledge`: the accessible documents, the REQ-data-access-stats stats and summary, and the
 * context used.
 */
export function useKnowledgeListQuery() {
  const api = useApi();
  return useQuery({
    queryKey: knowledgeQueryKeys.list,
    queryFn: ({ signal }) => api.call('listKnowledge', { signal }),
  });
}

/** `GET /api/knowledge/:id`, fetched only while a document is selected. */
export function useKnowledgeItemQuery(id: string | undefined) {
  const api = useApi();
  return useQuery({
    queryKey: knowledgeQueryKeys.item(id ?? ''),
    queryFn: ({ signal }) => api.call('getKnowledgeItem', { params: { id: id ?? '' }, signal }),
    enabled: id !== undefined,
    retry: false,
  });
}

export type KnowledgeSearchState = {
  /** The query whose results are on screen; undefined while the full list is shown. */
  shownQuery: string | undefined;
  /** The results of `shownQuery`. */
  results: KnowledgeListItem[] | undefined;
  /** The query being fetched. */
  pendingQuery: string | undefined;
  /** The last search failed: its message and query (for Retry). The shown list is left as it was. */
  error: { message: string; query: string } | undefined;
  search: (query: string) => void;
  retry: () => void;
  clear: () => void;
};

/**
 * `GET /api/knowledge/search?q=`. Results replace the list only when a search succeeds: REQ-err-knowledge-load says a failed search
 * leaves the list as it was, and we also say so (a message with Retry) instead of only logging it. A blank
 * query goes back to the full list. Only the latest search counts when several overlap.
 */
export function useKnowledgeSearch(): KnowledgeSearchState {
  const api = useApi();
  const queryClient = useQueryClient();
  const latest = useRef(0);
  const [shown, setShown] = useState<{ query: string; items: KnowledgeListItem[] }>();
  const [pendingQuery, setPendingQuery] = useState<string>();
  const [error, setError] = useState<{ message: string; query: string }>();

  const clear = useCallback(() => {
    latest.current += 1;
    setShown(undefined);
    setPendingQuery(undefined);
    setError(undefined);
  }, []);

  const search = useCallback(
    (raw: string) => {
      const q = raw.trim();
      if (!q) {
        clear();
        return;
      }
      latest.current += 1;
      const ticket = latest.current;
      setPendingQuery(q);
      setError(undefined);
      queryClient
        .fetchQuery({
          queryKey: knowledgeQueryKeys.search(q),
          queryFn: ({ signal }) => api.call('searchKnowledge', { query: { q }, signal }),
          retry: false,
        })
        .then(
          (data) => {
            if (ticket !== latest.current) return;
            setShown({ query: q, items: data.items });
            setPendingQuery(undefined);
          },
          (cause: unknown) => {
            if (ticket !== latest.current) return;
            setError({ message: messageOf(cause), query: q });
            setPendingQuery(undefined);
          },
        );
    },
    [api, queryClient, clear],
  );

  const retry = useCallback(() => {
    if (error) search(error.query);
  }, [error, search]);

  return {
    shownQuery: shown?.query,
    results: shown?.items,
    pendingQuery,
    error,
    search,
    retry,
    clear,
  };
}
