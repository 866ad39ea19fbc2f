import type { ReactNode } from 'react';
import type { Tone } from '../theme/tokens';
import * as styles from './Badge.css';

export const BADGE_WEIGHTS = styles.BADGE_WEIGHTS;
export type BadgeWeight = (typeof BADGE_WEIGHTS)[number];

export type BadgeProps = {
  /** The text the badge says. Required: colour is never the only signal (REQ-screen-a11y). */
  children: string;
  tone?: Tone;
  weight?: BadgeWeight;
  /** A decorative icon before the text. */
  icon?: ReactNode;
  id?: string;
};

/** A short status or category label in a semantic tone (sensitivity, status, role). */
export function Badge({ children, tone = 'neutral', weight = 'regular', icon, id }: BadgeProps) {
  return (
    <span id={id} className={`${styles.base} ${styles[weight][tone]}`}>
      {icon}
      {children}
    </span>
  );
}
