import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useId, useRef, type ReactNode } from 'react';
import { visuallyHidden } from '../theme/global.css';
import { TABLE_MAX_HEIGHT_PX, TABLE_ROW_HEIGHT_PX } from '../theme/tokens';
import * as styles from './Table.css';

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
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown in a single cell when there are no rows (e.g. 'No users found'). */
  empty?: ReactNode;
  /** Above this many rows only the rows in view are rendered. */
  virtualizeAbove?: number;
};

/** Rows beyond the visible window kept rendered on each side, so fast scrolling does not show gaps. */
const OVERSCAN = 10;

export const DEFAULT_VIRTUALIZE_ABOVE = 50;

/**
 * A semantic table. Long tables (more than `virtualizeAbove` rows) keep a real <table> but render only the rows
 * in view plus spacer rows, inside a focusable scroll box; aria-rowcount and aria-rowindex tell assistive
 * technology the full size.
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

function VirtualTable<Row>({ caption, hideCaption, columns, rows, rowKey }: InnerProps<Row>) {
  const captionId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer's functions change on every scroll by design; this component is not one to memoize.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TABLE_ROW_HEIGHT_PX,
    getItemKey: (index) => {
      const row = rows[index];
      return row === undefined ? index : rowKey(row);
    },
    overscan: OVERSCAN,
    // Before the box is measured, and wherever there is no layout (a hidden tab, a test DOM), assume the box
    // and its rows have their token sizes: the window then always holds a screenful of rows, never none or all.
    initialRect: { width: 0, height: TABLE_MAX_HEIGHT_PX },
    observeElementRect: (instance, notify) =>
      observeElementRect(instance, (rect) =>
        notify(rect.height > 0 ? rect : { ...rect, height: TABLE_MAX_HEIGHT_PX }),
      ),
    measureElement: (element, entry, instance) =>
      measureElement(element, entry, instance) || TABLE_ROW_HEIGHT_PX,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = Math.max(0, virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0));

  return (
    <div ref={scrollRef} className={styles.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className={styles.table} aria-rowcount={rows.length + 1}>
        <Caption id={captionId} text={caption} hidden={hideCaption} />
        <ColumnGroup columns={columns} />
        <thead>
          <HeaderRow columns={columns} rowIndex={1} />
        </thead>
        <tbody>
          {paddingTop > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={columns.length} className={styles.spacer} style={{ height: paddingTop }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <tr
                key={item.key}
                ref={virtualizer.measureElement}
                data-index={item.index}
                aria-rowindex={item.index + 2}
                className={styles.row}
              >
                <Cells columns={columns} row={row} />
              </tr>
            );
          })}
          {paddingBottom > 0 ? (
            <tr aria-hidden="true">
              <td colSpan={columns.length} className={styles.spacer} style={{ height: paddingBottom }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
