import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyOptimistic, rollback } from './optimisticList';

type Row = { id: string; done: boolean };
type RowList = { items: Row[]; nextCursor?: string };
const KEY = ['rows'] as const;
const ROWS: RowList = {
  items: [
    { id: 'a', done: false },
    { id: 'b', done: false },
  ],
  nextCursor: 'c2',
};

const markDone = (id: string) => (items: Row[]) => items.map((r) => (r.id === id ? { ...r, done: true } : r));

describe('an optimistic change to a cached list', () => {
  it('shows the change at once, keeping the rest of the answer, and remembers the list before it', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, ROWS);
    const snapshot = await applyOptimistic<RowList>(queryClient, KEY, markDone('a'));
    expect(queryClient.getQueryData(KEY)).toEqual({
      items: [
        { id: 'a', done: true },
        { id: 'b', done: false },
      ],
      nextCursor: 'c2',
    });
    expect(snapshot.previous).toBe(ROWS);
  });

  it('puts the list back when the server refuses the change', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, ROWS);
    const snapshot = await applyOptimistic<RowList>(queryClient, KEY, markDone('b'));
    rollback(queryClient, KEY, snapshot);
    expect(queryClient.getQueryData(KEY)).toEqual(ROWS);
  });

  it('cancels a fetch of the list in flight, whose older answer would overwrite the change', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(KEY, ROWS);
    let answer: (list: RowList) => void = () => undefined;
    const stale = queryClient.fetchQuery({
      queryKey: KEY,
      queryFn: () => new Promise<RowList>((resolve) => (answer = resolve)),
      staleTime: 0,
    });
    await applyOptimistic<RowList>(queryClient, KEY, markDone('a'));
    answer(ROWS);
    await stale.catch(() => undefined);
    expect(queryClient.getQueryData<RowList>(KEY)?.items[0]?.done).toBe(true);
  });

  it('writes nothing, and puts nothing back, while no list is cached', async () => {
    const queryClient = new QueryClient();
    const snapshot = await applyOptimistic<RowList>(queryClient, KEY, markDone('a'));
    expect(snapshot.previous).toBeUndefined();
    expect(queryClient.getQueryData(KEY)).toBeUndefined();
    rollback(queryClient, KEY, snapshot);
    rollback(queryClient, KEY, undefined);
    expect(queryClient.getQueryData(KEY)).toBeUndefined();
  });
});
