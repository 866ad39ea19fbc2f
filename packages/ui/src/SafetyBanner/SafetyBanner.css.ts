import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The red-flag levels in the critical tone, the urgent notice in the caution tone. */
const toneOf = (tone: 'critical' | 'caution') => ({
  backgroundColor: vars.color.tone[tone].background,
  color: vars.color.tone[tone].foreground,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.tone[tone].border}`,
});

const base = style({
  display: 'flex',
  gap: vars.space.small,
  alignItems: 'flex-start',
  padding: `${vars.space.small} ${vars.space.large}`,
  flexShrink: 0,
  // Windows high contrast paints over the tone's fill, which alone set the banner apart from the chat: a full
  // frame with a thick leading edge in the system's text colour keeps it a banner.
  '@media': {
    '(forced-colors: active)': {
      border: `${vars.size.borderWidth} solid CanvasText`,
      borderInlineStartWidth: vars.space.xsmall,
    },
  },
});

export const banner = styleVariants({
  critical: [base, toneOf('critical')],
  caution: [base, toneOf('caution')],
});

/** The numbers as touch-sized buttons that wrap on a phone. */
export const contacts = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

const contactBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: vars.size.touchTarget,
  padding: `0 ${vars.space.medium}`,
  borderRadius: vars.radius.medium,
  fontWeight: 600,
  textDecoration: 'none',
  ':hover': { textDecoration: 'underline' },
});

/** `&[href]` outranks the theme's `a` colour (global.css.ts), so the label keeps its contrast on the solid tone. */
const solid = (tone: 'critical' | 'caution') => ({
  selectors: {
    '&[href]': { backgroundColor: vars.color.tone[tone].solid, color: vars.color.tone[tone].onSolid },
  },
});

export const contact = styleVariants({
  critical: [contactBase, solid('critical')],
  caution: [contactBase, solid('caution')],
});
