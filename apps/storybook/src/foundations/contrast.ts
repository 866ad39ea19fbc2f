import { TONES, contrastRatio, type Palette } from '@sentinel/ui';

/** WCAG 2.2 AA minimums: 4.5:1 for text (1.4.3), 3:1 for the parts of a control and focus rings (1.4.11). */
export const TEXT_MINIMUM = 4.5;
export const NON_TEXT_MINIMUM = 3;

/** A foreground colour the components draw on a background colour, with the minimum that applies to it. */
export type ContrastPair = {
  /** Token names, as the theme contract spells them (`color.text`, `color.tone.info.foreground`). */
  readonly foreground: string;
  readonly background: string;
  readonly foregroundValue: string;
  readonly backgroundValue: string;
  /** Text (4.5:1) or a non-text part such as a border or the focus ring (3:1). */
  readonly kind: 'text' | 'non-text';
  /** What the pair is drawn as, in a designer's words. */
  readonly usage: string;
};

export type ContrastResult = ContrastPair & {
  /** Undefined when a colour is not a plain hex value (the overlay's rgba), so no ratio can be given. */
  readonly ratio: number | undefined;
  readonly minimum: number;
  readonly passes: boolean;
};

const pair = (
  palette: Palette,
  foreground: keyof Palette,
  background: keyof Palette,
  kind: ContrastPair['kind'],
  usage: string,
): ContrastPair => ({
  foreground: `color.${foreground}`,
  background: `color.${background}`,
  foregroundValue: String(palette[foreground]),
  backgroundValue: String(palette[background]),
  kind,
  usage,
});

/**
 * Every pair of colours the components put on top of each other, read from the palette (no value is copied
 * here, so a changed token changes the table).
 */
export function contrastPairs(palette: Palette): ContrastPair[] {
  return [
    pair(palette, 'text', 'page', 'text', 'Body text on the page'),
    pair(palette, 'text', 'surface', 'text', 'Body text on a card'),
    pair(palette, 'text', 'surfaceRaised', 'text', 'Text in a dialog or menu'),
    pair(palette, 'text', 'surfaceSunken', 'text', 'Text in a table header or well'),
    pair(palette, 'textMuted', 'page', 'text', 'Secondary text on the page'),
    pair(palette, 'textMuted', 'surface', 'text', 'Secondary text on a card'),
    pair(palette, 'textMuted', 'surfaceSunken', 'text', 'Secondary text in a well'),
    pair(palette, 'link', 'surface', 'text', 'A link on a card'),
    pair(palette, 'link', 'page', 'text', 'A link on the page'),
    pair(palette, 'onBrand', 'brand', 'text', 'Primary button label'),
    pair(palette, 'onBrand', 'brandHover', 'text', 'Primary button label, hovered'),
    pair(palette, 'focus', 'page', 'non-text', 'Focus ring on the page'),
    pair(palette, 'focus', 'surface', 'non-text', 'Focus ring on a card'),
    pair(palette, 'borderStrong', 'surface', 'non-text', 'Input and control borders'),
    pair(palette, 'brand', 'surface', 'non-text', 'Primary button against a card'),
    ...TONES.flatMap((tone): ContrastPair[] => {
      const colours = palette.tone[tone];
      const name = `color.tone.${tone}`;
      return [
        {
          foreground: `${name}.foreground`,
          background: `${name}.background`,
          foregroundValue: colours.foreground,
          backgroundValue: colours.background,
          kind: 'text',
          usage: `${tone} badge, banner or alert text`,
        },
        {
          foreground: `${name}.onSolid`,
          background: `${name}.solid`,
          foregroundValue: colours.onSolid,
          backgroundValue: colours.solid,
          kind: 'text',
          usage: `Text on a solid ${tone} fill`,
        },
        {
          foreground: `${name}.border`,
          background: 'color.surface',
          foregroundValue: colours.border,
          backgroundValue: palette.surface,
          kind: 'non-text',
          usage: `${tone} stripe or border on a card`,
        },
      ];
    }),
  ];
}

/** The pairs with their computed ratios and whether each meets its WCAG AA minimum. */
export function contrastResults(palette: Palette): ContrastResult[] {
  return contrastPairs(palette).map((p) => {
    const ratio = contrastRatio(p.foregroundValue, p.backgroundValue);
    const minimum = p.kind === 'text' ? TEXT_MINIMUM : NON_TEXT_MINIMUM;
    return { ...p, ratio, minimum, passes: ratio !== undefined && ratio >= minimum };
  });
}

/** A ratio as designers write it: two decimals, rounded down so 4.499 never reads as 4.50. */
export const formatRatio = (ratio: number | undefined): string =>
  ratio === undefined ? 'n/a' : `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
