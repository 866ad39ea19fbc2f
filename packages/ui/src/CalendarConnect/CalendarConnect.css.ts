import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** The consent's scopes: a fieldset without the browser's frame, its legend styled like a field label. */
export const scopes = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  border: 'none',
  minWidth: 0,
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xsmall,
  fontSize: vars.fontSize.small,
  fontWeight: 600,
  color: vars.color.text,
});

/** One scope: the checkbox, then its name, technical name and whether it is required. */
export const scope = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  minHeight: vars.size.touchTarget,
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface,
  cursor: 'pointer',
  selectors: { '&:has(input:disabled)': { cursor: 'default', backgroundColor: vars.color.surfaceSunken } },
});

export const checkbox = style({
  flexShrink: 0,
  width: vars.size.iconStandard,
  height: vars.size.iconStandard,
  margin: 0,
  marginTop: vars.space.xxsmall,
  accentColor: vars.color.brand,
  cursor: 'inherit',
});

export const scopeText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  minWidth: 0,
});

/** A scope's technical name ('calendar:read'), as the identity provider and the audit trail name it. */
export const code = style({
  fontFamily: vars.fontFamily.mono,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const list = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** One upcoming event: a date stripe on the leading edge, then title, time and place. */
export const event = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  paddingBlock: vars.space.small,
  paddingInline: vars.space.medium,
  borderInlineStart: `${vars.size.focusWidth} solid ${vars.color.tone.info.border}`,
  backgroundColor: vars.color.surfaceSunken,
  borderRadius: vars.radius.small,
});

export const granted = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.small,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** One granted scope: a tick, then its name and technical name. */
export const grantedScope = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.small,
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.medium,
  border: `${vars.size.borderWidth} solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surfaceSunken,
});
