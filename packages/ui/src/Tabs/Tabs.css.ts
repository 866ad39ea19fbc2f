import { style } from '@vanilla-extract/css';
import { breakpoints } from '../theme/tokens';
import { vars } from '../theme/theme.css';

/**
 * The same condition as the sprinkles `tablet` condition. Tabs.tsx asks matchMedia the same question, so the
 * roving tab stop and the arrow keys skip exactly the tabs this CSS hides.
 */
export const WIDE_QUERY = `screen and (min-width: ${breakpoints.tablet}px)`;
export const COMPACT_QUERY = `not ${WIDE_QUERY}`;

export const bar = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.small,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
  // On small screens the few remaining tabs and the More button wrap instead of scrolling out of sight.
  '@media': { [COMPACT_QUERY]: { flexWrap: 'wrap' } },
});

export const tablist = style({
  display: 'flex',
  // Tabs that do not fit one line wrap onto the next rather than scrolling out of sight (the doctor's eight
  // tabs on a tablet); room around them for the focus ring.
  flexWrap: 'wrap',
  gap: vars.space.xxsmall,
  minWidth: 0,
  flexGrow: 1,
  padding: vars.size.focusWidth,
  paddingBottom: 0,
});

export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  flexShrink: 0,
  minHeight: vars.size.touchTarget,
  // Narrow enough for the doctor's eight tabs to fit a 1280-pixel window without scrolling the list.
  paddingInline: vars.space.small,
  border: 0,
  borderBottom: `calc(${vars.size.focusWidth} + ${vars.size.borderWidth}) solid transparent`,
  borderRadius: `${vars.radius.small} ${vars.radius.small} 0 0`,
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontWeight: 500,
  whiteSpace: 'nowrap',
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text, backgroundColor: vars.color.surfaceSunken },
    // Colour is not the only signal: the selected tab is also bold and underlined by a bar.
    '&[aria-selected="true"]': {
      color: vars.color.brand,
      fontWeight: 700,
      borderBottomColor: vars.color.brand,
    },
  },
});

/** A tab that moves into the overflow menu on small screens. */
export const overflowTab = style({
  '@media': { [COMPACT_QUERY]: { display: 'none' } },
});

/** The overflow menu, shown only on small screens. */
export const overflowMenu = style({
  flexShrink: 0,
  paddingBottom: vars.space.xsmall,
  '@media': { [WIDE_QUERY]: { display: 'none' } },
});

export const icon = style({ display: 'inline-flex' });

export const panel = style({
  paddingTop: vars.space.large,
});
