import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const BUTTON_VARIANTS = ['primary', 'secondary', 'danger', 'ghost'] as const;
export const BUTTON_SIZES = ['small', 'standard'] as const;

/** A transparent border keeps every variant the same size and still draws an edge in forced-colours mode. */
export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.small,
  border: `${vars.size.borderWidth} solid transparent`,
  borderRadius: vars.radius.medium,
  fontFamily: 'inherit',
  fontWeight: 600,
  lineHeight: 1.25,
  textAlign: 'center',
  // A label longer than the room (a German compound) wraps inside the button, breaking a word too long for a
  // line, instead of running out of it. In a table a button keeps its words whole: the table scrolls instead.
  maxWidth: '100%',
  overflowWrap: 'anywhere',
  cursor: 'pointer',
  transition: 'background-color 120ms ease, border-color 120ms ease, color 120ms ease',
  selectors: {
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
    '&[aria-busy="true"]': { cursor: 'progress' },
    'td &, th &': { overflowWrap: 'break-word' },
  },
  // Actions do nothing on paper (a record or prescription printed from its dialog).
  '@media': { print: { display: 'none' } },
});

const hover = '&:hover:not(:disabled)';

export const variant = styleVariants({
  primary: {
    backgroundColor: vars.color.brand,
    color: vars.color.onBrand,
    selectors: { [hover]: { backgroundColor: vars.color.brandHover } },
  },
  secondary: {
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    borderColor: vars.color.borderStrong,
    selectors: { [hover]: { backgroundColor: vars.color.surfaceSunken } },
  },
  danger: {
    backgroundColor: vars.color.tone.critical.solid,
    color: vars.color.tone.critical.onSolid,
    selectors: { [hover]: { backgroundColor: vars.color.tone.critical.foreground } },
  },
  ghost: {
    backgroundColor: 'transparent',
    color: vars.color.text,
    selectors: { [hover]: { backgroundColor: vars.color.surfaceSunken } },
  },
});

export const size = styleVariants({
  small: {
    fontSize: vars.fontSize.small,
    padding: `${vars.space.xsmall} ${vars.space.medium}`,
  },
  standard: {
    fontSize: vars.fontSize.standard,
    minHeight: vars.size.touchTarget,
    padding: `${vars.space.small} ${vars.space.large}`,
  },
});

export const fullWidth = style({ width: '100%' });

/** Icon-only buttons are square: the touch target at standard size, snug around the icon when small. */
export const iconOnly = styleVariants({
  small: { padding: vars.space.xsmall },
  standard: { minWidth: vars.size.touchTarget, minHeight: vars.size.touchTarget, padding: vars.space.small },
});
