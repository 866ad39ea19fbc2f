import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** A cached list answer of the API: the items, and whatever else the answer carries. */
type ListAnswer = { items: unknown[] };

/** The list as it was before an optimistic change, to put back when the server refuses the change. */
export type ListSnapshot<L> = { previous: L | undefined };

/**
 * Shows a change to a cached list before the server has answered: cancels the list's fetches in flight (an
 * answer from before the change would overwrite it), keeps the list as it was and writes the changed one.
 * Nothing is written while no list is cached (the screen has not loaded it, so there is nothing to show).
 */
export async function applyOptimistic<L extends ListAnswer>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  change: (items: L['items']) => L['items'],
): Promise<ListSnapshot<L>> {
  await queryClient.cancelQueries({ queryKey });
  const previous = queryClient.getQueryData<L>(queryKey);
  if (previous) queryClient.setQueryData<L>(queryKey, { ...previous, items: change(previous.items) });
  return { previous };
}

/** Puts back the list an optimistic change replaced (the server refused the change). */
export function rollback<L>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  snapshot: ListSnapshot<L> | undefined,
) {
  if (snapshot?.previous) queryClient.setQueryData(queryKey, snapshot.previous);
}
