import type { ReactNode } from 'react';
import * as styles from './Text.css';

export type TextTone = (typeof styles.TEXT_TONES)[number];

export type TextProps = {
  /** The text. */
  children: ReactNode;
  /**
   * The element, chosen for its meaning: p for a paragraph, span inline, label for a form label, time with
   * `dateTime`, dt and dd in a definition list.
   */
  as?: 'p' | 'span' | 'div' | 'label' | 'dt' | 'dd' | 'strong' | 'small' | 'time';
  /** From the type scale (Foundations/Typography). */
  size?: (typeof styles.TEXT_SIZES)[number];
  /** normal, muted for secondary text, or a semantic tone; never the only sign of meaning. */
  tone?: TextTone;
  /** regular, medium, or strong for the words that matter most. */
  weight?: 'regular' | 'medium' | 'strong';
  /** Start, centre or end of the line (mirrored on a right-to-left page). */
  align?: 'left' | 'center' | 'right';
  /** Cut to one line with an ellipsis. */
  truncate?: boolean;
  /** Keep line breaks of the text (chat messages). */
  preserveLines?: boolean;
  /** An id for aria references (aria-labelledby, aria-describedby). */
  id?: string;
  /** With as="time": the machine-readable date the text shows. */
  dateTime?: string;
};

const join = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(' ');

/**
 * Body text in the theme's sizes and tones.
 *
 * **When to use:** all body text, captions and labels. Headings take Heading; layout takes Box or Stack.
 *
 * **Accessibility:** `as` picks the element for its meaning (`label`, `time` with `dateTime`, `dd`); `tone` never
 * carries meaning alone.
 *
 * **Content:** see Guides/Health content guide.
 */
export function Text({
  children,
  as: As = 'p',
  size = 'standard',
  tone = 'normal',
  weight = 'regular',
  align,
  truncate,
  preserveLines,
  id,
  dateTime,
}: TextProps) {
  return (
    <As
      id={id}
      dateTime={dateTime}
      className={join(
        styles.size[size],
        styles.tone[tone],
        styles.weight[weight],
        align && styles.align[align],
        styles.truncate[truncate ? 'on' : 'off'],
        styles.preWrap[preserveLines ? 'on' : 'off'],
      )}
    >
      {children}
    </As>
  );
}

export type HeadingProps = {
  /** The text. */
  children: ReactNode;
  /** Document outline level (h1..h4). */
  level: 1 | 2 | 3 | 4;
  /** Visual size when it differs from the level. */
  size?: 1 | 2 | 3 | 4;
  /** normal, muted for secondary text, or a semantic tone; never the only sign of meaning. */
  tone?: TextTone;
  /** Start, centre or end of the line (mirrored on a right-to-left page). */
  align?: 'left' | 'center' | 'right';
  /** An id for aria references (aria-labelledby, aria-describedby). */
  id?: string;
};

/**
 * A heading whose outline level and visual size are chosen separately.
 *
 * **When to use:** every heading. `level` places it in the page outline, `size` sets its look.
 *
 * **Accessibility:** keep levels in order (no jumps from h2 to h4); screen reader users move by heading.
 */
export function Heading({ children, level, size = level, tone = 'normal', align, id }: HeadingProps) {
  const Tag = `h${level}` as const;
  return (
    <Tag
      id={id}
      className={join(styles.heading[String(size) as '1'], styles.tone[tone], align && styles.align[align])}
    >
      {children}
    </Tag>
  );
}
