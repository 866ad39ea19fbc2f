import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const field = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  minWidth: 0,
});

export const label = style({
  fontSize: vars.fontSize.small,
  fontWeight: 600,
  color: vars.color.text,
});

export const requiredMark = style({
  color: vars.color.tone.critical.foreground,
  marginInlineStart: vars.space.xxsmall,
});

export const hint = style({
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

export const error = style({
  fontSize: vars.fontSize.small,
  fontWeight: 500,
  color: vars.color.tone.critical.foreground,
});

/** Shared look of input, select and textarea: the border is borderStrong so the control stands out at 3:1. */
export const control = style({
  width: '100%',
  minHeight: vars.size.touchTarget,
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
  border: `${vars.size.borderWidth} solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  fontSize: vars.fontSize.standard,
  selectors: {
    '&[aria-invalid="true"]': {
      borderColor: vars.color.tone.critical.border,
      boxShadow: `inset 0 0 0 ${vars.size.borderWidth} ${vars.color.tone.critical.border}`,
    },
    '&:disabled': {
      backgroundColor: vars.color.surfaceSunken,
      color: vars.color.textMuted,
      cursor: 'not-allowed',
    },
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
  },
});

export const textarea = style({
  resize: 'vertical',
  lineHeight: 1.5,
});
