import { globalStyle, style } from '@vanilla-extract/css';
import { mediaQueries } from '../theme/tokens';
import { vars } from '../theme/theme.css';

/**
 * The same condition as the sprinkles `tablet` condition. Tabs.tsx asks matchMedia the same question: below it,
 * tab bars keep to one line and move what does not fit into the overflow menu.
 */
export const WIDE_QUERY = mediaQueries.tablet;
export const COMPACT_QUERY = mediaQueries.belowTablet;

export const bar = style({
  position: 'relative',
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.small,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
  // Navigation on screen only: a printout shows the open tab's content.
  '@media': { print: { display: 'none' } },
});

export const tablist = style({
  display: 'flex',
  // On a tablet or wider, tabs that do not fit one line wrap onto the next rather than scrolling out of sight
  // (the doctor's eight tabs on a tablet); on a phone the bar keeps one line and the rest go into the menu.
  flexWrap: 'wrap',
  gap: vars.space.xxsmall,
  minWidth: 0,
  flexGrow: 1,
  // Room around the tabs for the focus ring.
  padding: vars.size.focusWidth,
  paddingBottom: 0,
  '@media': { [COMPACT_QUERY]: { flexWrap: 'nowrap' } },
});

export const tab = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  flexShrink: 0,
  minWidth: 0,
  // One label longer than the whole bar (a German compound) ends in an ellipsis instead of overflowing it.
  maxWidth: '100%',
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
  // A selected tab too long for a phone on its own shrinks and ends in an ellipsis (its name stays whole).
  '@media': { [COMPACT_QUERY]: { flexShrink: 1 } },
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

/*
 * Windows high contrast turns every border, the unselected tabs' transparent bars included, into the text
 * colour: unselected bars take the page colour again, the selected one the system highlight.
 */
globalStyle(tab, { '@media': { '(forced-colors: active)': { borderBottomColor: 'Canvas' } } });
globalStyle(`${tab}[aria-selected="true"]`, {
  '@media': { '(forced-colors: active)': { borderBottomColor: 'Highlight' } },
});

export const tabLabel = style({ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' });

/** A tab that is in the overflow menu for now (a phone, and no room for it in the list). */
export const hiddenTab = style({ display: 'none' });

/**
 * An invisible copy of the tabs (in bold, the wider weight) and of the menu button, measured to decide which
 * tabs fit; out of the layout and of the accessibility tree.
 */
export const measure = style({
  position: 'absolute',
  insetInlineStart: 0,
  top: 0,
  display: 'flex',
  width: 'max-content',
  height: 0,
  overflow: 'hidden',
  visibility: 'hidden',
  pointerEvents: 'none',
});

export const measureTab = style({ fontWeight: 700 });

/** The overflow menu, shown on small screens when some tabs do not fit. */
export const overflowMenu = style({
  flexShrink: 0,
  paddingBottom: vars.space.xsmall,
});

export const icon = style({ display: 'inline-flex' });

export const panel = style({
  paddingTop: vars.space.large,
});
