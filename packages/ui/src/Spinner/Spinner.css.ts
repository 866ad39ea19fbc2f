import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const SPINNER_SIZES = ['small', 'standard', 'large'] as const;
export const SPINNER_LAYOUTS = ['inline', 'stacked'] as const;

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

/** The global reduced-motion rule stops this after one short turn, leaving a still ring beside the label. */
export const glyph = style({
  display: 'inline-block',
  flexShrink: 0,
  animation: `${spin} 0.8s linear infinite`,
});

export const glyphSize = styleVariants({
  small: { width: vars.size.iconSmall, height: vars.size.iconSmall },
  standard: { width: vars.size.iconStandard, height: vars.size.iconStandard },
  large: { width: vars.size.iconLarge, height: vars.size.iconLarge },
});

export const track = style({ opacity: 0.25 });

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.small,
  color: vars.color.textMuted,
});

/** The ring takes the brand colour; the label stays in the muted text colour. */
export const ring = style({ display: 'inline-flex', color: vars.color.brand });

export const layout = styleVariants({
  inline: { flexDirection: 'row' },
  stacked: { flexDirection: 'column', gap: vars.space.medium },
});

export const label = styleVariants({
  small: { fontSize: vars.fontSize.small },
  standard: { fontSize: vars.fontSize.standard },
  large: { fontSize: vars.fontSize.large },
});

export const fullScreen = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.xlarge,
  minHeight: '100vh',
  padding: vars.space.xlarge,
  backgroundColor: vars.color.page,
  color: vars.color.text,
  textAlign: 'center',
});
