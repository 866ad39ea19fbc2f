import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The notes under a row's type: small and muted, wrapping anywhere so a long note cannot widen the table. */
export const notes = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});
