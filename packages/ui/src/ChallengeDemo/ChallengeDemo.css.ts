import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** One pillar: its button, then what it shows. */
export const pillar = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xsmall,
});

export const outcomes = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.large,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const outcome = style({
  paddingTop: vars.space.medium,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
  selectors: { '&:first-child': { paddingTop: 0, borderTop: 'none' } },
});

/** Label and value pairs, in two columns where there is room. */
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: vars.space.large,
  rowGap: vars.space.xsmall,
  margin: 0,
});

export const fact = style({ display: 'contents' });

globalStyle(`${facts} dd`, { margin: 0, minWidth: 0, overflowWrap: 'anywhere' });

export const code = style({
  fontFamily: vars.fontFamily.mono,
  overflowWrap: 'anywhere',
});

/** One fine-grained sample question: its Allowed/Denied badge, then the question and any note. */
export const sample = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
});
