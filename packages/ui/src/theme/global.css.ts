import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css';

/** The themed root: page colours, body font, and a visible focus ring for every focusable element. */
export const root = style({
  backgroundColor: vars.color.page,
  color: vars.color.text,
  fontFamily: vars.fontFamily.body,
  fontSize: vars.fontSize.standard,
  lineHeight: 1.5,
  colorScheme: 'light dark',
  WebkitFontSmoothing: 'antialiased',
});

globalStyle(`${root} *, ${root} *::before, ${root} *::after`, { boxSizing: 'border-box' });
globalStyle(`${root} :focus-visible`, {
  outline: `${vars.size.focusWidth} solid ${vars.color.focus}`,
  outlineOffset: vars.size.focusWidth,
});
globalStyle(`${root} a`, { color: vars.color.link });
globalStyle(`${root} :where(h1, h2, h3, h4, p, ul, ol, figure, dl, dd)`, { margin: 0 });
// Lists used for layout carry no bullets; prose lists (Markdown) style their own.
globalStyle(`${root} :where(ul, ol)`, { listStyle: 'none', padding: 0 });

globalStyle(`${root} *`, {
  '@media': {
    '(prefers-reduced-motion: reduce)': {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
    },
  },
});

/** Text for screen readers only. */
export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});
