import { afterEach, describe, expect, it, vi } from 'vitest';
import { contrastProblems, contrastRatio, createTheme, type ThemeOverrides } from './createTheme';
import { darkTheme, lightTheme, vars } from './theme.css';
import { darkPalette, lightPalette } from './tokens';

const propertyOf = (reference: string) => reference.replace(/^var\((.*)\)$/, '$1');

afterEach(() => vi.restoreAllMocks());

describe('createTheme', () => {
  it('sets each overridden token as its CSS variable over the light theme', () => {
    const theme = createTheme({
      color: { brand: '#7a1f5c', tone: { critical: { solid: '#9f1239' } } },
      radius: { medium: '2px' },
      fontFamily: { body: 'Inter, sans-serif' },
    });
    expect(theme.className).toBe(lightTheme);
    expect(theme.base).toBe('light');
    expect(theme.style).toEqual({
      [propertyOf(vars.color.brand)]: '#7a1f5c',
      [propertyOf(vars.color.tone.critical.solid)]: '#9f1239',
      [propertyOf(vars.radius.medium)]: '2px',
      [propertyOf(vars.fontFamily.body)]: 'Inter, sans-serif',
    });
  });

  it('starts from the dark theme when asked, and takes the name given', () => {
    const theme = createTheme({}, { base: 'dark', name: 'night' });
    expect(theme).toEqual({ name: 'night', base: 'dark', className: darkTheme, style: {} });
  });

  it('rejects a token the contract does not have, naming it', () => {
    const overrides = { color: { brnad: '#000000' } } as unknown as ThemeOverrides;
    expect(() => createTheme(overrides)).toThrow(
      'createTheme: there is no token color.brnad in the theme contract.',
    );
  });

  it('rejects an empty value and a value where a group of tokens belongs', () => {
    expect(() => createTheme({ color: { text: ' ' } })).toThrow(
      'createTheme: color.text must be a non-empty CSS value',
    );
    const flat = { color: { tone: '#ff0000' } } as unknown as ThemeOverrides;
    expect(() => createTheme(flat)).toThrow('createTheme: color.tone must be an object of tokens.');
  });

  it('warns in development about text that falls below AA contrast on its background', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    createTheme({ color: { textMuted: '#b0b0b0' } }, { name: 'pale' });
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]?.[0]).toMatch(
      /^createTheme\(pale\): color\.textMuted on color\.surface has contrast 2\.\d\d:1, below the WCAG AA minimum of 4\.5:1\.$/,
    );
  });

  it('stays quiet in production, where the check would only cost time', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    createTheme({ color: { textMuted: '#b0b0b0' } });
    expect(warn).not.toHaveBeenCalled();
    vi.unstubAllEnvs();
  });
});

describe('contrast', () => {
  it('measures the WCAG ratio of hex colours, short or long, and skips other notations', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#767676', '#fff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('rgb(0 0 0)', '#fff')).toBeUndefined();
  });

  it('finds no problem in the built-in light and dark palettes', () => {
    expect(contrastProblems(lightPalette)).toEqual([]);
    expect(contrastProblems(darkPalette)).toEqual([]);
  });
});
