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
