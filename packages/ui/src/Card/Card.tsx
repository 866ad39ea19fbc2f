import { useId, type ReactNode } from 'react';
import { Heading, Text } from '../Text/Text';
import type { Tone } from '../theme/tokens';
import * as styles from './Card.css';

export const CARD_PADDINGS = styles.CARD_PADDINGS;
export type CardPadding = (typeof CARD_PADDINGS)[number];

export type CardProps = {
  /** The card's body. */
  children?: ReactNode;
  /** The card's heading; a titled card is a section named by it. */
  title?: string;
  /** Outline level of the title (h2..h4); pick the one that fits under the screen's heading. */
  headingLevel?: 2 | 3 | 4;
  /** A line under the title. */
  description?: string;
  /** A decorative icon before the title. */
  icon?: ReactNode;
  /** Controls in the header, after the title (e.g. a Button or IconButton). */
  actions?: ReactNode;
  /** An accent stripe in a semantic tone along the leading edge. */
  tone?: Tone;
  /** The inner space from the spacing scale. */
  padding?: CardPadding;
  /** An id for links and aria references. */
  id?: string;
};

const join = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(' ');

/**
 * A bordered surface. With a title it renders `<section aria-labelledby>` so the card is a named region screen
 * reader users can jump to; without one it is a plain container.
 *
 * **When to use:** a group of related content the user reads or acts on together: a record, a prescription, a
 * form.
 *
 * **Accessibility:** with a title it is a named region (section aria-labelledby) that screen reader users can jump
 * to; the title is a heading at `headingLevel`.
 *
 * **Content:** the title is the thing's name ("Metformin", "Create New User"), not a sentence.
 */
export function Card({
  children,
  title,
  headingLevel = 2,
  description,
  icon,
  actions,
  tone,
  padding = 'standard',
  id,
}: CardProps) {
  const titleId = useId();
  const className = join(styles.base, styles.padding[padding], tone && styles.stripe[tone]);
  const hasHeader = title !== undefined || actions !== undefined;
  const header = hasHeader ? (
    <div className={styles.header}>
      {title !== undefined ? (
        <div className={styles.titleRow}>
          {icon}
          <div>
            <Heading level={headingLevel} size={headingLevel === 2 ? 3 : 4} id={titleId}>
              {title}
            </Heading>
            {description !== undefined && (
              <Text size="small" tone="muted">
                {description}
              </Text>
            )}
          </div>
        </div>
      ) : (
        <span />
      )}
      {actions !== undefined && <div className={styles.actions}>{actions}</div>}
    </div>
  ) : null;

  if (title !== undefined) {
    return (
      <section id={id} className={className} aria-labelledby={titleId}>
        {header}
        {children}
      </section>
    );
  }
  return (
    <div id={id} className={className}>
      {header}
      {children}
    </div>
  );
}
