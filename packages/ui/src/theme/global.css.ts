import { assignVars, globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { lightPalette, TONES, type Palette, type Tone } from './tokens';

/**
 * Paper: the light palette with every fill turned to the surface's white and every tone's text to the body's
 * ink, so a printout is black on white in either theme and saves toner; tone borders keep their colour, and
 * the words carry the meaning (REQ-screen-a11y). No new colours: all of them are the light palette's.
 */
const paper = lightPalette.surface;
const ink = lightPalette.text;
const printPalette: Palette = {
  ...lightPalette,
  page: paper,
  surfaceRaised: paper,
  surfaceSunken: paper,
  overlay: 'transparent',
  tone: Object.fromEntries(
    TONES.map((tone) => [
      tone,
      {
        background: paper,
        foreground: ink,
        border: lightPalette.tone[tone].border,
        solid: ink,
        onSolid: paper,
      },
    ]),
  ) as Record<Tone, Palette['tone'][Tone]>,
};

/** The themed root: page colours, body font, and a visible focus ring for every focusable element. */
export const root = style({
  backgroundColor: vars.color.page,
  color: vars.color.text,
  fontFamily: vars.fontFamily.body,
  fontSize: vars.fontSize.standard,
  lineHeight: 1.5,
  colorScheme: 'light dark',
  WebkitFontSmoothing: 'antialiased',
  // Long words (German compounds, e-mail addresses, IDs) break where they would overflow their box rather than
  // push it wider; inherited, and unlike `anywhere` it leaves every box's minimum width as it was.
  overflowWrap: 'break-word',
});

// Doubled class: outranks the theme class on the same element, whichever stylesheet comes first.
globalStyle(`${root}${root}`, {
  '@media': { print: { vars: assignVars(vars.color, printPalette), colorScheme: 'light' } },
});

globalStyle(`${root} *, ${root} *::before, ${root} *::after`, { boxSizing: 'border-box' });
globalStyle(`${root} :focus-visible`, {
  outline: `${vars.size.focusWidth} solid ${vars.color.focus}`,
  outlineOffset: vars.size.focusWidth,
  // Windows high contrast replaces our colours; the ring takes the system's highlight colour so it stays seen.
  '@media': { '(forced-colors: active)': { outlineColor: 'Highlight' } },
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

/*
 * Print (a record or a prescription on paper): no shadows, no dimmed page behind a modal, and while a modal
 * dialog is open only the dialog prints, in full (Dialog.css.ts lets its content run over pages). Buttons,
 * tab bars and menus hide themselves in their own styles.
 */
globalStyle(`${root} *`, { '@media': { print: { boxShadow: 'none', textShadow: 'none' } } });
globalStyle(':root:has(dialog:modal) body', {
  '@media': { print: { visibility: 'hidden', height: 0, overflow: 'hidden' } },
});
globalStyle(':root:has(dialog:modal) dialog:modal', { '@media': { print: { visibility: 'visible' } } });
// On paper a link cannot be followed: print where a web link goes after its text.
globalStyle(`${root} a[href^="http"]::after`, {
  '@media': {
    print: { content: '" (" attr(href) ")"', fontSize: vars.fontSize.small, overflowWrap: 'anywhere' },
  },
});
