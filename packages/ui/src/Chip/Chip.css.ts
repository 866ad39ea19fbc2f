import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  padding: `${vars.space.xsmall} ${vars.space.medium}`,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontFamily: 'inherit',
  fontSize: vars.fontSize.small,
  fontWeight: 500,
  lineHeight: 1.4,
  whiteSpace: 'nowrap',
});

export const interactive = style({
  cursor: 'pointer',
  transition: 'background-color 120ms ease, border-color 120ms ease',
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceSunken },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

/** Pressed: filled in the brand colour and marked with a check, so the state is not told by colour alone. */
export const selected = style({
  backgroundColor: vars.color.brand,
  borderColor: vars.color.brand,
  color: vars.color.onBrand,
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.brandHover, borderColor: vars.color.brandHover },
  },
});

export const removable = style({ paddingInlineEnd: vars.space.xxsmall });

export const remove = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xsmall,
  border: 'none',
  borderRadius: vars.radius.full,
  background: 'transparent',
  color: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceSunken },
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});
