import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const DIALOG_SIZES = ['standard', 'large'] as const;

const base = style({
  maxWidth: `calc(100vw - ${vars.space.xlarge})`,
  maxHeight: `calc(100dvh - ${vars.space.xxlarge})`,
  padding: 0,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.overlay,
  overflow: 'hidden',
  selectors: {
    '&[open]': { display: 'flex', flexDirection: 'column' },
    '&::backdrop': { backgroundColor: vars.color.overlay },
    '&:focus-visible': { outline: 'none' },
  },
  '@media': {
    // Windows high contrast drops the shadow and the dimmed backdrop: a system-coloured frame marks the edge.
    '(forced-colors: active)': { borderColor: 'CanvasText' },
    // On paper the dialog is the document: from the top of the first page, as long as its content, no frame
    // and no dimmed page behind it (global.css.ts hides the page while a modal is open).
    print: {
      position: 'absolute',
      inset: '0 auto auto 0',
      width: 'auto',
      maxWidth: 'none',
      maxHeight: 'none',
      margin: 0,
      border: 0,
      borderRadius: 0,
      overflow: 'visible',
      selectors: { '&::backdrop': { backgroundColor: 'transparent' } },
    },
  },
});

export const dialog = styleVariants({
  standard: [base, { width: vars.size.dialogWidth }],
  // Half as wide again as a standard dialog, for detail views with two columns.
  large: [base, { width: `calc(${vars.size.dialogWidth} * 1.5)` }],
});

export const header = style({
  display: 'flex',
  alignItems: 'flex-start',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  padding: vars.space.large,
  paddingBottom: vars.space.small,
});

export const headings = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  minWidth: 0,
  paddingTop: vars.space.small,
});

export const description = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.standard,
});

export const body = style({
  paddingInline: vars.space.large,
  paddingBottom: vars.space.large,
  overflowY: 'auto',
  minHeight: 0,
  '@media': { print: { overflowY: 'visible' } },
});

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.small,
  padding: vars.space.large,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceSunken,
  // Its buttons (Close, Edit) do nothing on paper.
  '@media': { print: { display: 'none' } },
});
