import { memo, useId, useRef, type ReactNode, type Ref } from 'react';
import { visuallyHidden } from '../theme/global.css';
import { TABLE_MAX_HEIGHT_PX, TABLE_ROW_HEIGHT_PX } from '../theme/tokens';
import * as styles from './Table.css';
import { ROW_ATTRIBUTE, useVirtualRows } from './useVirtualRows';

/**
 * A column. Long tables re-render a row only when its item or the columns change, so keep the columns array
 * (and the callbacks its cells use) stable between renders, e.g. with useMemo.
 */
export type TableColumn<Row> = {
  key: string;
  header: ReactNode;
  render: (row: Row) => ReactNode;
  /** Share of the table width, e.g. '25%'. */
  width?: `${number}%`;
  /** Render this column's cells as row headers (the cell that names the row, e.g. the user's name). */
  rowHeader?: boolean;
};

export type TableProps<Row> = {
  /** Names the table (and its scroll box). */
  caption: string;
  /** Keep the caption for screen readers only, when a visible heading already names the table. */
  hideCaption?: boolean;
  /** The columns: header, how a row renders in it, and which one is the row header. */
  columns: readonly TableColumn<Row>[];
  /** The rows, in display order. */
  rows: readonly Row[];
  /** A stable key for each row (its id). */
  rowKey: (row: Row) => string;
  /** Shown in a single cell when there are no rows (e.g. 'No users found'). */
  empty?: ReactNode;
  /** Above this many rows only the rows in view are rendered. */
  virtualizeAbove?: number;
};

/** Rows beyond the visible window kept rendered on each side, so fast scrolling does not show gaps. */
const OVERSCAN = 5;

export const DEFAULT_VIRTUALIZE_ABOVE = 50;

/**
 * A semantic table. Long tables (more than `virtualizeAbove` rows) keep a real `<table>` but render only the rows
 * in view plus spacer rows, inside a focusable scroll box; aria-rowcount and aria-rowindex tell assistive
 * technology the full size.
 *
 * **When to use:** comparing many items across the same columns (users, the access log, appointments). For a few
 * items, or where each item has actions and long text, use cards.
 *
 * **Accessibility:** a real `<table>` with a caption; the row-header column uses `<th scope="row">`; a table wider
 * or longer than its box scrolls in a focusable, named region, so keyboard users can scroll it.
 *
 * **Content:** column headers are short nouns from the spec ("Date & Time", "Status").
 */
export function Table<Row>({ virtualizeAbove = DEFAULT_VIRTUALIZE_ABOVE, ...props }: TableProps<Row>) {
  return props.rows.length > virtualizeAbove ? <VirtualTable {...props} /> : <PlainTable {...props} />;
}

type InnerProps<Row> = Omit<TableProps<Row>, 'virtualizeAbove'>;

function Caption({ id, text, hidden }: { id: string; text: string; hidden: boolean | undefined }) {
  return (
    <caption id={id} className={hidden ? visuallyHidden : styles.caption}>
      {text}
    </caption>
  );
}

function ColumnGroup<Row>({ columns }: { columns: readonly TableColumn<Row>[] }) {
  if (!columns.some((column) => column.width)) return null;
  return (
    <colgroup>
      {columns.map((column) => (
        <col key={column.key} style={column.width ? { width: column.width } : undefined} />
      ))}
    </colgroup>
  );
}

function HeaderRow<Row>({ columns, rowIndex }: { columns: readonly TableColumn<Row>[]; rowIndex?: number }) {
  return (
    <tr aria-rowindex={rowIndex}>
      {columns.map((column) => (
        <th key={column.key} scope="col" className={styles.headerCell}>
          {column.header}
        </th>
      ))}
    </tr>
  );
}

function Cells<Row>({ columns, row }: { columns: readonly TableColumn<Row>[]; row: Row }) {
  return columns.map((column) =>
    column.rowHeader ? (
      <th key={column.key} scope="row" className={styles.rowHeaderCell}>
        {column.render(row)}
      </th>
    ) : (
      <td key={column.key} className={styles.cell}>
        {column.render(row)}
      </td>
    ),
  );
}

function PlainTable<Row>({ caption, hideCaption, columns, rows, rowKey, empty }: InnerProps<Row>) {
  const captionId = useId();
  return (
    // Focusable so a keyboard user can scroll a table wider than the screen.

    <div className={styles.frame} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table}>
        <Caption id={captionId} text={caption} hidden={hideCaption} />
        <ColumnGroup columns={columns} />
        <thead>
          <HeaderRow columns={columns} />
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className={styles.emptyCell}>
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className={styles.row}>
                <Cells columns={columns} row={row} />
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

type VirtualRowProps<Row> = {
  row: Row;
  index: number;
  columns: readonly TableColumn<Row>[];
  measure: Ref<HTMLTableRowElement>;
};

/**
 * One row of a long table. Memoized: a keystroke in a filter or a scroll step re-renders only the rows that
 * came into the window, not every row in it.
 */
const VirtualRow = memo(function VirtualRow<Row>({ row, index, columns, measure }: VirtualRowProps<Row>) {
  return (
    <tr
      ref={measure}
      data-index={index}
      {...{ [ROW_ATTRIBUTE]: index }}
      aria-rowindex={index + 2}
      className={styles.row}
    >
      <Cells columns={columns} row={row} />
    </tr>
  );
}) as <Row>(props: VirtualRowProps<Row>) => ReactNode;

function VirtualTable<Row>({ caption, hideCaption, columns, rows, rowKey }: InnerProps<Row>) {
  const captionId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const { virtualizer, slots, focusHandlers } = useVirtualRows({
    count: rows.length,
    scrollRef,
    estimateSize: TABLE_ROW_HEIGHT_PX,
    fallbackHeight: TABLE_MAX_HEIGHT_PX,
    overscan: OVERSCAN,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
  });

  return (
    <div ref={scrollRef} className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} aria-rowcount={rows.length + 1}>
        <Caption id={captionId} text={caption} hidden={hideCaption} />
        <ColumnGroup columns={columns} />
        <thead>
          <HeaderRow columns={columns} rowIndex={1} />
        </thead>
        <tbody {...focusHandlers}>
          {slots.map((slot) => {
            if (slot.kind === 'spacer') {
              return (
                <tr key={slot.key} aria-hidden="true">
                  <td colSpan={columns.length} className={styles.spacer} style={{ height: slot.height }} />
                </tr>
              );
            }
            const row = rows[slot.item.index];
            if (row === undefined) return null;
            return (
              <VirtualRow
                key={slot.item.key}
                row={row}
                index={slot.item.index}
                columns={columns}
                measure={virtualizer.measureElement}
              />
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
