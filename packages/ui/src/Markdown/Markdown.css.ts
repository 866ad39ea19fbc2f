import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** Typography for rendered markdown; every rule is scoped to this root so nothing leaks into the page. */
export const root = style({
  color: vars.color.text,
  fontSize: vars.fontSize.standard,
  lineHeight: 1.6,
  overflowWrap: 'anywhere',
});

globalStyle(`${root} > * + *`, { marginTop: vars.space.medium });
globalStyle(`${root} :where(h1, h2, h3, h4, h5, h6)`, {
  marginTop: vars.space.xlarge,
  marginBottom: 0,
  lineHeight: 1.3,
  fontWeight: 700,
});
globalStyle(`${root} > :where(h1, h2, h3, h4, h5, h6):first-child`, { marginTop: 0 });
globalStyle(`${root} :where(h1, h2)`, { fontSize: vars.fontSize.xlarge });
globalStyle(`${root} h3`, { fontSize: vars.fontSize.large });
globalStyle(`${root} :where(h4, h5, h6)`, { fontSize: vars.fontSize.standard });
globalStyle(`${root} :where(p, ul, ol, blockquote, pre)`, { marginBottom: 0 });
globalStyle(`${root} ul`, { paddingInlineStart: vars.space.xlarge, listStyle: 'disc' });
globalStyle(`${root} ol`, { paddingInlineStart: vars.space.xlarge, listStyle: 'decimal' });
globalStyle(`${root} li + li`, { marginTop: vars.space.xsmall });
globalStyle(`${root} a`, {
  color: vars.color.link,
  textDecoration: 'underline',
  textUnderlineOffset: '0.15em',
});
globalStyle(`${root} strong`, { fontWeight: 700 });
globalStyle(`${root} code`, {
  fontFamily: vars.fontFamily.mono,
  fontSize: '0.9em',
  backgroundColor: vars.color.surfaceSunken,
  borderRadius: vars.radius.small,
  paddingInline: vars.space.xxsmall,
});
globalStyle(`${root} pre`, {
  overflowX: 'auto',
  padding: vars.space.medium,
  backgroundColor: vars.color.surfaceSunken,
  borderRadius: vars.radius.medium,
});
globalStyle(`${root} pre code`, { padding: 0, backgroundColor: 'transparent' });
globalStyle(`${root} blockquote`, {
  marginInline: 0,
  paddingInlineStart: vars.space.medium,
  borderInlineStart: `calc(${vars.size.borderWidth} * 3) solid ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
});
globalStyle(`${root} hr`, {
  border: 0,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
});
globalStyle(`${root} img`, { maxWidth: '100%', height: 'auto' });

export const externalIcon = style({
  display: 'inline-flex',
  marginInlineStart: vars.space.xxsmall,
  verticalAlign: 'middle',
});

/** A blocked image's alt text, set apart so the reader sees something was left out. */
export const blockedImage = style({ color: vars.color.textMuted, fontStyle: 'italic' });

/** The source as typed while the parser downloads: its line breaks kept, so the text reads as written. */
export const pending = style({ whiteSpace: 'pre-wrap' });
