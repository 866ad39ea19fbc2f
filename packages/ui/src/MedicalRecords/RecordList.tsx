import type { MedicalRecord } from '@sentinel/domain';
import { useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { ROW_ATTRIBUTE, useVirtualRows } from '../Table/useVirtualRows';
import { TABLE_MAX_HEIGHT_PX, space } from '../theme/tokens';
import { isPendingRecord } from './MedicalRecords.data';
import * as styles from './MedicalRecords.css';
import { RecordCard } from './RecordCard';

export type RecordListProps = {
  records: readonly MedicalRecord[];
  /** Names the list (and, for a long list, its scroll box). */
  label: string;
  showPatientName: boolean;
  onViewDetails: (record: MedicalRecord) => void;
  /** Above this many records only the cards in view are rendered. */
  virtualizeAbove?: number;
};

export const RECORDS_VIRTUALIZE_ABOVE = 50;

/** A card's height before it is measured (title, two lines of description, facts, the button). */
const CARD_ESTIMATE_PX = 280;
/** Rows of cards kept rendered above and below the ones in view. */
const OVERSCAN_ROWS = 1;
/** The CSS gap of the card grid (MedicalRecords.css cardGrid) and the padding of its scroll box. */
const GAP_PX = parseFloat(space.large);
const SCROLL_PADDING_PX = parseFloat(space.small);

/**
 * REQ-rec-card The record cards in a responsive grid. A long list (more than `virtualizeAbove`) sits in a
 * focusable scroll box and renders only the rows of cards in view, plus the row holding keyboard focus; each
 * card's list item tells assistive technology its place in the whole list (aria-posinset of aria-setsize).
 */
export function RecordList({ virtualizeAbove = RECORDS_VIRTUALIZE_ABOVE, ...props }: RecordListProps) {
  return props.records.length > virtualizeAbove ? (
    <VirtualRecordList {...props} />
  ) : (
    <PlainRecordList {...props} />
  );
}

type InnerProps = Omit<RecordListProps, 'virtualizeAbove'>;

function PlainRecordList({ records, label, showPatientName, onViewDetails }: InnerProps) {
  return (
    <ul className={styles.cardGrid} aria-label={label}>
      {records.map((record) => (
        <li key={record.id}>
          <RecordCard
            record={record}
            showPatientName={showPatientName}
            pending={isPendingRecord(record)}
            onViewDetails={onViewDetails}
          />
        </li>
      ))}
    </ul>
  );
}

/** How many columns the grid lays out now (its resolved track list); 1 where there is no layout. */
function useGridColumns(ref: RefObject<HTMLElement | null>): number {
  const [columns, setColumns] = useState(1);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const read = () => {
      const tracks = getComputedStyle(element)
        .gridTemplateColumns.split(' ')
        .filter((track) => /^\d+(\.\d+)?px$/.test(track)).length;
      setColumns(Math.max(1, tracks));
    };
    read();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(read);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return columns;
}

function VirtualRecordList({ records, label, showPatientName, onViewDetails }: InnerProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const columns = useGridColumns(listRef);
  const { virtualizer, slots, focusHandlers } = useVirtualRows({
    count: Math.ceil(records.length / columns),
    scrollRef,
    estimateSize: CARD_ESTIMATE_PX,
    fallbackHeight: TABLE_MAX_HEIGHT_PX,
    overscan: OVERSCAN_ROWS,
    gap: GAP_PX,
    offset: SCROLL_PADDING_PX,
  });

  return (
    <div ref={scrollRef} className={styles.listScroller} role="region" aria-label={label} tabIndex={0}>
      <ul ref={listRef} className={styles.cardGrid} aria-label={label} {...focusHandlers}>
        {slots.flatMap((slot) => {
          if (slot.kind === 'spacer') {
            return [
              <li
                key={slot.key}
                aria-hidden="true"
                className={styles.spacer}
                style={{ height: slot.height }}
              />,
            ];
          }
          const first = slot.item.index * columns;
          return records.slice(first, first + columns).map((record, column) => (
            <li
              key={record.id}
              // Grid items stretch to their row, so the first card of a row measures the row.
              ref={column === 0 ? virtualizer.measureElement : undefined}
              data-index={column === 0 ? slot.item.index : undefined}
              {...{ [ROW_ATTRIBUTE]: slot.item.index }}
              aria-setsize={records.length}
              aria-posinset={first + column + 1}
            >
              <RecordCard
                record={record}
                showPatientName={showPatientName}
                pending={isPendingRecord(record)}
                onViewDetails={onViewDetails}
              />
            </li>
          ));
        })}
      </ul>
    </div>
  );
}
