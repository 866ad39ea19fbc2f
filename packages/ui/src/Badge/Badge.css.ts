import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const BADGE_WEIGHTS = ['regular', 'strong'] as const;

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxsmall,
  padding: `${vars.space.xxsmall} ${vars.space.small}`,
  border: `${vars.size.borderWidth} solid`,
  borderRadius: vars.radius.full,
  fontSize: vars.fontSize.xsmall,
  lineHeight: 1.4,
  // Short labels stay on one line; one longer than its container (a translated status) wraps inside the badge
  // instead of running out of it.
  maxWidth: '100%',
  verticalAlign: 'middle',
});

/** Regular: tinted background with the tone's text colour. */
export const regular = styleVariants(vars.color.tone, (tone) => ({
  backgroundColor: tone.background,
  color: tone.foreground,
  borderColor: tone.border,
  fontWeight: 600,
}));

/** Strong: the tone's solid fill, for the badge that must stand out (e.g. the admin role badge). */
export const strong = styleVariants(vars.color.tone, (tone) => ({
  backgroundColor: tone.solid,
  color: tone.onSolid,
  borderColor: tone.solid,
  fontWeight: 700,
}));
