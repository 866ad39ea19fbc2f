import { useId, type ReactNode } from 'react';
import * as styles from './Icon.css';

export type IconSize = (typeof styles.ICON_SIZES)[number];
export const ICON_SIZES = styles.ICON_SIZES;

export type IconProps = {
  /**
   * The icon's accessible name. With a title the icon is an image (role="img") named by it; without one it is
   * decorative and hidden from assistive technology, so the text beside it (or the button's label) speaks.
   */
  title?: string;
  size?: IconSize;
};

export type IconComponent = ((props: IconProps) => ReactNode) & { displayName?: string };

/**
 * Builds an icon from 24x24 stroke drawings (currentColor, stroke width 2, round caps and joins), so icons take
 * the colour of the text around them and stay crisp at every size.
 */
export function createIcon(
  name: string,
  drawing: ReactNode,
  options: { mirrorInRtl?: boolean } = {},
): IconComponent {
  function Icon({ title, size = 'standard' }: IconProps) {
    const titleId = useId();
    const className = `${styles.base} ${styles.size[size]}${options.mirrorInRtl ? ` ${styles.mirrored}` : ''}`;
    const shared = {
      className,
      viewBox: '0 0 24 24',
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: 2,
      strokeLinecap: 'round',
      strokeLinejoin: 'round',
      focusable: 'false',
    } as const;
    if (title) {
      return (
        <svg {...shared} role="img" aria-labelledby={titleId}>
          <title id={titleId}>{title}</title>
          {drawing}
        </svg>
      );
    }
    return (
      <svg {...shared} aria-hidden="true">
        {drawing}
      </svg>
    );
  }
  Icon.displayName = name;
  return Icon;
}
