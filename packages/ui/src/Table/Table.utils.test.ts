import { describe, expect, it } from 'vitest';
import { windowSlots, withKeptIndex } from './Table.utils';

/** Rows of 50 px with a 10 px gap between them: row i starts at 60 i. */
const item = (index: number) => ({ index, start: index * 60, end: index * 60 + 50 });
const TOTAL_OF_100 = 100 * 50 + 99 * 10;

describe('withKeptIndex', () => {
  it('adds the focused row and its neighbours to the window, in order, when it scrolled out of view', () => {
    expect(withKeptIndex([20, 21, 22], 3, 100)).toEqual([2, 3, 4, 20, 21, 22]);
    expect(withKeptIndex([20, 21, 22], 90, 100)).toEqual([20, 21, 22, 89, 90, 91]);
  });

  it('adds only the neighbours that exist and are not in the window yet', () => {
    expect(withKeptIndex([20, 21, 22], 0, 100)).toEqual([0, 1, 20, 21, 22]);
    expect(withKeptIndex([20, 21, 22], 99, 100)).toEqual([20, 21, 22, 98, 99]);
    expect(withKeptIndex([20, 21, 22], 23, 100)).toEqual([20, 21, 22, 23, 24]);
  });

  it('leaves the window as it is without a focused row, or when the focused row is in it or gone', () => {
    expect(withKeptIndex([20, 21], undefined, 100)).toEqual([20, 21]);
    expect(withKeptIndex([20, 21, 22], 21, 100)).toEqual([20, 21, 22]);
    expect(withKeptIndex([0, 1], 7, 5)).toEqual([0, 1]);
  });
});

describe('windowSlots', () => {
  it('needs no spacer when the window holds the whole list', () => {
    const slots = windowSlots([item(0), item(1), item(2)], { count: 3, total: 170, gap: 10 });
    expect(slots.map((slot) => slot.kind)).toEqual(['row', 'row', 'row']);
  });

  it('stands a spacer for the rows below the window, as tall as they are with their gaps', () => {
    const slots = windowSlots([item(0), item(1)], { count: 100, total: TOTAL_OF_100, gap: 10 });
    // Rows 2..99 (98 rows of 50 px, 97 gaps between them); the gap before the spacer is the layout's.
    expect(slots[2]).toEqual({ kind: 'spacer', key: 'after', height: 98 * 50 + 97 * 10 });
  });

  it('stands a spacer for the rows above the window', () => {
    const slots = windowSlots([item(10), item(11)], { count: 12, total: 12 * 50 + 11 * 10, gap: 10 });
    expect(slots[0]).toEqual({ kind: 'spacer', key: 'before', height: 10 * 50 + 9 * 10 });
    expect(slots).toHaveLength(3);
  });

  it('stands a spacer between the window and a focused row kept far from it', () => {
    const slots = windowSlots([item(3), item(50), item(51)], { count: 100, total: TOTAL_OF_100, gap: 10 });
    expect(slots.map((slot) => (slot.kind === 'row' ? slot.item.index : slot.key))).toEqual([
      'before',
      3,
      'after-3',
      50,
      51,
      'after',
    ]);
    expect(slots[2]).toEqual({ kind: 'spacer', key: 'after-3', height: 46 * 50 + 45 * 10 });
  });

  it('measures the spacers from where the list starts in its scroll box', () => {
    // The list starts 8 px down the box: offsets include those 8 px, the total does not.
    const at8 = (index: number) => ({ index, start: 8 + index * 60, end: 8 + index * 60 + 50 });
    const slots = windowSlots([at8(10), at8(11)], {
      count: 20,
      total: 20 * 50 + 19 * 10,
      gap: 10,
      offset: 8,
    });
    expect(slots[0]).toEqual({ kind: 'spacer', key: 'before', height: 10 * 50 + 9 * 10 });
    expect(slots[3]).toEqual({ kind: 'spacer', key: 'after', height: 8 * 50 + 7 * 10 });
  });

  it('without a gap, the spacers are exactly the rows they replace', () => {
    const rows = (index: number) => ({ index, start: index * 56, end: index * 56 + 56 });
    const slots = windowSlots([rows(5), rows(6)], { count: 10, total: 560 });
    expect(slots[0]).toEqual({ kind: 'spacer', key: 'before', height: 5 * 56 });
    expect(slots[3]).toEqual({ kind: 'spacer', key: 'after', height: 3 * 56 });
  });
});
