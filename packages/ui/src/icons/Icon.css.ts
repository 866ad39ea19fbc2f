import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const ICON_SIZES = ['small', 'standard', 'large'] as const;

export const base = style({
  display: 'inline-block',
  flexShrink: 0,
  verticalAlign: 'middle',
});

/**
 * An icon that points along the line (send, sign out) points the other way on a right-to-left page, as the
 * line itself runs the other way; a clock or a check does not.
 */
export const mirrored = style({ selectors: { '&:dir(rtl)': { transform: 'scaleX(-1)' } } });

export const size = styleVariants({
  small: { width: vars.size.iconSmall, height: vars.size.iconSmall },
  standard: { width: vars.size.iconStandard, height: vars.size.iconStandard },
  large: { width: vars.size.iconLarge, height: vars.size.iconLarge },
});
