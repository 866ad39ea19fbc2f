import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { fullViewportHeight, mediaQueries } from '../theme/tokens';

const rule = `${vars.size.borderWidth} solid ${vars.color.border}`;

/**
 * REQ-chat-panel, REQ-limit-panel-height: a 600px-high panel; only the message list scrolls. On a phone the
 * panel is as tall as the screen instead: 600 pixels of header, banner, chips, composer and footer left a sliver
 * of conversation, and on a short phone pushed the composer off the screen. Scrolled into view, the whole panel
 * (composer included) is on screen.
 */
export const panel = style({
  display: 'flex',
  flexDirection: 'column',
  height: vars.size.chatPanelHeight,
  '@media': { [mediaQueries.belowTablet]: { height: fullViewportHeight } },
  minWidth: 0,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: rule,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.raised,
  overflow: 'hidden',
});

/** On a narrow screen the labels and the clear button wrap under the title instead of overlapping it. */
export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  padding: `${vars.space.medium} ${vars.space.large}`,
  borderBottom: rule,
  flexShrink: 0,
});

export const headerTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minWidth: 0,
});

export const headerIcon = style({
  display: 'inline-flex',
  color: vars.color.brand,
  flexShrink: 0,
  // Decorative; on a phone its width goes to the title, so the header takes fewer lines.
  '@media': { [mediaQueries.belowTablet]: { display: 'none' } },
});

/** The scrolling conversation. Focusable so keyboard users can scroll it (WCAG 2.1.1). */
export const log = style({
  flexGrow: 1,
  minHeight: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  padding: vars.space.large,
  backgroundColor: vars.color.page,
  overscrollBehavior: 'contain',
});

export const row = styleVariants({
  user: { display: 'flex', justifyContent: 'flex-end' },
  assistant: { display: 'flex', justifyContent: 'flex-start' },
});

const bubbleBase = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  maxWidth: '85%',
  minWidth: 0,
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.large,
  border: rule,
  overflowWrap: 'anywhere',
});

export const bubble = styleVariants({
  user: [
    bubbleBase,
    {
      backgroundColor: vars.color.tone.info.background,
      color: vars.color.tone.info.foreground,
      borderColor: vars.color.tone.info.border,
    },
  ],
  reply: [bubbleBase, { backgroundColor: vars.color.surface }],
  welcome: [bubbleBase, { backgroundColor: vars.color.surface }],
  disclaimer: [
    bubbleBase,
    {
      backgroundColor: vars.color.tone.caution.background,
      color: vars.color.tone.caution.foreground,
      borderColor: vars.color.tone.caution.border,
    },
  ],
  failure: [
    bubbleBase,
    {
      backgroundColor: vars.color.tone.critical.background,
      color: vars.color.tone.critical.foreground,
      borderColor: vars.color.tone.critical.border,
    },
  ],
});

export const meta = style({
  display: 'flex',
  gap: vars.space.small,
  alignItems: 'baseline',
  fontSize: vars.fontSize.xsmall,
});

export const author = style({ fontWeight: 600 });

export const references = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** A reference reads like a small card: the title (a button), then the excerpt. */
export const reference = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'flex-start',
  gap: vars.space.xxsmall,
  padding: vars.space.small,
  color: vars.color.text,
  backgroundColor: vars.color.surfaceSunken,
  border: rule,
  borderRadius: vars.radius.medium,
});

export const referenceTitle = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  // Keeps the target at least 24px high (WCAG 2.2, 2.5.8).
  padding: `${vars.space.xxsmall} 0`,
  font: 'inherit',
  fontWeight: 600,
  fontSize: vars.fontSize.small,
  textAlign: 'start',
  color: vars.color.link,
  background: 'none',
  border: 'none',
  cursor: 'pointer',
  textDecoration: 'underline',
  selectors: { '&:hover': { textDecoration: 'none' } },
});

export const referenceExcerpt = style({
  fontSize: vars.fontSize.xsmall,
  color: vars.color.textMuted,
});

export const composer = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  padding: `${vars.space.medium} ${vars.space.large}`,
  borderTop: rule,
  flexShrink: 0,
});

/**
 * The quick-action and suggestion chips. On a phone they keep to one line that scrolls sideways (they are
 * buttons, so the keyboard reaches each one), leaving the height to the conversation.
 */
export const chipRow = style({
  '@media': {
    [mediaQueries.belowTablet]: {
      overflowX: 'auto',
      // Room for the focus ring inside the scrolling line.
      padding: `calc(${vars.size.focusWidth} * 2)`,
      margin: `calc(${vars.size.focusWidth} * -2)`,
    },
  },
});
globalStyle(`${chipRow} > *`, { '@media': { [mediaQueries.belowTablet]: { flexWrap: 'nowrap' } } });
globalStyle(`${chipRow} > * > *`, { '@media': { [mediaQueries.belowTablet]: { flexShrink: 0 } } });

export const composerRow = style({
  display: 'flex',
  alignItems: 'flex-end',
  gap: vars.space.small,
});

export const composerField = style({ flexGrow: 1, minWidth: 0 });

// Send and Stop keep their labels whole on the narrowest phone (320 px): a button lets a long word wrap
// anywhere, so in this row it would otherwise shrink to "Se / nd" before the message field gives way.
globalStyle(`${composerRow} > button`, { flexShrink: 0 });

export const footer = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.small,
  padding: `${vars.space.small} ${vars.space.large}`,
  borderTop: rule,
  backgroundColor: vars.color.surfaceSunken,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xsmall,
  flexShrink: 0,
});

export const footerItem = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
});

/** The not-available and loading states fill the body of the panel. */
export const body = style({
  flexGrow: 1,
  minHeight: 0,
  overflowY: 'auto',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.medium,
  padding: vars.space.xlarge,
});

export const providerList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const provider = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  padding: vars.space.medium,
  border: rule,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surfaceSunken,
});

export const code = style({
  fontFamily: vars.fontFamily.mono,
  fontSize: vars.fontSize.small,
});

/** A document opened from a reference scrolls inside the dialog, capped like the knowledge screen's panel. */
export const documentContent = style({
  maxHeight: vars.size.knowledgeContentMaxHeight,
  overflowY: 'auto',
  padding: vars.space.medium,
  border: rule,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surfaceSunken,
});

/** A tool's result under a reply: a framed card inside the bubble. */
export const toolCard = style({
  marginTop: vars.space.small,
  padding: vars.space.small,
  border: rule,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface,
});

export const toolList = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});
