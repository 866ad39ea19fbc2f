import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The countdown: large, with digits of one width so that it does not jitter as it ticks. */
export const countdown = style({
  margin: 0,
  fontSize: vars.fontSize.xxlarge,
  fontWeight: 700,
  fontVariantNumeric: 'tabular-nums',
  color: vars.color.text,
});
