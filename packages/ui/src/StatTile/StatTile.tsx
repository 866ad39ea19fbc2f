import { useId, type ReactNode } from 'react';
import type { Tone } from '../theme/tokens';
import * as styles from './StatTile.css';

export type StatTileProps = {
  /** What the number counts, e.g. 'Total Users'. Names the tile for assistive technology. */
  label: string;
  /** The figure, already formatted by the caller (e.g. '1,247', '45M+', '98%'). */
  value: string | number;
  /** A decorative icon, tinted in the tile's tone. */
  icon?: ReactNode;
  /** Colours the icon (and the figure with `toneValue`); the label still says what the figure is. */
  tone?: Tone;
  /** Also colour the value in the tone (the label still says what it is). */
  toneValue?: boolean;
  /** A short line under the value. */
  hint?: string;
  /** Show (and read) the value before the label, as in '45M+ patient records breached annually'. */
  valueFirst?: boolean;
};

/**
 * One figure with its label: a group named by the label, so a screen reader hears "Total Users, group,
 * 1,247". Used for the admin overview cards, the landing statistics and the screens' summary tiles. The figure
 * never breaks across lines: where it does not fit beside the icon, the text moves under the icon. It takes the
 * width its parent gives it (a grid cell, as in StatGrid).
 *
 * **When to use:** one key figure with its label: overview cards, a screen's summary. Not for actions.
 *
 * **Accessibility:** a group named by its label, so a screen reader hears the label with the figure.
 *
 * **Content:** the label in the spec's words and Title case ("Total Users"); the figure with thousands separators
 * and its unit ("1,247", "98%").
 */
export function StatTile({
  label,
  value,
  icon,
  tone = 'info',
  toneValue = false,
  hint,
  valueFirst = false,
}: StatTileProps) {
  const labelId = useId();
  const labelText = (
    <span id={labelId} className={styles.label}>
      {label}
    </span>
  );
  const valueText = (
    <span className={toneValue ? `${styles.value} ${styles.valueTone[tone]}` : styles.value}>{value}</span>
  );
  return (
    <div role="group" aria-labelledby={labelId} className={styles.root}>
      <div className={styles.layout}>
        {icon !== undefined && <span className={`${styles.icon} ${styles.iconTone[tone]}`}>{icon}</span>}
        <div className={styles.body}>
          {valueFirst ? valueText : labelText}
          {valueFirst ? labelText : valueText}
          {hint !== undefined && <span className={styles.hint}>{hint}</span>}
        </div>
      </div>
    </div>
  );
}
