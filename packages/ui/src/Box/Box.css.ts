import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** A bordered surface, for cards and panels built from Box. */
export const bordered = style({
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
});
