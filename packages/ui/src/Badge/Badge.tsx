import type { ReactNode } from 'react';
import type { Tone } from '../theme/tokens';
import * as styles from './Badge.css';

export const BADGE_WEIGHTS = styles.BADGE_WEIGHTS;
export type BadgeWeight = (typeof BADGE_WEIGHTS)[number];

export type BadgeProps = {
  /** The text the badge says. Required: colour is never the only signal (REQ-screen-a11y). */
  children: string;
  /** What the badge means (Foundations/Tones); the words say it too. */
  tone?: Tone;
  /** strong fills the badge with the solid tone, for the one badge that must stand out (a role). */
  weight?: BadgeWeight;
  /** A decorative icon before the text. */
  icon?: ReactNode;
  /** An id, so a control can point at the badge with aria-describedby. */
  id?: string;
};

/**
 * A short status or category label in a semantic tone (sensitivity, status, role).
 *
 * **When to use:** a short status, category, sensitivity or role beside what it describes. Not for actions (Chip)
 * or sentences (AlertMessage).
 *
 * **Accessibility:** plain text read in place; the tone repeats the words and never replaces them, and the border
 * keeps it visible in forced colours.
 *
 * **Content:** one or two words in Title case ("Active", "High", "Lab Tech"); never a raw value such as
 * `lab_tech`.
 */
export function Badge({ children, tone = 'neutral', weight = 'regular', icon, id }: BadgeProps) {
  return (
    <span id={id} className={`${styles.base} ${styles[weight][tone]}`}>
      {icon}
      {children}
    </span>
  );
}
