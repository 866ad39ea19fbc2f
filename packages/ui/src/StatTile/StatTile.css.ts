import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { containerBreakpoints } from '../theme/tokens';

/**
 * The tile is a container: it lays out for the width its grid cell gives it, not the screen's. It takes the
 * width its parent gives it (a grid cell, as in StatGrid), having none of its own to offer.
 */
export const root = style({
  containerType: 'inline-size',
  minWidth: 0,
  padding: vars.space.large,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.raised,
});

/**
 * Icon beside the figure while the figure fits beside it; otherwise (a long figure such as '120/80 mmHg' in a
 * quarter of a desktop) the text wraps under the icon and the figure keeps one line. Only the figure decides:
 * the label and hint take no width of their own (`contain`), they wrap. A narrow tile (two side by side on a
 * phone) always puts the icon above, so the tiles of a row look alike.
 */
export const layout = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-start',
  gap: vars.space.medium,
  minWidth: 0,
  '@container': {
    [`(max-width: ${containerBreakpoints.statTileStacked}px)`]: {
      flexDirection: 'column',
      alignItems: 'stretch',
      gap: vars.space.small,
    },
  },
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  flexGrow: 1,
  gap: vars.space.xxsmall,
  minWidth: 0,
});

export const label = style({
  contain: 'inline-size',
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
  fontWeight: 500,
});

export const value = style({
  fontSize: vars.fontSize.xxlarge,
  fontWeight: 700,
  lineHeight: 1.15,
  // A figure never breaks across lines ('1,2' over '47' reads as two numbers).
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  // A figure with a unit ('120/80 mmHg') keeps its own left-to-right order on a right-to-left page, where
  // the bidi algorithm would otherwise show 'mmHg 120/80'. The figure's own direction would then also align
  // it to the left: on a right-to-left page it keeps to the page's start, the right.
  unicodeBidi: 'plaintext',
  selectors: { '&:dir(rtl)': { textAlign: 'right' } },
});

export const hint = style({
  contain: 'inline-size',
  fontSize: vars.fontSize.xsmall,
  color: vars.color.textMuted,
});

export const icon = style({
  display: 'inline-flex',
  alignSelf: 'flex-start',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  padding: vars.space.small,
  borderRadius: vars.radius.medium,
});

export const iconTone = styleVariants(vars.color.tone, (tone) => ({
  backgroundColor: tone.background,
  color: tone.foreground,
}));

export const valueTone = styleVariants(vars.color.tone, (tone) => ({ color: tone.foreground }));
