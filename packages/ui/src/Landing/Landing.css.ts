import { style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';
import { breakpoints } from '../theme/tokens';

export const page = style({ minHeight: '100vh', display: 'flex', flexDirection: 'column' });

export const topBar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.medium,
  padding: `${vars.space.large} ${vars.space.xlarge}`,
  borderBottom: `${vars.size.borderWidth} solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  color: vars.color.brand,
});

export const hero = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  textAlign: 'center',
  gap: vars.space.large,
  padding: `${vars.space.xxxlarge} ${vars.space.xlarge}`,
});

export const heroHeading = style({
  fontSize: vars.fontSize.hero,
  lineHeight: 1.1,
  fontWeight: 800,
  maxWidth: '22ch',
});

export const section = style({
  width: '100%',
  maxWidth: vars.size.contentMaxWidth,
  margin: '0 auto',
  padding: `${vars.space.xlarge} ${vars.space.xlarge}`,
});

export const grid = style({
  display: 'grid',
  gap: vars.space.large,
  gridTemplateColumns: 'minmax(0, 1fr)',
  '@media': {
    [`screen and (min-width: ${breakpoints.tablet}px)`]: { gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' },
  },
});

export const feature = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  padding: vars.space.xlarge,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surface,
  border: `${vars.size.focusWidth} solid ${vars.color.border}`,
  transition: 'border-color 200ms ease, box-shadow 200ms ease, transform 200ms ease',
});

export const featureState = styleVariants({
  active: {
    borderColor: vars.color.brand,
    boxShadow: vars.shadow.overlay,
    transform: `translateY(calc(-1 * ${vars.space.xxsmall}))`,
  },
  idle: {},
});

export const featureIcon = style({ color: vars.color.brand });

export const stat = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xsmall,
  padding: vars.space.xlarge,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.surfaceSunken,
  textAlign: 'center',
});

export const statValue = style({ fontSize: vars.fontSize.xxlarge, fontWeight: 800, color: vars.color.brand });

export const footer = style({
  marginTop: 'auto',
  padding: vars.space.xlarge,
  borderTop: `${vars.size.borderWidth} solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const loading = style({
  minHeight: '100vh',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
});
