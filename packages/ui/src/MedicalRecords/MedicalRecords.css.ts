import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** Label/value pairs (date, doctor, patient...) as a two-column description list. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: vars.space.medium,
  rowGap: vars.space.xsmall,
  margin: 0,
});

export const factValue = style({
  margin: 0,
  overflowWrap: 'anywhere',
});

/** The vitals summary on a card: one line each, wrapping as room allows. */
export const vitalsList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xsmall} ${vars.space.medium}`,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

/** Record cards in a responsive grid that never squeezes a card below a readable width. */
export const cardGrid = style({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, calc(${vars.size.dialogWidth} / 2)), 1fr))`,
  gap: vars.space.large,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

/** The filter row: search grows, the type select keeps its width. */
export const searchGrow = style({
  flex: '1 1 auto',
  minWidth: 0,
});

/** A fieldset without the browser frame: the legend still names the group. */
export const fieldset = style({
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  padding: vars.space.medium,
  margin: 0,
  minWidth: 0,
});

export const legend = style({
  padding: `0 ${vars.space.xsmall}`,
  fontWeight: 600,
  fontSize: vars.fontSize.small,
});

/** The form's two-column grid on wide screens. */
export const formGrid = style({
  display: 'grid',
  gridTemplateColumns: `repeat(auto-fit, minmax(min(100%, calc(${vars.size.dialogWidth} / 3)), 1fr))`,
  gap: vars.space.medium,
});

export const fullRow = style({
  gridColumn: '1 / -1',
});

/**
 * A long list of cards scrolls inside a box of the table's height; only the rows in view are rendered. The
 * padding keeps the cards' shadows and focus rings inside the box. Positioned, so that the visually hidden
 * (absolutely positioned) labels inside the cards are clipped by the box instead of lengthening the page.
 */
export const listScroller = style({
  position: 'relative',
  maxHeight: vars.size.tableMaxHeight,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

/** Stands in for the rows of cards above and below the rendered ones: a full-width row of their height. */
export const spacer = style({ gridColumn: '1 / -1' });
