import type { ReactNode } from 'react';
import * as styles from './Text.css';

export type TextTone = (typeof styles.TEXT_TONES)[number];

export type TextProps = {
  children: ReactNode;
  as?: 'p' | 'span' | 'div' | 'label' | 'dt' | 'dd' | 'strong' | 'small' | 'time';
  size?: (typeof styles.TEXT_SIZES)[number];
  tone?: TextTone;
  weight?: 'regular' | 'medium' | 'strong';
  align?: 'left' | 'center' | 'right';
  /** Cut to one line with an ellipsis. */
  truncate?: boolean;
  /** Keep line breaks of the text (chat messages). */
  preserveLines?: boolean;
  id?: string;
  dateTime?: string;
};

const join = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(' ');

/** Body text in the theme's sizes and tones. */
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
  children: ReactNode;
  /** Document outline level (h1..h4). */
  level: 1 | 2 | 3 | 4;
  /** Visual size when it differs from the level. */
  size?: 1 | 2 | 3 | 4;
  tone?: TextTone;
  align?: 'left' | 'center' | 'right';
  id?: string;
};

/** A heading whose outline level and visual size are chosen separately. */
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
