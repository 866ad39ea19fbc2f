import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const ALERT_TONES = ['critical', 'caution', 'positive', 'info'] as const;

export const region = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  selectors: { '&:empty': { display: 'none' } },
});

export const alert = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  paddingBlock: vars.space.small,
  paddingInline: `${vars.space.medium} ${vars.space.small}`,
  border: `${vars.size.borderWidth} solid`,
  borderInlineStartWidth: vars.space.xsmall,
  borderRadius: vars.radius.medium,
});

export const tone = styleVariants({
  critical: {
    backgroundColor: vars.color.tone.critical.background,
    color: vars.color.tone.critical.foreground,
    borderColor: vars.color.tone.critical.border,
  },
  caution: {
    backgroundColor: vars.color.tone.caution.background,
    color: vars.color.tone.caution.foreground,
    borderColor: vars.color.tone.caution.border,
  },
  positive: {
    backgroundColor: vars.color.tone.positive.background,
    color: vars.color.tone.positive.foreground,
    borderColor: vars.color.tone.positive.border,
  },
  info: {
    backgroundColor: vars.color.tone.info.background,
    color: vars.color.tone.info.foreground,
    borderColor: vars.color.tone.info.border,
  },
});

/** Lines the icon and the text up with the middle of the dismiss button. */
export const icon = style({ display: 'inline-flex', paddingTop: vars.space.xsmall });

export const message = style({
  flex: 1,
  minWidth: 0,
  paddingTop: vars.space.xxsmall,
  fontSize: vars.fontSize.standard,
  fontWeight: 500,
  overflowWrap: 'anywhere',
});
