import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const CARD_PADDINGS = ['none', 'small', 'standard', 'large'] as const;

export const base = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  minWidth: 0,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.raised,
});

export const padding = styleVariants({
  none: { padding: 0 },
  small: { padding: vars.space.medium },
  standard: { padding: vars.space.large },
  large: { padding: vars.space.xlarge },
});

/** A tone stripe along the leading edge; decoration only, the card's text carries the meaning. */
export const stripe = styleVariants(vars.color.tone, (tone) => ({
  borderInlineStartWidth: vars.space.xsmall,
  borderInlineStartColor: tone.border,
}));

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
});

export const titleRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minWidth: 0,
});

// The title's column may shrink below its longest word, so a long title (a German compound) breaks inside the
// card instead of pushing the card wider (the root's overflow-wrap breaks it).
globalStyle(`${titleRow} > *`, { minWidth: 0 });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
});
