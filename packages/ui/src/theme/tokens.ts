/**
 * Design tokens: the one place raw colours and sizes live (REQ-screen-a11y). Colours are chosen
 * for WCAG 2.2 AA contrast: text on its background >= 4.5:1, tone text on tone background >= 4.5:1, borders
 * and focus rings against the page >= 3:1. `contrastProblems` (createTheme.ts, tested for both palettes) checks every
 * pair.
 */

/** Semantic tones (Braid's names). `accent` is the admin role badge's purple (REQ-screen-demo-banner). */
export const TONES = ['critical', 'caution', 'positive', 'neutral', 'info', 'accent'] as const;
export type Tone = (typeof TONES)[number];

type ToneColours = { background: string; foreground: string; border: string; solid: string; onSolid: string };

export type Palette = {
  page: string;
  surface: string;
  surfaceRaised: string;
  surfaceSunken: string;
  text: string;
  textMuted: string;
  border: string;
  borderStrong: string;
  focus: string;
  brand: string;
  onBrand: string;
  brandHover: string;
  link: string;
  overlay: string;
  tone: Record<Tone, ToneColours>;
};

export const lightPalette: Palette = {
  page: '#f4f6fa',
  surface: '#ffffff',
  surfaceRaised: '#ffffff',
  surfaceSunken: '#eef2f7',
  text: '#0f172a',
  textMuted: '#475569',
  border: '#d5dde8',
  borderStrong: '#64748b',
  focus: '#1d4ed8',
  brand: '#1d4ed8',
  onBrand: '#ffffff',
  brandHover: '#1e3a8a',
  link: '#1d4ed8',
  overlay: 'rgba(15, 23, 42, 0.55)',
  tone: {
    critical: {
      background: '#fee2e2',
      foreground: '#991b1b',
      border: '#dc2626',
      solid: '#b91c1c',
      onSolid: '#ffffff',
    },
    caution: {
      background: '#fef3c7',
      foreground: '#854d0e',
      border: '#a16207',
      solid: '#a16207',
      onSolid: '#ffffff',
    },
    positive: {
      background: '#dcfce7',
      foreground: '#166534',
      border: '#16a34a',
      solid: '#15803d',
      onSolid: '#ffffff',
    },
    neutral: {
      background: '#e2e8f0',
      foreground: '#334155',
      border: '#64748b',
      solid: '#475569',
      onSolid: '#ffffff',
    },
    info: {
      background: '#dbeafe',
      foreground: '#1e40af',
      border: '#2563eb',
      solid: '#1d4ed8',
      onSolid: '#ffffff',
    },
    accent: {
      background: '#ede9fe',
      foreground: '#5b21b6',
      border: '#7c3aed',
      solid: '#6d28d9',
      onSolid: '#ffffff',
    },
  },
};

export const darkPalette: Palette = {
  page: '#0b1120',
  surface: '#111827',
  surfaceRaised: '#1f2937',
  surfaceSunken: '#0f172a',
  text: '#f1f5f9',
  textMuted: '#cbd5e1',
  border: '#334155',
  borderStrong: '#94a3b8',
  focus: '#93c5fd',
  brand: '#60a5fa',
  onBrand: '#0b1120',
  brandHover: '#93c5fd',
  link: '#93c5fd',
  overlay: 'rgba(0, 0, 0, 0.7)',
  tone: {
    critical: {
      background: '#450a0a',
      foreground: '#fecaca',
      border: '#f87171',
      solid: '#f87171',
      onSolid: '#0b1120',
    },
    caution: {
      background: '#422006',
      foreground: '#fde68a',
      border: '#facc15',
      solid: '#facc15',
      onSolid: '#0b1120',
    },
    positive: {
      background: '#052e16',
      foreground: '#bbf7d0',
      border: '#4ade80',
      solid: '#4ade80',
      onSolid: '#0b1120',
    },
    neutral: {
      background: '#1e293b',
      foreground: '#e2e8f0',
      border: '#94a3b8',
      solid: '#cbd5e1',
      onSolid: '#0b1120',
    },
    info: {
      background: '#172554',
      foreground: '#bfdbfe',
      border: '#60a5fa',
      solid: '#60a5fa',
      onSolid: '#0b1120',
    },
    accent: {
      background: '#2e1065',
      foreground: '#ddd6fe',
      border: '#a78bfa',
      solid: '#a78bfa',
      onSolid: '#0b1120',
    },
  },
};

export const space = {
  none: '0',
  xxsmall: '2px',
  xsmall: '4px',
  small: '8px',
  medium: '12px',
  large: '16px',
  xlarge: '24px',
  xxlarge: '32px',
  xxxlarge: '48px',
} as const;
export type Space = keyof typeof space;

export const fontSize = {
  xsmall: '0.75rem',
  small: '0.875rem',
  standard: '1rem',
  large: '1.125rem',
  xlarge: '1.375rem',
  xxlarge: '1.75rem',
  hero: '2.5rem',
} as const;

export const radius = { none: '0', small: '4px', medium: '8px', large: '12px', full: '9999px' } as const;

/**
 * Table geometry as numbers, for the row virtualiser (it measures in pixels). `size.tableRowHeight` and
 * `size.tableMaxHeight` are derived from these so CSS and the virtualiser cannot disagree.
 */
export const TABLE_ROW_HEIGHT_PX = 56;
export const TABLE_MAX_HEIGHT_PX = 560;

/** Layout sizes (panel heights, widths) that components may use by name only. */
export const size = {
  chatPanelHeight: '600px',
  contentMaxWidth: '1200px',
  dialogWidth: '560px',
  iconSmall: '16px',
  iconStandard: '20px',
  iconLarge: '32px',
  avatar: '40px',
  avatarLarge: '64px',
  touchTarget: '44px',
  borderWidth: '1px',
  focusWidth: '2px',
  knowledgeContentMaxHeight: '420px',
  tableRowHeight: `${TABLE_ROW_HEIGHT_PX}px`,
  tableMaxHeight: `${TABLE_MAX_HEIGHT_PX}px`,
} as const;

export const fontFamily = {
  body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

/** Viewport widths for responsive conditions. */
export const breakpoints = { tablet: 768, desktop: 1024 } as const;

/** Media conditions from the breakpoints: `belowTablet` is a phone (the sprinkles `mobile` condition). */
export const mediaQueries = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  belowTablet: `not screen and (min-width: ${breakpoints.tablet}px)`,
} as const;

/**
 * Widths of a component's own box (CSS container queries) below which it changes layout: a stat tile narrower
 * than this puts its icon above the figure (two tiles side by side on a phone), so a row of tiles looks alike.
 */
export const containerBreakpoints = { statTileStacked: 200 } as const;

/**
 * The full height of the screen: the dynamic viewport unit, which follows a phone's browser bars as they show
 * and hide, after the static unit for browsers without it (a later declaration the browser does not know is
 * dropped, so the earlier one stays).
 */
export const fullViewportHeight = ['100vh', '100dvh'];

/**
 * Motion: the few transitions the components use are short colour and border changes that confirm a hover or a
 * press; nothing slides or bounces. Under `prefers-reduced-motion: reduce` the global stylesheet cuts every
 * transition and animation to one frame (the spinner stops after one short turn beside its label), so a state
 * change is still shown, only without movement.
 */
export const motion = {
  /** Hover and press feedback on buttons and chips. */
  quick: '120ms',
  /** A card lifting on hover (the landing page's feature cards). */
  standard: '200ms',
  /** One turn of the loading spinner. */
  spinnerTurn: '800ms',
  easing: 'ease',
} as const;

/** The media query under which motion is cut to one frame (global stylesheet). */
export const reducedMotionQuery = '(prefers-reduced-motion: reduce)';
