import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const shell = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });

export const skipLink = style({
  position: 'absolute',
  insetInlineStart: vars.space.small,
  top: vars.space.small,
  padding: `${vars.space.small} ${vars.space.medium}`,
  background: vars.color.brand,
  color: vars.color.onBrand,
  borderRadius: vars.radius.medium,
  transform: 'translateY(-200%)',
  selectors: { '&:focus': { transform: 'none' } },
  '@media': { print: { display: 'none' } },
});

export const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  padding: `${vars.space.medium} ${vars.space.xlarge}`,
  backgroundColor: vars.color.surface,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  color: vars.color.brand,
});

export const main = style({
  width: '100%',
  maxWidth: vars.size.contentMaxWidth,
  margin: '0 auto',
  padding: vars.space.xlarge,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xlarge,
  selectors: { '&:focus': { outline: 'none' } },
});
