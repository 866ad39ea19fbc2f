import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

const edgeShade = `color-mix(in srgb, ${vars.color.borderStrong} 45%, transparent)`;

/**
 * Wide tables scroll sideways inside the page instead of widening it, and show that they do: a shade on each
 * edge with more columns beyond it (a phone cuts the access log's Outcome off otherwise, with no hint).
 * CSS only: the surface-coloured covers scroll with the content ('local') and hide the shades that stay with
 * the frame ('scroll') once an end of the table is reached.
 */
export const frame = style({
  overflowX: 'auto',
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface,
  backgroundImage: [
    `linear-gradient(to right, ${vars.color.surface} 30%, transparent)`,
    `linear-gradient(to left, ${vars.color.surface} 30%, transparent)`,
    `linear-gradient(to right, ${edgeShade}, transparent)`,
    `linear-gradient(to left, ${edgeShade}, transparent)`,
  ].join(', '),
  backgroundPosition: 'left center, right center, left center, right center',
  backgroundSize: `${vars.space.xxlarge} 100%, ${vars.space.xxlarge} 100%, ${vars.space.large} 100%, ${vars.space.large} 100%`,
  backgroundRepeat: 'no-repeat',
  backgroundAttachment: 'local, local, scroll, scroll',
});

/**
 * Long tables scroll inside a box of fixed height; only the rows in view are rendered. Positioned, so that
 * visually hidden (absolutely positioned) text in the cells is clipped by the box instead of lengthening the
 * page.
 */
export const scroller = style([
  frame,
  {
    position: 'relative',
    maxHeight: vars.size.tableMaxHeight,
    overflowY: 'auto',
    overscrollBehavior: 'contain',
  },
]);

export const table = style({
  width: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: vars.fontSize.small,
});

export const caption = style({
  captionSide: 'top',
  textAlign: 'start',
  padding: vars.space.medium,
  fontWeight: 600,
  fontSize: vars.fontSize.standard,
  color: vars.color.text,
});

export const headerCell = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  textAlign: 'start',
  verticalAlign: 'bottom',
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  fontWeight: 600,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
  whiteSpace: 'nowrap',
});

export const row = style({
  height: vars.size.tableRowHeight,
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceSunken },
  },
});

/**
 * Each cell takes the direction of its own text, so '500 mg' or a Latin name reads left to right on a
 * right-to-left page (not 'mg 500'); the cells of a column still line up at the page's start edge.
 */
export const cell = style({
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
  verticalAlign: 'middle',
  unicodeBidi: 'plaintext',
  textAlign: 'start',
  fontWeight: 'inherit',
  color: vars.color.text,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
  selectors: { '&:dir(ltr)': { textAlign: 'left' }, '&:dir(rtl)': { textAlign: 'right' } },
});

export const rowHeaderCell = style([cell, { fontWeight: 600 }]);

export const emptyCell = style({
  padding: vars.space.xlarge,
  textAlign: 'center',
  color: vars.color.textMuted,
});

/** Stands in for the rows above and below the rendered window, so the scrollbar reflects the whole table. */
export const spacer = style({ padding: 0, border: 0 });
