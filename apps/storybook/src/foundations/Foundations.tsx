/**
 * Doc blocks of the Foundations pages. Every value shown is read from the tokens of @sentinel/ui at build time
 * (nothing is copied by hand), so the pages cannot drift from the theme: change a token and its page changes.
 */
import { Unstyled } from '@storybook/addon-docs/blocks';
import { useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import {
  Badge,
  Button,
  Heading,
  TONES,
  Text,
  ThemeProvider,
  breakpoints,
  darkPalette,
  fontFamily,
  fontSize,
  lightPalette,
  motion,
  radius,
  reducedMotionQuery,
  size,
  space,
  type Palette,
  type ThemeName,
  type Tone,
} from '@sentinel/ui';
import { NON_TEXT_MINIMUM, TEXT_MINIMUM, contrastResults, formatRatio } from './contrast';

const THEMES: readonly { name: ThemeName; label: string; palette: Palette }[] = [
  { name: 'light', label: 'Light', palette: lightPalette },
  { name: 'dark', label: 'Dark', palette: darkPalette },
];

/**
 * A live sample: the real components in a theme, shielded from the docs page's own typography (which would
 * otherwise restyle their paragraphs and headings, so what is shown and measured would not be what ships).
 */
function Live({ theme, children }: { theme: ThemeName; children: ReactNode }) {
  return (
    <Unstyled>
      <ThemeProvider theme={theme}>{children}</ThemeProvider>
    </Unstyled>
  );
}

const cell: CSSProperties = { padding: '6px 10px', verticalAlign: 'middle', textAlign: 'start' };
const mono: CSSProperties = { fontFamily: fontFamily.mono, fontSize: '0.8125rem' };
const nowrap: CSSProperties = { whiteSpace: 'nowrap' };

/** A plain table for docs pages (the guides use it too): caption, column heads, rows. */
export function Table({
  caption,
  head,
  children,
}: {
  caption: string;
  head: readonly string[];
  children: ReactNode;
}) {
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', margin: '16px 0' }}>
      <caption style={{ textAlign: 'start', fontWeight: 600, padding: '4px 0' }}>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col" style={cell}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A colour chip with its value beside it; the chip is decorative, the value carries the information. */
function Swatch({ colour, page }: { colour: string; page: string }) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <span
        aria-hidden
        style={{
          display: 'inline-block',
          width: 32,
          height: 24,
          borderRadius: 4,
          background: colour,
          boxShadow: `0 0 0 1px ${page}, 0 0 0 2px #64748b`,
        }}
      />
      <code style={mono}>{colour}</code>
    </span>
  );
}

type PaletteKey = Exclude<keyof Palette, 'tone'>;
const PALETTE_KEYS = Object.keys(lightPalette).filter((k): k is PaletteKey => k !== 'tone');
const TONE_PARTS = ['background', 'foreground', 'border', 'solid', 'onSolid'] as const;

/** The light and dark palettes side by side, token by token, then each tone's five colours. */
export function PaletteComparison() {
  return (
    <>
      <Table caption="Base colours, light and dark" head={['Token', 'Light', 'Dark']}>
        {PALETTE_KEYS.map((key) => (
          <tr key={key}>
            <th scope="row" style={cell}>
              <code style={mono}>color.{key}</code>
            </th>
            {THEMES.map(({ name, palette }) => (
              <td key={name} style={cell}>
                <Swatch colour={palette[key]} page={palette.page} />
              </td>
            ))}
          </tr>
        ))}
      </Table>
      <Table caption="Tone colours, light and dark" head={['Token', 'Light', 'Dark']}>
        {TONES.flatMap((tone) =>
          TONE_PARTS.map((part) => (
            <tr key={`${tone}.${part}`}>
              <th scope="row" style={cell}>
                <code style={mono}>
                  color.tone.{tone}.{part}
                </code>
              </th>
              {THEMES.map(({ name, palette }) => (
                <td key={name} style={cell}>
                  <Swatch colour={palette.tone[tone][part]} page={palette.page} />
                </td>
              ))}
            </tr>
          )),
        )}
      </Table>
    </>
  );
}

/** The pair drawn as it appears: text for a text pair, a bordered box for a border or focus ring. */
function PairSample({ kind, fg, bg }: { kind: 'text' | 'non-text'; fg: string; bg: string }) {
  const frame: CSSProperties = {
    display: 'inline-block',
    padding: '4px 10px',
    borderRadius: 4,
    background: bg,
  };
  if (kind === 'text') return <span style={{ ...frame, color: fg, fontWeight: 600 }}>Aa 123</span>;
  return (
    <span aria-hidden style={frame}>
      <span style={{ display: 'block', width: 40, height: 16, border: `2px solid ${fg}`, borderRadius: 3 }} />
    </span>
  );
}

/**
 * Every colour pair the components draw, for one theme, with its WCAG contrast ratio computed from the tokens
 * and whether it meets AA: 4.5:1 for text, 3:1 for borders and the focus ring.
 */
export function ContrastTable({ theme }: { theme: ThemeName }) {
  const { label, palette } = THEMES.find((t) => t.name === theme) ?? THEMES[0]!;
  const results = contrastResults(palette);
  const failing = results.filter((r) => !r.passes).length;
  return (
    <>
      <p>
        <strong>
          {label} theme: {results.length - failing} of {results.length} pairs meet WCAG 2.2 AA
          {failing > 0 ? `; ${failing} below the minimum` : ''}.
        </strong>
      </p>
      <Table
        caption={`Contrast of colour pairs, ${label.toLowerCase()} theme`}
        head={['Foreground on background', 'Used for', 'Sample', 'Ratio', 'Minimum', 'Result']}
      >
        {results.map((r) => (
          <tr key={`${r.foreground}/${r.background}`}>
            <th scope="row" style={cell}>
              <code style={mono}>{r.foreground}</code> on <code style={mono}>{r.background}</code>
            </th>
            <td style={cell}>{r.usage}</td>
            <td style={cell}>
              <PairSample kind={r.kind} fg={r.foregroundValue} bg={r.backgroundValue} />
            </td>
            <td style={{ ...cell, ...mono, ...nowrap }}>{formatRatio(r.ratio)}</td>
            <td style={{ ...cell, ...mono, ...nowrap }}>
              {r.minimum}:1 ({r.kind})
            </td>
            <td style={{ ...cell, ...nowrap, fontWeight: 600 }}>{r.passes ? '✓ Pass' : '✗ Fail'}</td>
          </tr>
        ))}
      </Table>
    </>
  );
}

/** The minimums the contrast tables check, as numbers from the same module. */
export function ContrastMinimums() {
  return (
    <ul>
      <li>
        Text and its background: at least <strong>{TEXT_MINIMUM}:1</strong> (WCAG 1.4.3, any size).
      </li>
      <li>
        Borders of controls, tone stripes and the focus ring against what is around them: at least{' '}
        <strong>{NON_TEXT_MINIMUM}:1</strong> (WCAG 1.4.11).
      </li>
    </ul>
  );
}

/** When to use each tone, and what it must never be used for. */
const TONE_GUIDE: Readonly<Record<Tone, { use: string; avoid: string; example: string }>> = {
  critical: {
    use: 'Something is wrong or dangerous and needs action: errors, failed loads, the emergency banner, refused access, destructive actions (Delete), a suspended account.',
    avoid: 'Emphasis or decoration. If everything is red, the emergency banner stops standing out.',
    example: 'Suspended',
  },
  caution: {
    use: 'Needs attention soon but is not an error: urgent (same-day) triage notices, the demo model badge, pending approvals, restricted records.',
    avoid: 'Errors (use critical) or plain information (use info).',
    example: 'Pending',
  },
  positive: {
    use: 'Done, allowed or healthy: saved, approved, active, completed, the HIPAA badge.',
    avoid: 'Merely neutral states. Only use it where the user should feel reassured.',
    example: 'Active',
  },
  neutral: {
    use: 'A state with no judgement: inactive, cancelled, categories and tags, counts.',
    avoid: 'Anything the user must act on.',
    example: 'Inactive',
  },
  info: {
    use: 'Information and facts: record types, scheduled appointments, informational notes such as "Editing ... is not available yet".',
    avoid: 'Warnings. Info never asks the user to do something.',
    example: 'Scheduled',
  },
  accent: {
    use: 'Identity, not status: the admin role badge (purple, REQ-screen-demo-banner), highlights that carry no meaning of good or bad.',
    avoid: 'Status of any kind; readers would try to decode a meaning.',
    example: 'Admin',
  },
};

/**
 * Each tone with its real Badge in both themes and when to use it. The badge always carries words: colour is
 * never the only signal (REQ-screen-a11y).
 */
export function ToneGuide() {
  return (
    <Table caption="Tones and when to use each" head={['Tone', 'Light', 'Dark', 'Use for', 'Not for']}>
      {TONES.map((tone) => (
        <tr key={tone}>
          <th scope="row" style={cell}>
            <code style={mono}>{tone}</code>
          </th>
          {THEMES.map(({ name }) => (
            <td key={name} style={cell}>
              <Live theme={name}>
                <span style={{ display: 'inline-block', padding: 8 }}>
                  <Badge tone={tone}>{TONE_GUIDE[tone].example}</Badge>
                </span>
              </Live>
            </td>
          ))}
          <td style={cell}>{TONE_GUIDE[tone].use}</td>
          <td style={cell}>{TONE_GUIDE[tone].avoid}</td>
        </tr>
      ))}
    </Table>
  );
}

const ROOT_FONT_PX = 16;
const remToPx = (value: string) =>
  value.endsWith('rem') ? `${Number.parseFloat(value) * ROOT_FONT_PX}px` : value;

/** The font-size tokens, each drawn at its size. */
export function TypeScale() {
  return (
    <Table caption="Font sizes" head={['Token', 'Value', 'Pixels (16 px root)', 'Sample']}>
      {Object.entries(fontSize).map(([name, value]) => (
        <tr key={name}>
          <th scope="row" style={cell}>
            <code style={mono}>fontSize.{name}</code>
          </th>
          <td style={{ ...cell, ...mono }}>{value}</td>
          <td style={{ ...cell, ...mono }}>{remToPx(value)}</td>
          <td style={{ ...cell, fontSize: value, fontFamily: fontFamily.body, lineHeight: 1.3 }}>
            Take one tablet twice daily
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** The rendered font size and weight of an element, read after layout (what the component really draws). */
function Measured({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [measure, setMeasure] = useState('');
  useLayoutEffect(() => {
    const el = ref.current?.querySelector('[data-theme] > *');
    if (!el) return;
    const style = getComputedStyle(el);
    setMeasure(`${style.fontSize}, weight ${style.fontWeight}, line height ${style.lineHeight}`);
  }, []);
  return (
    <>
      <td style={cell}>
        <div ref={ref}>{children}</div>
      </td>
      <td style={{ ...cell, ...mono }}>{measure}</td>
    </>
  );
}

const HEADING_LEVELS = [1, 2, 3, 4] as const;
const TEXT_SIZES = ['large', 'standard', 'small', 'xsmall'] as const;

/** The real Heading and Text components at each level and size, with what the browser computed for them. */
export function TypeInUse() {
  return (
    <Table caption="Headings and text as the components draw them" head={['Component', 'Sample', 'Computed']}>
      {HEADING_LEVELS.map((level) => (
        <tr key={`h${level}`}>
          <th scope="row" style={cell}>
            <code style={mono}>{`<Heading level={${level}}>`}</code>
          </th>
          <Measured>
            <Live theme="light">
              <Heading level={level}>Your prescriptions</Heading>
            </Live>
          </Measured>
        </tr>
      ))}
      {TEXT_SIZES.map((textSize) => (
        <tr key={textSize}>
          <th scope="row" style={cell}>
            <code style={mono}>{`<Text size="${textSize}">`}</code>
          </th>
          <Measured>
            <Live theme="light">
              <Text size={textSize}>Your next appointment is on Nov 2, 2026 at 09:30.</Text>
            </Live>
          </Measured>
        </tr>
      ))}
    </Table>
  );
}

/** The font stacks: the system's own fonts, so nothing is downloaded and each platform reads natively. */
export function FontFamilies() {
  return (
    <Table caption="Font families" head={['Token', 'Stack', 'Sample']}>
      {Object.entries(fontFamily).map(([name, stack]) => (
        <tr key={name}>
          <th scope="row" style={cell}>
            <code style={mono}>fontFamily.{name}</code>
          </th>
          <td style={{ ...cell, ...mono }}>{stack}</td>
          <td style={{ ...cell, fontFamily: stack }}>Metformin 500 mg, 120/80 mmHg</td>
        </tr>
      ))}
    </Table>
  );
}

const bar = (width: string): CSSProperties => ({
  display: 'inline-block',
  width,
  height: 16,
  background: lightPalette.brand,
  verticalAlign: 'middle',
});

/** The spacing scale, each step drawn as a bar of its length. */
export function SpacingScale() {
  return (
    <Table caption="Spacing" head={['Token', 'Value', 'Length']}>
      {Object.entries(space).map(([name, value]) => (
        <tr key={name}>
          <th scope="row" style={cell}>
            <code style={mono}>space.{name}</code>
          </th>
          <td style={{ ...cell, ...mono }}>{value}</td>
          <td style={cell}>
            <span aria-hidden style={bar(value)} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** The corner radii, each on a sample box. */
export function RadiusScale() {
  return (
    <Table caption="Corner radii" head={['Token', 'Value', 'Sample']}>
      {Object.entries(radius).map(([name, value]) => (
        <tr key={name}>
          <th scope="row" style={cell}>
            <code style={mono}>radius.{name}</code>
          </th>
          <td style={{ ...cell, ...mono }}>{value}</td>
          <td style={cell}>
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                width: 64,
                height: 40,
                borderRadius: value,
                border: `2px solid ${lightPalette.borderStrong}`,
                background: lightPalette.surfaceSunken,
              }}
            />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** Named layout sizes (panel heights, icon sizes, the touch target) that styles may use by name only. */
export function SizeTable() {
  return (
    <Table caption="Sizes" head={['Token', 'Value']}>
      {Object.entries(size).map(([name, value]) => (
        <tr key={name}>
          <th scope="row" style={cell}>
            <code style={mono}>size.{name}</code>
          </th>
          <td style={{ ...cell, ...mono }}>{value}</td>
        </tr>
      ))}
    </Table>
  );
}

/** The viewport widths at which layouts change. */
export function BreakpointTable() {
  return (
    <Table caption="Breakpoints" head={['Token', 'From width', 'Layout']}>
      <tr>
        <th scope="row" style={cell}>
          <code style={mono}>(below tablet)</code>
        </th>
        <td style={{ ...cell, ...mono }}>0px</td>
        <td style={cell}>Phone: one column, tab bars become an overflow menu, tables become cards.</td>
      </tr>
      {Object.entries(breakpoints).map(([name, value]) => (
        <tr key={name}>
          <th scope="row" style={cell}>
            <code style={mono}>breakpoints.{name}</code>
          </th>
          <td style={{ ...cell, ...mono }}>{value}px</td>
          <td style={cell}>
            {name === 'tablet' ? 'Tablet: two columns, full tab bars.' : 'Desktop: the full grid.'}
          </td>
        </tr>
      ))}
    </Table>
  );
}

/**
 * The focus ring drawn in each theme from its tokens, with its contrast against the page, and a real Button to
 * try with the Tab key.
 */
export function FocusRing() {
  return (
    <Table caption="Focus ring" head={['Theme', 'Ring', 'Against the page', 'Try it (press Tab)']}>
      {THEMES.map(({ name, label, palette }) => {
        const ring = contrastResults(palette).find(
          (r) => r.foreground === 'color.focus' && r.background === 'color.page',
        );
        return (
          <tr key={name}>
            <th scope="row" style={cell}>
              {label}
            </th>
            <td style={{ ...cell, background: palette.page }}>
              <span
                aria-hidden
                style={{
                  display: 'inline-block',
                  width: 96,
                  height: 32,
                  borderRadius: 8,
                  background: palette.surface,
                  outline: `${size.focusWidth} solid ${palette.focus}`,
                  outlineOffset: size.focusWidth,
                }}
              />
            </td>
            <td style={{ ...cell, ...mono }}>
              {formatRatio(ring?.ratio)} {ring?.passes ? '✓ Pass' : '✗ Fail'}
            </td>
            <td style={cell}>
              <Live theme={name}>
                <span style={{ display: 'inline-block', padding: 12 }}>
                  <Button variant="secondary">Focus me ({label.toLowerCase()})</Button>
                </span>
              </Live>
            </td>
          </tr>
        );
      })}
    </Table>
  );
}

/** The ring's geometry, from the size tokens. */
export function FocusGeometry() {
  return (
    <p>
      Every focusable element inside the theme gets, on keyboard focus (<code>:focus-visible</code>), an
      outline of <code>size.focusWidth</code> = <strong>{size.focusWidth}</strong> in <code>color.focus</code>
      , offset by <strong>{size.focusWidth}</strong> from the element, so it never sits on the element&apos;s
      own border. In Windows high-contrast mode the ring takes the system&apos;s <code>Highlight</code>{' '}
      colour.
    </p>
  );
}

const MOTION_USE: Readonly<Record<keyof typeof motion, string>> = {
  quick: 'Hover and press feedback on buttons and chips (colour and border changes).',
  standard: 'A landing-page feature card lifting on hover.',
  spinnerTurn: 'One turn of the loading spinner.',
  easing: 'The timing curve of every transition.',
};

/** The motion tokens and where each is used, and what reduced motion does. */
export function MotionTable() {
  return (
    <>
      <Table caption="Motion" head={['Token', 'Value', 'Used for']}>
        {Object.entries(motion).map(([name, value]) => (
          <tr key={name}>
            <th scope="row" style={cell}>
              <code style={mono}>motion.{name}</code>
            </th>
            <td style={{ ...cell, ...mono }}>{value}</td>
            <td style={cell}>{MOTION_USE[name as keyof typeof motion]}</td>
          </tr>
        ))}
      </Table>
      <p>
        Under <code>{reducedMotionQuery}</code> every transition and animation lasts one frame: states still
        change (a hovered button still changes colour, a spinner still shows with its label) but nothing
        moves.
      </p>
    </>
  );
}
