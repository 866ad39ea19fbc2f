import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const root = style({
  position: 'relative',
  display: 'inline-block',
  // A menu of actions or views does nothing on paper.
  '@media': { print: { display: 'none' } },
});

export const trigger = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  minHeight: vars.size.touchTarget,
  paddingInline: vars.space.medium,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontWeight: 500,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceSunken },
    '&[aria-expanded="true"]': { backgroundColor: vars.color.surfaceSunken },
  },
});

export const icon = style({ display: 'inline-flex', flexShrink: 0 });

const menuBase = style({
  position: 'absolute',
  top: '100%',
  marginTop: vars.space.xsmall,
  zIndex: 20,
  minWidth: '100%',
  width: 'max-content',
  maxWidth: `calc(100vw - ${vars.space.xlarge})`,
  display: 'flex',
  flexDirection: 'column',
  padding: vars.space.xsmall,
  backgroundColor: vars.color.surfaceRaised,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.overlay,
});

export const MENU_ALIGNS = ['start', 'end'] as const;

export const menu = styleVariants({
  start: [menuBase, { insetInlineStart: 0 }],
  end: [menuBase, { insetInlineEnd: 0 }],
});

export const item = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  width: '100%',
  minHeight: vars.size.touchTarget,
  paddingInline: vars.space.medium,
  border: 0,
  borderRadius: vars.radius.small,
  backgroundColor: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  textAlign: 'start',
  cursor: 'pointer',
  selectors: {
    '&:hover, &:focus': { backgroundColor: vars.color.surfaceSunken },
    '&[aria-checked="true"]': { fontWeight: 600 },
  },
});

/** Fixed-width slot so checked and unchecked labels line up. */
export const check = style({ display: 'inline-flex', justifyContent: 'center', width: vars.size.iconSmall });
