import { styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const TEXT_SIZES = ['xsmall', 'small', 'standard', 'large'] as const;
export const HEADING_LEVELS = ['1', '2', '3', '4'] as const;
export const TEXT_TONES = [
  'normal',
  'muted',
  'critical',
  'caution',
  'positive',
  'info',
  'accent',
  'onBrand',
] as const;

export const size = styleVariants({
  xsmall: { fontSize: vars.fontSize.xsmall },
  small: { fontSize: vars.fontSize.small },
  standard: { fontSize: vars.fontSize.standard },
  large: { fontSize: vars.fontSize.large },
});

export const heading = styleVariants({
  '1': { fontSize: vars.fontSize.xxlarge, lineHeight: 1.2, fontWeight: 700 },
  '2': { fontSize: vars.fontSize.xlarge, lineHeight: 1.25, fontWeight: 700 },
  '3': { fontSize: vars.fontSize.large, lineHeight: 1.3, fontWeight: 600 },
  '4': { fontSize: vars.fontSize.standard, lineHeight: 1.4, fontWeight: 600 },
});

export const tone = styleVariants({
  normal: { color: vars.color.text },
  muted: { color: vars.color.textMuted },
  critical: { color: vars.color.tone.critical.foreground },
  caution: { color: vars.color.tone.caution.foreground },
  positive: { color: vars.color.tone.positive.foreground },
  info: { color: vars.color.tone.info.foreground },
  accent: { color: vars.color.tone.accent.foreground },
  onBrand: { color: vars.color.onBrand },
});

export const weight = styleVariants({
  regular: { fontWeight: 400 },
  medium: { fontWeight: 500 },
  strong: { fontWeight: 700 },
});

/**
 * `left` and `right` name the ends of a line as an English reader sees them: the start and the end, so a
 * right-to-left page mirrors them.
 */
export const align = styleVariants({
  left: { textAlign: 'start' },
  center: { textAlign: 'center' },
  right: { textAlign: 'end' },
});

export const truncate = styleVariants({
  on: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  off: {},
});

export const preWrap = styleVariants({ on: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }, off: {} });
