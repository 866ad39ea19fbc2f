import { createTheme, createThemeContract } from '@vanilla-extract/css';
import { darkPalette, fontFamily, fontSize, lightPalette, radius, size, space, type Palette } from './tokens';

const toneShape = { background: null, foreground: null, border: null, solid: null, onSolid: null };

/** The theme contract: every component style reads these variables, never a raw value. */
export const vars = createThemeContract({
  color: {
    page: null,
    surface: null,
    surfaceRaised: null,
    surfaceSunken: null,
    text: null,
    textMuted: null,
    border: null,
    borderStrong: null,
    focus: null,
    brand: null,
    onBrand: null,
    brandHover: null,
    link: null,
    overlay: null,
    tone: {
      critical: toneShape,
      caution: toneShape,
      positive: toneShape,
      neutral: toneShape,
      info: toneShape,
      accent: toneShape,
    },
  },
  space: Object.fromEntries(Object.keys(space).map((k) => [k, null])) as Record<keyof typeof space, null>,
  fontSize: Object.fromEntries(Object.keys(fontSize).map((k) => [k, null])) as Record<
    keyof typeof fontSize,
    null
  >,
  radius: Object.fromEntries(Object.keys(radius).map((k) => [k, null])) as Record<keyof typeof radius, null>,
  size: Object.fromEntries(Object.keys(size).map((k) => [k, null])) as Record<keyof typeof size, null>,
  fontFamily: { body: null, mono: null },
  shadow: { raised: null, overlay: null },
});

const themeFrom = (color: Palette, shadow: { raised: string; overlay: string }) => ({
  color,
  space,
  fontSize,
  radius,
  size,
  fontFamily,
  shadow,
});

export const lightTheme = createTheme(
  vars,
  themeFrom(lightPalette, {
    raised: '0 1px 2px rgba(15, 23, 42, 0.08), 0 1px 3px rgba(15, 23, 42, 0.06)',
    overlay: '0 20px 40px rgba(15, 23, 42, 0.25)',
  }),
  'light',
);

export const darkTheme = createTheme(
  vars,
  themeFrom(darkPalette, {
    raised: '0 1px 2px rgba(0, 0, 0, 0.5)',
    overlay: '0 20px 40px rgba(0, 0, 0, 0.6)',
  }),
  'dark',
);
