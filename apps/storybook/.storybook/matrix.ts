/**
 * The story test matrix (REQ-screen-matrix): every story at 1280 and 390 px, in light and in dark, on the built
 * Storybook, without rendering any story more than twice.
 *
 * The test-runner makes two passes (scripts/testBuilt.mjs sets STORY_PASS):
 * - `desktop`: each story at 1280 px (or the viewport it fixes itself) in light. Its play runs and axe checks the
 *   end state (addon-a11y, `a11y.test: 'error'`). Then here: axe again in dark, and the light end state compared
 *   with its visual baseline.
 * - `phone`: each story at 390 x 844 in dark, play and axe as above; then here: axe in light, and the light end
 *   state compared with its 390 px baseline.
 * A story that fixes its own theme or viewport (story globals) is checked as it fixes them; the other cell of
 * that axis is then the same picture and is skipped.
 *
 * Visual baselines are stored small (`shoot`: two viewport heights, half resolution, 16 levels a
 * channel; about a sixth of a full-size PNG), enough to see a moved, clipped or recoloured element; a story
 * counts as changed when more than 0.5% of its pixels differ by more than a small tolerance. VISUAL_UPDATE=1 rewrites them (review the diff before
 * committing). A story without a baseline fails, so a new story is looked at before it lands.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright';

export type StoryPass = 'desktop' | 'phone';
export type Theme = 'light' | 'dark';
export type Size = { readonly width: number; readonly height: number };

export const DESKTOP: Size = { width: 1280, height: 800 };
export const PHONE: Size = { width: 390, height: 844 };

/** The pass this run makes (STORY_PASS; `desktop` when unset). */
export function storyPass(env: NodeJS.ProcessEnv = process.env): StoryPass {
  const pass = env.STORY_PASS ?? 'desktop';
  if (pass !== 'desktop' && pass !== 'phone')
    throw new Error(`STORY_PASS must be desktop or phone, not ${pass}`);
  return pass;
}

/** What the pass renders first (the cell the play runs in) and what it checks after. */
export function cellsOf(pass: StoryPass): { base: Theme; other: Theme; size: Size } {
  return pass === 'desktop'
    ? { base: 'light', other: 'dark', size: DESKTOP }
    : { base: 'dark', other: 'light', size: PHONE };
}

type StoryFacts = {
  readonly id: string;
  /** The theme the story fixes in its own globals, if any. */
  readonly ownTheme: Theme | undefined;
  /** Whether the story fixes its own viewport. */
  readonly ownViewport: boolean;
  readonly a11y: { readonly disable?: boolean; readonly test?: string } | undefined;
  /**
   * False for a story whose end state does not survive the phone pass's re-render in light (`parameters:
   * { matrix: { phoneVisual: false } }`, with the reason beside it): its 390 px picture is not compared.
   */
  readonly phoneVisual?: boolean;
};

const MAX_DIFF_RATIO = 0.005;
/** A channel difference below this is anti-aliasing or a colour rounding, not a change. */
const CHANNEL_TOLERANCE = 40;

/**
 * Sets the toolbar's theme and waits until the story has re-rendered with it. Storybook runs the story's
 * `afterEach` again on that render, so addon-a11y checks the new state: its violations are returned, formatted
 * for a failure message (none when the story turns axe off).
 */
export async function setTheme(page: Page, theme: Theme): Promise<string[]> {
  const violations = await page.evaluate(async (wanted) => {
    type Violation = { id: string; impact: string; help: string; nodes: { target: unknown[] }[] };
    type Report = { type: string; result?: { violations?: Violation[] } };
    type Channel = {
      emit: (event: string, data: unknown) => void;
      on: (event: string, fn: (data: { reporters?: Report[] }) => void) => void;
      off: (event: string, fn: (data: { reporters?: Report[] }) => void) => void;
    };
    const channel = (globalThis as unknown as { __STORYBOOK_ADDONS_CHANNEL__: Channel })
      .__STORYBOOK_ADDONS_CHANNEL__;
    const reports = await new Promise<Report[] | undefined>((resolve) => {
      const done = (data: { reporters?: Report[] }) => {
        channel.off('storyFinished', done);
        resolve(data.reporters ?? []);
      };
      channel.on('storyFinished', done);
      setTimeout(() => {
        channel.off('storyFinished', done);
        resolve(undefined);
      }, 10_000);
      channel.emit('updateGlobals', { globals: { theme: wanted } });
    });
    if (!reports) return ['the story did not render again within 10 s of a theme change'];
    const a11y = reports.find((r) => r.type === 'a11y');
    return (a11y?.result?.violations ?? []).map(
      (v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
    );
  }, theme);
  await settle(page);
  return violations;
}

/**
 * Sets the toolbar's theme for the next story to render, without rendering the current one again: before a
 * story (the pass's theme; the preview may still be starting on a page's first story) and after its checks
 * (half the renders of switching back through the channel).
 */
export async function restoreTheme(page: Page, theme: Theme): Promise<void> {
  await page.evaluate(async (wanted) => {
    type Store = { userGlobals: { update: (globals: Record<string, unknown>) => void } };
    const w = globalThis as unknown as { __STORYBOOK_PREVIEW__?: { storyStoreValue?: Store } };
    for (let i = 0; i < 200 && !w.__STORYBOOK_PREVIEW__?.storyStoreValue; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    w.__STORYBOOK_PREVIEW__?.storyStoreValue?.userGlobals.update({ theme: wanted });
  }, theme);
}

/** Two animation frames and a short pause: layout that follows a re-render has happened. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
      }),
  );
  await page.waitForTimeout(80);
}

/**
 * Waits until no scrolling box in the story moves between two looks 100 ms apart (at most 3 s): a log that
 * keeps its newest line in view, or a smooth scroll, has come to rest before the picture.
 */
async function settleScrolling(page: Page): Promise<void> {
  const positions = () =>
    page.evaluate(() => {
      const out: number[] = [];
      for (const el of document.querySelectorAll('body, body *')) {
        if (el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth)
          out.push(el.scrollTop, el.scrollLeft, el.scrollHeight);
      }
      return out.join(',');
    });
  let last = await positions();
  for (let look = 0; look < 30; look += 1) {
    await page.waitForTimeout(100);
    const now = await positions();
    if (now === last) return;
    last = now;
  }
}

/** Stories whose end state is meant to be a spinner: the picture is taken without waiting for it to go. */
const SHOWS_LOADING = /loading|slow|pending|thinking|busy|streaming/i;

/**
 * Waits (at most 4 s) until no spinner (Spinner's `data-loading`) is on the page: a tab or a list still
 * fetching is not the state its baseline should keep. Stories named for a loading state are taken as they are.
 */
async function settleLoading(page: Page, name: string): Promise<void> {
  if (SHOWS_LOADING.test(name)) return;
  await page
    .waitForFunction(() => !document.querySelector('[data-loading]'), undefined, { timeout: 4_000 })
    .catch(() => undefined);
}

/** Pixels (RGBA, 4 bytes each) whose colour differs beyond `tolerance` in any channel. Runs in the page too. */
export function countDiffering(p: ArrayLike<number>, q: ArrayLike<number>, tolerance: number): number {
  let differing = 0;
  for (let i = 0; i < p.length; i += 4) {
    if (
      Math.abs(Number(p[i]) - Number(q[i])) > tolerance ||
      Math.abs(Number(p[i + 1]) - Number(q[i + 1])) > tolerance ||
      Math.abs(Number(p[i + 2]) - Number(q[i + 2])) > tolerance
    ) {
      differing += 1;
    }
  }
  return differing;
}

type Shot = {
  readonly png: string;
  readonly width: number;
  readonly height: number;
  readonly ratio?: number;
};

/**
 * The page as a baseline keeps it, made in the page by Chromium's own image code (the test-runner's sandbox
 * makes pixel loops and PNG coding in Node slow): a full-page screenshot cut at two viewport heights (further
 * down a list only repeats its rows), at half resolution, each channel to 16 levels (far below the comparison's
 * tolerance; it halves the PNG). With a baseline (base64 PNG), also the share of pixels that differ (1 when
 * the sizes differ).
 */
async function shoot(page: Page, baseline: string | undefined): Promise<Shot> {
  await settleScrolling(page);
  const raw = await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' });
  const maxHeight = (page.viewportSize()?.height ?? DESKTOP.height) * 2;
  return page.evaluate(
    async ({ shot, base, maxHeight, tolerance, countSource }) => {
      const bytesOf = (b64: string) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const decode = (b64: string) => createImageBitmap(new Blob([bytesOf(b64)], { type: 'image/png' }));
      const full = await decode(shot);
      const width = Math.max(1, Math.floor(full.width / 2));
      const height = Math.max(1, Math.floor(Math.min(full.height, maxHeight) / 2));
      const canvas = new OffscreenCanvas(width, height);
      const ctx = canvas.getContext('2d', { willReadFrequently: true }) as OffscreenCanvasRenderingContext2D;
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'medium';
      ctx.drawImage(full, 0, 0, width * 2, height * 2, 0, 0, width, height);
      const image = ctx.getImageData(0, 0, width, height);
      const d = image.data;
      for (let i = 0; i < d.length; i += 4) {
        for (let c = 0; c < 3; c += 1) {
          const level = Number(d[i + c]) >> 4;
          d[i + c] = (level << 4) | level;
        }
        d[i + 3] = 255;
      }
      ctx.putImageData(image, 0, 0);
      let ratio: number | undefined;
      if (base) {
        const old = await decode(base);
        if (old.width !== width || old.height !== height) ratio = 1;
        else {
          const other = new OffscreenCanvas(width, height).getContext('2d', {
            willReadFrequently: true,
          }) as OffscreenCanvasRenderingContext2D;
          other.drawImage(old, 0, 0);
          const count = new Function(`return (${countSource})`)() as (
            p: ArrayLike<number>,
            q: ArrayLike<number>,
            t: number,
          ) => number;
          ratio = count(d, other.getImageData(0, 0, width, height).data, tolerance) / (width * height);
        }
      }
      const png = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
      let binary = '';
      for (let i = 0; i < png.length; i += 0x8000)
        binary += String.fromCharCode(...png.subarray(i, i + 0x8000));
      return { png: btoa(binary), width, height, ...(ratio === undefined ? {} : { ratio }) };
    },
    {
      shot: raw.toString('base64'),
      base: baseline,
      maxHeight,
      tolerance: CHANNEL_TOLERANCE,
      countSource: countDiffering.toString(),
    },
  );
}

/**
 * Compares the page with its baseline `<dir>/visual-baselines/<name>.png`; a changing page (data still
 * arriving) gets a few more looks before it counts as changed. Returns a failure message, or undefined.
 */
export async function compareWithBaseline(
  page: Page,
  dir: string,
  name: string,
): Promise<string | undefined> {
  const baselines = join(dir, 'visual-baselines');
  const out = join(dir, '.cache', 'visual');
  const file = join(baselines, `${name}.png`);
  await settleLoading(page, name);
  if (process.env.VISUAL_UPDATE === '1') {
    // A baseline is a page at rest: looks a moment apart until two agree (data may still be arriving).
    let shot = await shoot(page, undefined);
    for (let look = 0; look < 6; look += 1) {
      await page.waitForTimeout(300);
      const next = await shoot(page, shot.png);
      const settled = next.ratio === 0;
      shot = next;
      if (settled) break;
    }
    mkdirSync(baselines, { recursive: true });
    writeFileSync(file, Buffer.from(shot.png, 'base64'));
    return undefined;
  }
  const keep = (shot: Shot) => {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, `${name}.png`), Buffer.from(shot.png, 'base64'));
  };
  if (!existsSync(file)) {
    keep(await shoot(page, undefined));
    return `no visual baseline ${name}.png: look at .cache/visual/${name}.png, then VISUAL_UPDATE=1 to keep it`;
  }
  const baseline = readFileSync(file).toString('base64');
  let shot = await shoot(page, baseline);
  // Up to 3 s more for a page still loading (a spinner under reduced motion does not move, so there is no
  // telling a loading page at rest from a changed one): only a story that differs pays for the wait.
  for (let look = 0; look < 6 && (shot.ratio ?? 1) > MAX_DIFF_RATIO; look += 1) {
    await page.waitForTimeout(500);
    shot = await shoot(page, baseline);
  }
  const ratio = shot.ratio ?? 1;
  if (ratio <= MAX_DIFF_RATIO) return undefined;
  keep(shot);
  return ratio === 1
    ? `visual change in ${name}: its size or most of it changed (now in .cache/visual/${name}.png)`
    : `visual change in ${name}: ${(ratio * 100).toFixed(2)}% of pixels differ (now in .cache/visual/${name}.png)`;
}

/**
 * The checks after a story's play: axe in the pass's other theme, the light end state against its baseline,
 * and the toolbar's theme put back for the next story. Throws with every problem found.
 */
export async function checkCells(page: Page, story: StoryFacts, pass: StoryPass, dir: string): Promise<void> {
  const { base, other } = cellsOf(pass);
  const width = page.viewportSize()?.width ?? DESKTOP.width;
  const problems: string[] = [];
  const skipA11y = story.a11y?.disable === true || story.a11y?.test === 'off';
  const visualName = (theme: Theme) => `${story.id}@${width}-${theme}`;
  try {
    if (story.ownTheme) {
      // The story fixes its theme: one picture, in that theme.
      if (pass === 'desktop' || story.ownViewport) {
        const problem = await compareWithBaseline(page, dir, visualName(story.ownTheme));
        if (problem) problems.push(problem);
      }
      return;
    }
    // The visual baselines are light; the desktop pass starts in light, the phone pass switches to it.
    if (base === 'light') {
      const problem = await compareWithBaseline(page, dir, visualName('light'));
      if (problem) problems.push(problem);
    }
    const violations = await setTheme(page, other);
    if (!skipA11y) for (const v of violations) problems.push(`axe in ${other} at ${width} px: ${v}`);
    if (other === 'light' && !(pass === 'phone' && (story.ownViewport || story.phoneVisual === false))) {
      const problem = await compareWithBaseline(page, dir, visualName('light'));
      if (problem) problems.push(problem);
    }
  } finally {
    if (!story.ownTheme) await restoreTheme(page, base);
  }
  if (problems.length) throw new Error(problems.join('\n'));
}
