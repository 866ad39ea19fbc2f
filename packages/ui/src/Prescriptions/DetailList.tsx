import type { ReactNode } from 'react';
import * as styles from './Prescriptions.css';

export type DetailItem = {
  /** Stable key and visible label. */
  label: string;
  value: ReactNode;
  /** Spans the whole row (long text, lists). */
  wide?: boolean;
};

/** Label-over-value pairs as a real definition list (dt/dd), so assistive technology pairs them. */
export function DetailList({ items, narrow = false }: { items: readonly DetailItem[]; narrow?: boolean }) {
  return (
    <dl className={narrow ? `${styles.details} ${styles.detailsNarrow}` : styles.details}>
      {items.map(({ label, value, wide }) => (
        <div key={label} className={wide ? `${styles.item} ${styles.itemWide}` : styles.item}>
          <dt className={styles.term}>{label}</dt>
          <dd className={styles.definition}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
