import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The user cell: avatar beside name and e-mail. */
export const userCell = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.medium,
  textAlign: 'start',
});

// Names and addresses keep their natural width, so a narrow screen scrolls the table sideways (the Table's
// scroll box) instead of breaking an e-mail address into a column of letters.
export const userText = style({
  display: 'flex',
  flexDirection: 'column',
  whiteSpace: 'nowrap',
});

/**
 * A cell of two lines (the badges over their detail), each kept on one line like the user cell's, so a row
 * keeps the table's fixed height.
 */
export const stackedCell = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xxsmall,
  whiteSpace: 'nowrap',
});

/** The status badge and the sign-in badge side by side. */
export const badges = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
});

/** The details of the View dialog: labels in one column, values in the other, one row per fact. */
export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: vars.space.large,
  rowGap: vars.space.small,
  margin: 0,
});

export const detailLabel = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
  fontWeight: 600,
});

export const detailValue = style({
  margin: 0,
  overflowWrap: 'anywhere',
});

/** The View dialog's sign-in section; it takes focus from script only, so it shows no box of its own. */
export const section = style({
  borderRadius: vars.radius.small,
});

/** The filter bar: the search box takes the room left beside the filter. */
export const searchSlot = style({
  flexGrow: 1,
  minWidth: 0,
});
