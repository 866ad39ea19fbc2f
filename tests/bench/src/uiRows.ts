/// <reference lib="dom" />
/**
 * UI with 10,000 items (REQ-perf): user management and medical records, measured in headless Debian Chromium
 * against the Storybook stories that hold 10,000 users and 10,000 records (the same build designers open, data
 * through the MSW handlers of packages/mocks, generated from the fixtures with a fixed seed).
 *
 * - Rows in the DOM: the data rows of the user table and the record cards, counted at every measured paint,
 *   after the list settles, and after scrolling to the middle and to the end. Budget: at most 60.
 * - Filter keystroke to paint: typing in the search box, one key at a time. The start is the keydown event's
 *   own time stamp (so any wait before the page handles it counts); the end is the first task after the next
 *   animation frame once the screen's DOM has changed for that key, i.e. after the browser has painted the
 *   filtered list (recorded with performance.measure). Keys whose result did not change the DOM end at the first
 *   frame after the key. Each key sequence is typed ROUNDS times and each key counts with its median; budget:
 *   p95 of the keys that changed the list under 50 ms. The slowest single sample is reported beside it.
 *
 * Builds the static Storybook into .cache/ (or reuses it with --no-build), serves it on loopback, and writes the
 * figures to stdout and results/ui-rows.json. Run by `npm run bench` (registry.ts), or alone from tests/bench:
 * `node --import tsx src/uiRows.ts [--no-build]`. UI_ROWS_ROUNDS sets the rounds (3), UI_ROWS_VERBOSE=1 prints
 * every sample.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright';
import { CHROMIUM } from '../../../apps/storybook/scripts/chromium.cjs';
import { budget, loadNow, machineNote, writeResult, type Budget } from './result';

const BENCH_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(BENCH_ROOT, '../..');
const STORYBOOK_DIR = path.join(REPO_ROOT, 'apps/storybook');
const STATIC_DIR = path.join(BENCH_ROOT, '.cache/storybook-ui-rows');

const ITEMS = 10_000;
const MAX_ROWS = 60;
const KEY_TO_PAINT_LIMIT_MS = 50;
/** A key whose result leaves the DOM as it was is measured to the first frame after it, after this wait. */
const UNCHANGED_AFTER_MS = 1_000;
const VIEWPORT = { width: 1280, height: 900 };
/** Each screen's key sequence is typed this many times; each key's figure is its median over the rounds. */
const ROUNDS = Number(process.env.UI_ROWS_ROUNDS ?? 3);

type Screen = {
  readonly label: string;
  readonly storyId: string;
  readonly searchLabel: string;
  /** The items counted against the budget: data rows, or record cards. */
  readonly itemSelector: string;
  /** The element that scrolls the list (null: the page itself). */
  readonly scrollerSelector: string;
  /** True once the screen shows all 10,000 items. */
  readonly loaded: string;
  /** Typed one key at a time, then erased one key at a time. */
  readonly queries: readonly string[];
};

const SCREENS: readonly Screen[] = [
  {
    label: 'User management',
    storyId: 'screens-usermanagement--ten-thousand-users',
    searchLabel: 'Search users',
    itemSelector: 'tbody tr:not([aria-hidden="true"])',
    scrollerSelector: '[role="region"]:has(> table)',
    loaded: `document.querySelector('table[aria-rowcount="${ITEMS + 1}"]') !== null`,
    queries: ['okafor', 'dr. k', 'garcia', 'cardio'],
  },
  {
    label: 'Medical records',
    storyId: 'screens-medicalrecords--ten-thousand-records',
    searchLabel: 'Search records',
    itemSelector: 'ul[aria-label="Medical records"] > li',
    scrollerSelector: '[role="region"]:has(> ul[aria-label="Medical records"])',
    loaded: `[...document.querySelectorAll('[role="group"]')].some((g) => g.textContent?.includes('Total Records') && g.textContent.includes('${ITEMS}'))`,
    queries: ['okafor', 'lisinopril', 'garcia', 'retinal'],
  },
];

function buildStorybook() {
  if (process.argv.includes('--no-build') && existsSync(path.join(STATIC_DIR, 'index.json'))) return;
  mkdirSync(STATIC_DIR, { recursive: true });
  const built = spawnSync('npx', ['storybook', 'build', '-o', STATIC_DIR, '--quiet'], {
    cwd: STORYBOOK_DIR,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error(`storybook build failed (${built.status})`);
}

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

/** A static file server on loopback, on a port the system picks (the stack's ports stay free). */
async function serve(root: string): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(root, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/**
 * Page-side instrument: `__uiRows.arm()` before a key, then `await __uiRows.settled` gives that key's
 * keystroke-to-paint time and how many items were in the DOM at that paint.
 */
function instrument({ itemSelector, waitMs }: { itemSelector: string; waitMs: number }) {
  type Sample = { ms: number; items: number; changed: boolean };
  const input = document.activeElement;
  const root = document.querySelector('#storybook-root') ?? document.body;
  let start: number | undefined;
  let armed = false;
  let finish: ((sample: Sample) => void) | undefined;
  let fallback: ReturnType<typeof setTimeout> | undefined;
  let framed: number | undefined;

  const afterPaint = (then: (end: number) => void) =>
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => then(performance.now());
      channel.port2.postMessage(undefined);
    });

  const done = (end: number, changed: boolean) => {
    if (!armed || start === undefined) return;
    armed = false;
    clearTimeout(fallback);
    const measure = performance.measure('filter-keystroke-to-paint', { start, end });
    finish?.({
      ms: measure.duration,
      items: document.querySelectorAll(itemSelector).length,
      changed,
    });
  };

  new MutationObserver((mutations) => {
    if (!armed || start === undefined) return;
    if (mutations.every((m) => m.target === input)) return;
    afterPaint((end) => done(end, true));
  }).observe(root, { subtree: true, childList: true, characterData: true, attributes: true });

  document.addEventListener(
    'keydown',
    (event) => {
      if (!armed) return;
      start = event.timeStamp > 0 ? event.timeStamp : performance.now();
      framed = undefined;
      afterPaint((end) => {
        framed = end;
      });
      fallback = setTimeout(() => done(framed ?? performance.now(), false), waitMs);
    },
    { capture: true },
  );

  const api = {
    settled: Promise.resolve<Sample | undefined>(undefined),
    arm() {
      armed = true;
      start = undefined;
      api.settled = new Promise<Sample>((resolve) => {
        finish = resolve;
      });
    },
  };
  (window as unknown as { __uiRows: typeof api }).__uiRows = api;
}

type KeySample = { key: string; ms: number; items: number; changed: boolean };

/** One key of the sequence over every round: the median time, and whether any round changed the list. */
type KeyFigure = { key: string; medianMs: number; changed: boolean };

async function measureScreen(page: Page, baseUrl: string, screen: Screen) {
  // tsx compiles with esbuild's keepNames, which wraps named functions in a `__name` helper that the functions
  // sent to the page do not carry with them.
  await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
  // Storybook's element-highlight feature (not part of the product) watches every DOM change of the story and
  // reads the computed style of every element on the page after each one; it is switched off here, so the
  // figures are the screen's own. Its flag is the one Storybook sets once it has set the feature up.
  await page.addInitScript({ content: 'globalThis.__STORYBOOK_HIGHLIGHT_INITIALIZED = true;' });
  await page.goto(`${baseUrl}/iframe.html?id=${screen.storyId}&viewMode=story&globals=a11y.manual:!true`, {
    waitUntil: 'load',
  });
  const loadStarted = Date.now();
  await page.waitForFunction(screen.loaded, undefined, { timeout: 120_000, polling: 100 });
  const loadMs = Date.now() - loadStarted;
  // The story's play function (read-only assertions) finishes before the keys start.
  await page.waitForFunction(
    () => {
      type Preview = { currentRender?: { phase?: string } };
      const phase = (window as unknown as { __STORYBOOK_PREVIEW__?: Preview }).__STORYBOOK_PREVIEW__
        ?.currentRender?.phase;
      return phase === 'finished' || phase === 'errored' || phase === 'aborted' ? phase : false;
    },
    undefined,
    { timeout: 300_000, polling: 250 },
  );
  const phase = await page.evaluate(
    () =>
      (window as unknown as { __STORYBOOK_PREVIEW__?: { currentRender?: { phase?: string } } })
        .__STORYBOOK_PREVIEW__?.currentRender?.phase,
  );
  if (phase !== 'finished') throw new Error(`${screen.label}: the story ended ${phase}`);
  // A plain CSS query: role and label queries over a page of 10,000 rendered cards take minutes.
  const box = page.locator('input[type="search"]');
  await box.focus();
  const label = await box.evaluate((input) => (input as HTMLInputElement).labels?.[0]?.textContent?.trim());
  if (label !== screen.searchLabel) throw new Error(`${screen.label}: the search box is labelled '${label}'`);
  await page.evaluate(instrument, { itemSelector: screen.itemSelector, waitMs: UNCHANGED_AFTER_MS });

  const count = () => page.locator(screen.itemSelector).count();
  const itemCounts: number[] = [await count()];
  const samples: KeySample[] = [];
  const press = async (key: string) => {
    await page.evaluate(() => (window as unknown as { __uiRows: { arm(): void } }).__uiRows.arm());
    await page.keyboard.press(key);
    const sample = await page.evaluate(
      () =>
        (
          window as unknown as {
            __uiRows: { settled: Promise<{ ms: number; items: number; changed: boolean }> };
          }
        ).__uiRows.settled,
    );
    samples.push({ key, ...sample });
    itemCounts.push(sample.items);
    // Let the list settle (late measurements, deferred renders) before the next key, as a person types.
    await page.waitForTimeout(120);
    itemCounts.push(await count());
  };
  const rounds: KeySample[][] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    samples.length = 0;
    for (const query of screen.queries) {
      for (const key of query) await press(key === ' ' ? 'Space' : key);
      const narrowed = await page.locator(screen.itemSelector).allTextContents();
      const hit = query.toLowerCase();
      if (narrowed.length > 0 && !narrowed.some((text) => text.toLowerCase().includes(hit.trim())))
        throw new Error(`${screen.label}: '${query}' did not narrow the list`);
      for (let i = 0; i < query.length; i += 1) await press('Backspace');
    }
    rounds.push([...samples]);
  }
  const keys: KeyFigure[] = (rounds[0] ?? []).map((first, i) => {
    const times = rounds.map((r) => r[i]?.ms ?? Number.NaN).sort((a, b) => a - b);
    return {
      key: first.key,
      medianMs: times[Math.floor(times.length / 2)] ?? Number.NaN,
      changed: rounds.some((r) => r[i]?.changed),
    };
  });

  // Scrolling: the middle and the end of the whole list.
  for (const at of [0.5, 1]) {
    await page.evaluate(
      ({ selector, at: share }) => {
        const scroller = document.querySelector(selector) ?? document.scrollingElement;
        if (scroller) scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) * share;
      },
      { selector: screen.scrollerSelector, at },
    );
    await page.waitForTimeout(400);
    itemCounts.push(await count());
  }
  return { loadMs, keys, raw: rounds.flat(), maxItems: Math.max(...itemCounts) };
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
const round = (n: number) => Math.round(n * 10) / 10;

async function main() {
  buildStorybook();
  const { server, url } = await serve(STATIC_DIR);
  const browser = await chromium.launch({ headless: true, ...CHROMIUM });
  const loads: string[] = [];
  const rows: (string | number)[][] = [];
  const budgets: Budget[] = [];
  try {
    for (const screen of SCREENS) {
      const page = await browser.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
      const loadBefore = loadNow();
      const { loadMs, keys, raw, maxItems } = await measureScreen(page, url, screen);
      await page.close();
      const all = keys.map((k) => k.medianMs).sort((x, y) => x - y);
      const changed = keys
        .filter((k) => k.changed)
        .map((k) => k.medianMs)
        .sort((x, y) => x - y);
      const p50 = round(percentile(all, 0.5));
      const p95 = round(percentile(all, 0.95));
      const p95Changed = round(percentile(changed, 0.95));
      const samples = raw.map((s) => s.ms).sort((x, y) => x - y);
      const p95Samples = round(percentile(samples, 0.95));
      const max = round(samples[samples.length - 1] ?? Number.NaN);
      rows.push([
        screen.label,
        ITEMS,
        maxItems,
        `${keys.length} (${changed.length})`,
        p50,
        p95,
        p95Changed,
        p95Samples,
        max,
        loadMs,
      ]);
      budgets.push(
        budget(`${screen.label}: items in the DOM at 10k`, maxItems, '<=', MAX_ROWS, 'items'),
        budget(
          `${screen.label}: filter keystroke to paint at 10k, p95 of the keys that changed the list`,
          p95Changed,
          '<',
          KEY_TO_PAINT_LIMIT_MS,
          'ms',
        ),
      );
      loads.push(`${screen.label} ${loadBefore}`);
      if (process.env.UI_ROWS_VERBOSE) {
        const perKey = keys.map((k, i) => {
          const times = raw.filter((_, j) => j % keys.length === i).map((r) => round(r.ms));
          return `${k.key}${k.changed ? '' : '='}:${times.join('/')}`;
        });
        console.log(perKey.join(' '));
      }
      console.log(
        `${screen.label}: ${keys.length} keys x ${ROUNDS} rounds (${changed.length} changed the list); median per key: p50 ${p50} ms, p95 ${p95} ms, p95 of changing keys ${p95Changed} ms; slowest single key ${max} ms; at most ${maxItems} items in the DOM; loaded in ${loadMs} ms`,
      );
    }
  } finally {
    await browser.close();
    server.close();
  }

  const result = {
    name: 'ui-rows',
    title: 'UI with 10,000 items: rows in the DOM and filter keystroke to paint',
    measuredAt: new Date().toISOString(),
    columns: [
      'screen',
      'items',
      'most items in the DOM',
      'keys (changing the list)',
      'key to paint p50 ms',
      'key to paint p95 ms',
      'p95 of changing keys ms',
      'p95 of all single samples ms',
      'slowest single key ms',
      'load to 10k shown ms',
    ],
    rows,
    budgets,
    notes: [
      `Headless Debian Chromium (${CHROMIUM.executablePath}), viewport ${VIEWPORT.width}x${VIEWPORT.height}, no CPU throttling, against the static Storybook build (stories TenThousandUsers and TenThousandRecords; data through the MSW handlers, generated from the mocks' fixtures with a fixed seed).`,
      `Keystroke to paint: from the keydown event's time stamp to the first task after the next animation frame once the DOM changed for that key (performance.measure 'filter-keystroke-to-paint'); keys typed one at a time with a 120 ms pause, queries (${SCREENS.map((sc) => sc.queries.join(', ')).join('; ')}) typed then erased to the empty search, which shows all 10,000 again. A key that left the DOM unchanged is measured to the first frame after it (at most ${UNCHANGED_AFTER_MS} ms wait).`,
      `Each key sequence is typed ${ROUNDS} times; a key's figure is its median over the rounds (other work on the machine lands on single samples), the percentiles are over the keys; the slowest single sample is reported beside them. The budget is on the keys that changed the list, the slower ones.`,
      "Storybook's own element-highlight observer (it reads the computed style of every element after each DOM change; not part of the product) is switched off, and the a11y addon runs manually, so the figures are the screen's own.",
      'Items in the DOM: user-table data rows (spacer rows excluded) or record cards, counted at every measured paint, after each key settled, and after scrolling to the middle and the end of the list.',
      `Machine: ${machineNote()}; 1-minute load average before each screen: ${loads.join(', ')}.`,
    ],
  };
  console.log(`written ${path.relative(REPO_ROOT, writeResult(result))}`);
  if (budgets.some((b) => !b.pass)) process.exitCode = 1;
}

await main();
