import {
  defaultRangeExtractor,
  measureElement,
  observeElementRect,
  useVirtualizer,
} from '@tanstack/react-virtual';
import { useRef, type FocusEvent, type RefObject } from 'react';
import { windowSlots, withKeptIndex } from './Table.utils';

/** Every element of a rendered row carries its row index in this attribute, so focus can be traced to it. */
export const ROW_ATTRIBUTE = 'data-row';

export type VirtualRowsOptions = {
  count: number;
  scrollRef: RefObject<HTMLElement | null>;
  /** The row height assumed until a row is measured (the token height of a table row, say). */
  estimateSize: number;
  /** The height of the scroll box assumed where there is no layout (a hidden tab, a test DOM). */
  fallbackHeight: number;
  overscan: number;
  /** Space the layout puts between rows (a CSS gap), in pixels. */
  gap?: number;
  /** Where the list starts inside the scroll box (the box's padding), in pixels. */
  offset?: number;
  getItemKey?: (index: number) => string | number;
};

const rowOf = (target: EventTarget | null): number | undefined => {
  if (!(target instanceof Element)) return undefined;
  const value = target.closest(`[${ROW_ATTRIBUTE}]`)?.getAttribute(ROW_ATTRIBUTE);
  return value === null || value === undefined ? undefined : Number(value);
};

/**
 * A window of rows over a scroll box: the rows in view plus `overscan` on each side, plus the row holding
 * keyboard focus, so a control that scrolled out of view keeps focus (and Tab goes on from it). Returns the
 * virtualizer (its `measureElement` goes on each row), the rows and spacers to render, and the focus handlers
 * for the element that holds the rows.
 */
export function useVirtualRows({
  count,
  scrollRef,
  estimateSize,
  fallbackHeight,
  overscan,
  gap = 0,
  offset = 0,
  getItemKey,
}: VirtualRowsOptions) {
  const focused = useRef<number | undefined>(undefined);
  // The virtualizer's functions change on every scroll by design: the lists using it memoize their rows, not
  // themselves.
  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateSize,
    ...(getItemKey ? { getItemKey } : {}),
    overscan,
    gap,
    scrollMargin: offset,
    rangeExtractor: (range) => withKeptIndex(defaultRangeExtractor(range), focused.current, range.count),
    // Before the box is measured, and wherever there is no layout, assume the box and its rows have their
    // token sizes: the window then always holds a screenful of rows, never none or all.
    initialRect: { width: 0, height: fallbackHeight },
    observeElementRect: (instance, notify) =>
      observeElementRect(instance, (rect) =>
        notify(rect.height > 0 ? rect : { ...rect, height: fallbackHeight }),
      ),
    measureElement: (element, entry, instance) => measureElement(element, entry, instance) || estimateSize,
  });
  const slots = windowSlots(virtualizer.getVirtualItems(), {
    count,
    total: virtualizer.getTotalSize(),
    gap,
    offset,
  });
  const focusHandlers = {
    onFocus: (event: FocusEvent<HTMLElement>) => {
      focused.current = rowOf(event.target);
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) focused.current = undefined;
    },
  };
  return { virtualizer, slots, focusHandlers };
}
