import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const AVATAR_SIZES = ['standard', 'large'] as const;

export const base = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  objectFit: 'cover',
});

export const size = styleVariants({
  standard: { width: vars.size.avatar, height: vars.size.avatar, fontSize: vars.fontSize.small },
  large: { width: vars.size.avatarLarge, height: vars.size.avatarLarge, fontSize: vars.fontSize.xlarge },
});

export const initials = style({
  backgroundColor: vars.color.tone.info.background,
  color: vars.color.tone.info.foreground,
  fontWeight: 700,
  lineHeight: 1,
  userSelect: 'none',
});
