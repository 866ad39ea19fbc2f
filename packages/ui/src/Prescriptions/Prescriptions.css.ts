import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { breakpoints } from '../theme/tokens';

/** A definition list of label-over-value pairs: one column on phones, two on tablets, three on desktops. */
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.medium,
  margin: 0,
  '@media': {
    [`screen and (min-width: ${breakpoints.tablet}px)`]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' },
    [`screen and (min-width: ${breakpoints.desktop}px)`]: {
      gridTemplateColumns: 'repeat(3, minmax(0, 1fr))',
    },
  },
});

/** The detail view is narrower than the page: at most two columns there. */
export const detailsNarrow = style({
  '@media': {
    [`screen and (min-width: ${breakpoints.desktop}px)`]: {
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
    },
  },
});

export const item = style({ minWidth: 0 });

/** A pair that spans the whole row (instructions, lists). */
export const itemWide = style({ gridColumn: '1 / -1' });

export const term = style({
  fontSize: vars.fontSize.xsmall,
  fontWeight: 600,
  color: vars.color.textMuted,
});

export const definition = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

/** Side effects and interactions as a bulleted list (the theme strips bullets from lists used for layout). */
export const bulletList = style({
  margin: 0,
  paddingInlineStart: vars.space.large,
  listStyle: 'disc',
});
