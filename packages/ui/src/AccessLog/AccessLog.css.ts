import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** Each row stays on one line; on narrow screens the table scrolls sideways (the Table frame) instead. */
export const nowrap = style({ whiteSpace: 'nowrap' });

/** The actor's tag ('#K3F9') is a code, not a word: set apart in the monospace face. */
export const tag = style({
  fontFamily: vars.fontFamily.mono,
  color: vars.color.textMuted,
});
