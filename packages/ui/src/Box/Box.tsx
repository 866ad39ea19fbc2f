import { createElement, forwardRef, type AllHTMLAttributes, type ElementType, type ReactNode } from 'react';
import { sprinkles, type Sprinkles } from '../theme/sprinkles.css';
import { bordered } from './Box.css';

type NativeProps = Omit<AllHTMLAttributes<HTMLElement>, 'className' | 'style' | 'width' | keyof Sprinkles>;

export type BoxProps = Sprinkles &
  NativeProps & {
    /** The element to render; defaults to div. */
    as?: ElementType;
    /** Draws the standard 1px border. */
    bordered?: boolean;
    children?: ReactNode;
  };

const SPRINKLE_KEYS = new Set<string>(sprinkles.properties);

/**
 * The one layout primitive (REQ-arch-components): props map to a small set of atomic classes. Components
 * never take className or style, so gaps in the system surface instead of being patched per screen.
 *
 * **When to use:** layout only: padding, gap, flex or grid, a token background, a border. Text takes Text or
 * Heading; a row or column of siblings takes Stack.
 *
 * **Accessibility:** renders a `<div>` unless `as` says otherwise; pick the element for its meaning (`section`,
 * `nav`, `ul`) and name landmarks with aria-label.
 *
 * **Content:** the layout props are responsive (a value, or `{ mobile, tablet, desktop }`): display,
 * flexDirection, flexWrap, alignItems, justifyContent, gap, padding, paddingX, paddingY and each side,
 * gridTemplateColumns (1 to 5 columns); plain: background (page, surface, a tone...), borderRadius, flexGrow,
 * flexShrink, minWidth, width, textAlign, position, overflow.
 */
export const Box = forwardRef<HTMLElement, BoxProps>(function Box(
  { as = 'div', bordered: withBorder, ...props },
  ref,
) {
  const atoms: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) (SPRINKLE_KEYS.has(key) ? atoms : rest)[key] = value;
  const className = [sprinkles(atoms as Sprinkles), withBorder ? bordered : undefined]
    .filter(Boolean)
    .join(' ');
  return createElement(as, { ...rest, ref, className });
});
