import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The tones a decision's notice takes: prescribed (positive), refused (info). */
export const NOTICE_TONES = ['positive', 'info'] as const;

/**
 * The notice after a decision ('Prescription created' and its id). It takes focus when it appears, because the
 * button that was pressed has left the pending list (the global focus ring shows where the keyboard is).
 */
export const notice = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  padding: `${vars.space.small} ${vars.space.medium}`,
  border: `${vars.size.borderWidth} solid`,
  borderInlineStartWidth: vars.space.xsmall,
  borderRadius: vars.radius.medium,
});

export const noticeTone = styleVariants({
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

export const noticeIcon = style({ display: 'inline-flex', paddingTop: vars.space.xxsmall });

export const noticeText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  minWidth: 0,
  overflowWrap: 'anywhere',
});

export const noticeTitle = style({ fontWeight: 600 });

/** A list of request cards without bullets. */
export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** Time left reads as a figure that changes: steady digits, so the line does not jump as it counts down. */
export const timeLeft = style({ fontVariantNumeric: 'tabular-nums', fontWeight: 600 });

/** Ids (the prescription written) as the rest of the product shows them. */
export const code = style({ fontFamily: vars.fontFamily.mono });
