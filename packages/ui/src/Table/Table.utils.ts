/**
 * Pure helpers of the virtualised lists (the Table primitive and the medical-record cards): which rows to
 * render, and the spacers that stand in for the rows that are not rendered, so the scroll box keeps the height
 * of the whole list.
 */

/** A rendered window of rows, as the virtualizer reports it: index, start and end offset in pixels. */
export type WindowItem = { index: number; start: number; end: number };

export type WindowSlot<Item extends WindowItem> =
  { kind: 'row'; item: Item } | { kind: 'spacer'; key: string; height: number };

/**
 * The indexes to render: the ones in view (with overscan), plus the row that holds keyboard focus and its two
 * neighbours when it has scrolled out of view, so that focus is never lost to a row that stopped being
 * rendered, and Tab and Shift+Tab go on to the rows next to it rather than to the window in view.
 */
export function withKeptIndex(indexes: readonly number[], kept: number | undefined, count: number): number[] {
  if (kept === undefined || kept < 0 || kept >= count) return [...indexes];
  const around = [kept - 1, kept, kept + 1].filter((i) => i >= 0 && i < count && !indexes.includes(i));
  return around.length === 0 ? [...indexes] : [...indexes, ...around].sort((a, b) => a - b);
}

/**
 * The rendered rows in order with a spacer before, between and after them wherever rows are left out, each
 * as tall as the rows it stands for. `gap` is the space the layout puts between two siblings (rows or
 * spacers), which the virtualizer counts into the offsets too; `total` is the height of the whole list, and
 * `offset` where the list starts in the scroll box (the virtualizer's scroll margin: offsets include it, the
 * total does not).
 */
export function windowSlots<Item extends WindowItem>(
  items: readonly Item[],
  { count, total, gap = 0, offset = 0 }: { count: number; total: number; gap?: number; offset?: number },
): WindowSlot<Item>[] {
  const slots: WindowSlot<Item>[] = [];
  let previous: Item | undefined;
  for (const item of items) {
    if (previous === undefined && item.index > 0) {
      slots.push({ kind: 'spacer', key: 'before', height: Math.max(0, item.start - offset - gap) });
    } else if (previous !== undefined && item.index > previous.index + 1) {
      slots.push({
        kind: 'spacer',
        key: `after-${previous.index}`,
        height: Math.max(0, item.start - previous.end - 2 * gap),
      });
    }
    slots.push({ kind: 'row', item });
    previous = item;
  }
  if (previous !== undefined && previous.index < count - 1) {
    slots.push({ kind: 'spacer', key: 'after', height: Math.max(0, total - (previous.end - offset) - gap) });
  }
  return slots;
}
