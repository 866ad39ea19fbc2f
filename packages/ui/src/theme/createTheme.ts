import type { CSSProperties } from 'react';
import { darkTheme, lightTheme, vars } from './theme.css';
import { TONES, darkPalette, lightPalette, type Palette } from './tokens';

// What hosts' bundlers replace and Node defines; declared here so the library needs no Node types.
declare const process: { readonly env: { readonly NODE_ENV?: string } };

/**
 * Whether this is a development build. Bundlers (Vite, Next, webpack) replace `process.env.NODE_ENV` by a literal
 * in the host's build, and Node has `process`; the library build leaves the expression alone for them. Only an
 * unbundled page in a browser has no `process`: it is treated as production (short errors, no dev checks).
 */
export function isDevelopment(): boolean {
  try {
    return process.env.NODE_ENV !== 'production';
  } catch {
    return false;
  }
}

/** Every token of the `vars` contract, each optional: a theme overrides what it changes and keeps the rest. */
export type ThemeOverrides = Overrides<typeof vars>;
type Overrides<T> = { readonly [K in keyof T]?: T[K] extends string ? string : Overrides<T[K]> };

/** The built-in theme a custom one starts from (its values for every token not overridden). */
export type ThemeBase = 'light' | 'dark';

/**
 * A theme made at run time: the base theme's class plus inline values for the overridden variables. Put both on
 * an element (`<div className={theme.className} style={theme.style}>`), or pass the theme to
 * `<SentinelProvider theme={...}>` / `<ThemeProvider theme={...}>`.
 */
export type SentinelTheme = {
  readonly name: string;
  readonly base: ThemeBase;
  readonly className: string;
  readonly style: CSSProperties;
};

export type CreateThemeOptions = { readonly base?: ThemeBase; readonly name?: string };

/** A contrast pair of the palette that fell below its WCAG 2.2 AA minimum. */
export type ContrastProblem = {
  readonly foreground: string;
  readonly background: string;
  readonly ratio: number;
  readonly minimum: number;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `var(--color-page__1x2y)` -> `--color-page__1x2y`. */
const propertyOf = (reference: string): string => reference.replace(/^var\((--[^),]+)\)$/, '$1');

function assignVariables(
  contract: Record<string, unknown>,
  overrides: Record<string, unknown>,
  path: string,
  into: Record<string, string>,
): void {
  for (const [key, value] of Object.entries(overrides)) {
    const token = path ? `${path}.${key}` : key;
    const slot = contract[key];
    if (value === undefined) continue;
    if (typeof slot === 'string') {
      if (typeof value !== 'string' || value.trim() === '')
        throw new Error(`createTheme: ${token} must be a non-empty CSS value, got ${JSON.stringify(value)}.`);
      into[propertyOf(slot)] = value;
    } else if (isRecord(slot)) {
      if (!isRecord(value)) throw new Error(`createTheme: ${token} must be an object of tokens.`);
      assignVariables(slot, value, token, into);
    } else {
      throw new Error(`createTheme: there is no token ${token} in the theme contract.`);
    }
  }
}

/**
 * A theme from overrides of the light (or dark) theme, set as CSS variables inline: it needs no vanilla-extract
 * plugin in the host and no stylesheet beyond `@sentinel/ui/theme.css` (or `styles.css`). Unknown tokens and
 * empty values throw; in development, colour pairs below WCAG AA contrast are reported with console.warn.
 */
export function createTheme(overrides: ThemeOverrides, options: CreateThemeOptions = {}): SentinelTheme {
  const base = options.base ?? 'light';
  if (base !== 'light' && base !== 'dark')
    throw new Error(`createTheme: base must be 'light' or 'dark', got ${JSON.stringify(base)}.`);
  if (!isRecord(overrides)) throw new Error('createTheme: overrides must be an object of tokens.');
  const variables: Record<string, string> = {};
  assignVariables(vars as unknown as Record<string, unknown>, overrides, '', variables);
  const name = options.name ?? `custom-${base}`;
  if (isDevelopment()) {
    const palette = mergePalette(base === 'dark' ? darkPalette : lightPalette, overrides.color);
    for (const problem of contrastProblems(palette))
      console.warn(
        `createTheme(${name}): ${problem.foreground} on ${problem.background} has contrast ` +
          `${problem.ratio.toFixed(2)}:1, below the WCAG AA minimum of ${problem.minimum}:1.`,
      );
  }
  return {
    name,
    base,
    className: base === 'dark' ? darkTheme : lightTheme,
    // React sets custom properties given as style keys; CSSProperties does not list them.
    style: variables as CSSProperties,
  };
}

function mergePalette(palette: Palette, colors: ThemeOverrides['color']): Palette {
  if (!colors) return palette;
  const { tone, ...flat } = colors;
  const tones = { ...palette.tone };
  for (const name of TONES) tones[name] = { ...palette.tone[name], ...tone?.[name] };
  return { ...palette, ...flat, tone: tones } as Palette;
}

/** sRGB channels of #rgb or #rrggbb; other notations (rgb(), names, var()) are not checked. */
function channelsOf(color: string): [number, number, number] | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** WCAG 2.2 contrast ratio of two hex colours, or undefined when either is not a hex colour. */
export function contrastRatio(foreground: string, background: string): number | undefined {
  const a = channelsOf(foreground);
  const b = channelsOf(background);
  if (!a || !b) return undefined;
  const luminance = (rgb: [number, number, number]) => {
    const [r, g, bl] = rgb.map((c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
      number,
      number,
      number,
    ];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The pairs the components draw: text at 4.5:1 (WCAG 1.4.3), focus ring, strong borders and the tones' stripes
 * against the page or a card at 3:1 (WCAG 1.4.11). Pairs with a colour that is not hex are skipped.
 */
export function contrastProblems(palette: Palette): ContrastProblem[] {
  const pairs: [string, string, string, string, number][] = [
    ['color.text', palette.text, 'color.page', palette.page, 4.5],
    ['color.text', palette.text, 'color.surface', palette.surface, 4.5],
    ['color.textMuted', palette.textMuted, 'color.surface', palette.surface, 4.5],
    ['color.link', palette.link, 'color.surface', palette.surface, 4.5],
    ['color.onBrand', palette.onBrand, 'color.brand', palette.brand, 4.5],
    ['color.focus', palette.focus, 'color.page', palette.page, 3],
    ['color.borderStrong', palette.borderStrong, 'color.surface', palette.surface, 3],
    ...TONES.flatMap((tone): [string, string, string, string, number][] => [
      [
        `color.tone.${tone}.foreground`,
        palette.tone[tone].foreground,
        `color.tone.${tone}.background`,
        palette.tone[tone].background,
        4.5,
      ],
      [`color.tone.${tone}.border`, palette.tone[tone].border, 'color.surface', palette.surface, 3],
      [
        `color.tone.${tone}.onSolid`,
        palette.tone[tone].onSolid,
        `color.tone.${tone}.solid`,
        palette.tone[tone].solid,
        4.5,
      ],
    ]),
  ];
  return pairs.flatMap(([foreground, fg, background, bg, minimum]) => {
    const ratio = contrastRatio(fg, bg);
    return ratio !== undefined && ratio < minimum ? [{ foreground, background, ratio, minimum }] : [];
  });
}
