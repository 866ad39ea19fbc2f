import { createElement, type ReactNode } from 'react';
import { sprinkles, type Sprinkles } from '../theme/sprinkles.css';
import type { Space } from '../theme/tokens';
import * as styles from './Stack.css';

export const STACK_DIRECTIONS = ['vertical', 'horizontal'] as const;
export const STACK_ALIGNS = ['start', 'center', 'end', 'stretch', 'baseline'] as const;
export const STACK_JUSTIFIES = ['start', 'center', 'end', 'spaceBetween'] as const;
export const STACK_ELEMENTS = [
  'div',
  'ul',
  'ol',
  'section',
  'nav',
  'header',
  'footer',
  'article',
  'aside',
  'span',
] as const;

export type StackDirection = (typeof STACK_DIRECTIONS)[number];
export type StackAlign = (typeof STACK_ALIGNS)[number];
export type StackJustify = (typeof STACK_JUSTIFIES)[number];
export type StackElement = (typeof STACK_ELEMENTS)[number];

type Breakpoint = 'mobile' | 'tablet' | 'desktop';
/** One value, or one per breakpoint (mobile first). */
export type ResponsiveProp<T> = T | Partial<Record<Breakpoint, T>>;

export type StackProps = {
  /** The items, in order. */
  children?: ReactNode;
  /** Gap between children, a Space token. */
  space?: ResponsiveProp<Space>;
  /** vertical (a column) or horizontal (a row); responsive, so a row can become a column on phones. */
  direction?: ResponsiveProp<StackDirection>;
  /** Cross-axis alignment; defaults to stretch when vertical and center when horizontal. */
  align?: ResponsiveProp<StackAlign>;
  /** Where the items sit along the main axis. */
  justify?: ResponsiveProp<StackJustify>;
  /** Let children flow onto further lines when they do not fit. */
  wrap?: boolean;
  /** The element to render; ul or ol keep list semantics (give them li children). */
  as?: StackElement;
  /** An id for aria references. */
  id?: string;
  /** A role when the group has a meaning of its own (group, search, toolbar). */
  role?: string;
  /** Names the group when it has a role or is a landmark. */
  'aria-label'?: string;
  /** Names the group by a visible heading. */
  'aria-labelledby'?: string;
  /** Points at text that describes the group. */
  'aria-describedby'?: string;
};

const FLEX_DIRECTION = { vertical: 'column', horizontal: 'row' } as const;
const ALIGN_ITEMS = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  stretch: 'stretch',
  baseline: 'baseline',
} as const;
const JUSTIFY = {
  start: 'flex-start',
  center: 'center',
  end: 'flex-end',
  spaceBetween: 'space-between',
} as const;

function responsive<T extends string, U>(
  value: ResponsiveProp<T>,
  map: (v: T) => U,
): U | Partial<Record<Breakpoint, U>> {
  if (typeof value === 'string') return map(value);
  const out: Partial<Record<Breakpoint, U>> = {};
  for (const key of ['mobile', 'tablet', 'desktop'] as const) {
    const v = value[key];
    if (v !== undefined) out[key] = map(v);
  }
  return out;
}

/**
 * Lays children out in a column or a row with a token gap: the same atomic classes as Box, so screens compose
 * layouts without any styles of their own. Rendered as a list (ul/ol), it keeps list semantics; give it `<li>`
 * children.
 *
 * **When to use:** a column or row of siblings with an even gap from the spacing scale (`space`).
 *
 * **Accessibility:** as `ul` or `ol` it keeps list semantics (give it `<li>` children); give a `role` and a label
 * when the group has a meaning of its own.
 */
export function Stack({
  children,
  space = 'medium',
  direction = 'vertical',
  align,
  justify,
  wrap = false,
  as = 'div',
  ...aria
}: StackProps) {
  const defaultAlign: StackAlign = direction === 'horizontal' ? 'center' : 'stretch';
  const atoms = {
    display: as === 'span' ? 'inline-flex' : 'flex',
    flexDirection: responsive(direction, (d) => FLEX_DIRECTION[d]),
    gap: space,
    alignItems: responsive(align ?? defaultAlign, (a) => ALIGN_ITEMS[a]),
    flexWrap: wrap ? 'wrap' : 'nowrap',
    ...(justify ? { justifyContent: responsive(justify, (j) => JUSTIFY[j]) } : {}),
  } satisfies Sprinkles;
  const isList = as === 'ul' || as === 'ol';
  const className = [sprinkles(atoms), isList ? styles.list : undefined].filter(Boolean).join(' ');
  return createElement(as, { role: isList ? 'list' : undefined, ...aria, className }, children);
}
