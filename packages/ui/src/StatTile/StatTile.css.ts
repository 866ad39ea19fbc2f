import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const root = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.medium,
  minWidth: 0,
  padding: vars.space.large,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.raised,
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall, minWidth: 0 });

export const label = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted, fontWeight: 500 });

export const value = style({
  fontSize: vars.fontSize.xxlarge,
  fontWeight: 700,
  lineHeight: 1.15,
  overflowWrap: 'anywhere',
  fontVariantNumeric: 'tabular-nums',
});

export const hint = style({ fontSize: vars.fontSize.xsmall, color: vars.color.textMuted });

export const icon = style({
  display: 'inline-flex',
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
