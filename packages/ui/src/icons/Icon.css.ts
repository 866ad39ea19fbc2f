import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const ICON_SIZES = ['small', 'standard', 'large'] as const;

export const base = style({
  display: 'inline-block',
  flexShrink: 0,
  verticalAlign: 'middle',
});

export const size = styleVariants({
  small: { width: vars.size.iconSmall, height: vars.size.iconSmall },
  standard: { width: vars.size.iconStandard, height: vars.size.iconStandard },
  large: { width: vars.size.iconLarge, height: vars.size.iconLarge },
});
