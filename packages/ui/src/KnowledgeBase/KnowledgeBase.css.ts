import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { breakpoints } from '../theme/tokens';

/** List and document side by side on wide screens, stacked on narrow ones. */
export const layout = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.large,
  alignItems: 'start',
  '@media': {
    [`screen and (min-width: ${breakpoints.desktop}px)`]: {
      gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 3fr)',
    },
  },
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

/**
 * The title button of a document. Its ::after covers the whole entry, so the entry is clickable everywhere
 * while the button's name stays the title (the rest of the entry describes it).
 */
export const itemButton = style({
  padding: 0,
  margin: 0,
  textAlign: 'start',
  font: 'inherit',
  fontWeight: 600,
  color: vars.color.text,
  background: 'none',
  border: 'none',
  cursor: 'pointer',
  '::after': {
    content: '""',
    position: 'absolute',
    inset: 0,
    borderRadius: vars.radius.medium,
  },
});

/** A document in the list. */
export const item = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xsmall,
  minHeight: vars.size.touchTarget,
  padding: vars.space.medium,
  backgroundColor: vars.color.surface,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  selectors: {
    '&:hover': { borderColor: vars.color.borderStrong, backgroundColor: vars.color.surfaceSunken },
    [`&:has(${itemButton}:focus-visible)`]: {
      outline: `${vars.size.focusWidth} solid ${vars.color.focus}`,
      outlineOffset: vars.size.focusWidth,
    },
  },
});

/** The selected document: a brand edge and the info background (aria-current says it in words). */
export const itemSelected = style({
  borderColor: vars.color.brand,
  boxShadow: `inset ${vars.size.focusWidth} 0 0 ${vars.color.brand}`,
  backgroundColor: vars.color.tone.info.background,
  selectors: {
    '&:hover': { borderColor: vars.color.brand, backgroundColor: vars.color.tone.info.background },
  },
});

export const itemMeta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xsmall} ${vars.space.small}`,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
});

/** The document text: capped in height, scrolled inside, reachable by keyboard (it is focusable). */
export const content = style({
  maxHeight: vars.size.knowledgeContentMaxHeight,
  overflowY: 'auto',
  padding: vars.space.medium,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surfaceSunken,
});

export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  columnGap: vars.space.medium,
  rowGap: vars.space.small,
  alignItems: 'baseline',
  margin: 0,
});

export const factValue = style({
  margin: 0,
  overflowWrap: 'anywhere',
});

export const inlineList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xsmall,
  listStyle: 'none',
  margin: 0,
  padding: 0,
});

/** A bulleted list (the global reset removes list styles; these lists are read as prose). */
export const bulletList = style({
  margin: 0,
  // Doubled class: must win over the global `:where(ul)` reset whatever order the sheets load in.
  selectors: { '&&': { listStyle: 'disc', paddingInlineStart: vars.space.xlarge } },
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
});

/** Flex items lose their marker unless they stay list items. */
export const bulletItem = style({
  display: 'list-item',
});

export const code = style({
  fontFamily: vars.fontFamily.mono,
  fontSize: vars.fontSize.small,
  overflowWrap: 'anywhere',
});

/** The search row: the field grows, the buttons keep their size and line up with the input. */
export const searchRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.small,
});

export const searchGrow = style({
  flex: '1 1 auto',
  minWidth: 0,
});
