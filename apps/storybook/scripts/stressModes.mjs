// Runs the Stress/* stories of a built Storybook in the browser modes Storybook itself cannot set: forced
// colours (Windows high contrast), print media (and a PDF of each printable view), and the 640-pixel window
// that stands for 1280 pixels at 200% zoom. Each story's own play function does the checking (it asks
// matchMedia which mode it is in); this script sets the mode, loads the story, waits for the play function to
// finish, and fails if it threw. It also leaves a screenshot of each run, and the PDFs, in the output folder.
//
//   node apps/storybook/scripts/stressModes.mjs [storybook-url] [out-dir]  (scripts/testBuilt.mjs runs it)
//   (default http://127.0.0.1:6006 and /tmp/stress-modes; CHROMIUM_PATH overrides /usr/bin/chromium)
import { CHROMIUM } from './chromium.cjs';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright';

const [base = 'http://127.0.0.1:6006', outDir = '/tmp/stress-modes'] = process.argv.slice(2);
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 320, height: 640 };
/** 1280 CSS pixels at 200% zoom. */
const ZOOM_200 = { width: 640, height: 800 };
/** A 2,000-word note cannot fit one sheet: fewer pages than this means the print was cut to the window. */
const MIN_RECORD_PAGES = 3;

/**
 * Runs in the page before Storybook boots: as soon as Storybook's preview exists, listen on its channel for
 * the story's end ('storyFinished', success or error) and for a play function's exception, and leave both on
 * `window.__stressOutcome` for the script to read.
 */
function listenForTheEnd() {
  let preview;
  let error;
  Object.defineProperty(window, '__STORYBOOK_PREVIEW__', {
    configurable: true,
    get: () => preview,
    set(value) {
      preview = value;
      value.channel.on('playFunctionThrewException', (e) => {
        error = e?.message ?? String(e);
      });
      value.channel.on('storyFinished', (e) => {
        // A report that failed (axe's, after the play function) names its rule ids.
        const reports = (e.reporters ?? [])
          .filter((report) => report.status === 'failed')
          .map((report) => {
            const violations = report.result?.violations ?? [];
            return `${report.type}: ${violations.map((v) => `${v.id} (${v.nodes?.length ?? 0})`).join(', ')}`;
          });
        window.__stressOutcome = { status: e.status, playError: error, reports: reports.join('; ') };
      });
    },
  });
}

/** The runs for one story: its viewport and the media it is loaded under. */
function runsFor(id) {
  if (id.startsWith('stress-forced-colours--')) {
    return [{ mode: 'forced-colours', viewport: DESKTOP, media: { forcedColors: 'active' }, axe: false }];
  }
  if (id.startsWith('stress-print--')) {
    return [
      { mode: 'screen', viewport: DESKTOP, media: {} },
      { mode: 'print', viewport: DESKTOP, media: { media: 'print' }, pdf: true, axe: false },
    ];
  }
  if (id.startsWith('stress-zoom-200--')) {
    return [
      { mode: 'zoom-200', viewport: ZOOM_200, media: {} },
      { mode: 'zoom-400', viewport: PHONE, media: {} },
    ];
  }
  return [{ mode: 'screen', viewport: id.endsWith('-on-phone') ? PHONE : DESKTOP, media: {} }];
}

const index = await fetch(`${base}/index.json`).then((r) => {
  if (!r.ok) throw new Error(`${base}/index.json: ${r.status}`);
  return r.json();
});
const ids = Object.values(index.entries)
  .filter((entry) => entry.type === 'story' && entry.id.startsWith('stress-'))
  .map((entry) => entry.id)
  .sort();
if (ids.length === 0) {
  console.error(`No Stress/* stories in ${base}/index.json`);
  process.exit(1);
}

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ headless: true, ...CHROMIUM });
const failures = [];
const started = Date.now();
try {
  for (const id of ids) {
    for (const run of runsFor(id)) {
      const page = await browser.newPage({ viewport: run.viewport });
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.emulateMedia(run.media);
      await page.addInitScript(listenForTheEnd);
      const loaded = await page.goto(`${base}/iframe.html?id=${id}&viewMode=story`, { timeout: 60_000 }).then(
        () => true,
        (error) => {
          errors.push(error.message);
          return false;
        },
      );
      const outcome = !loaded
        ? { status: 'not loaded' }
        : await page
            .waitForFunction(() => window.__stressOutcome, null, { timeout: 30_000, polling: 100 })
            .then((handle) => handle.jsonValue())
            .catch(() => ({ status: 'timed out' }));
      if (outcome.playError) errors.unshift(outcome.playError);
      if (outcome.reports && run.axe !== false) errors.unshift(outcome.reports);
      const name = `${id}@${run.mode}`;
      // axe does not model forced colours or print (it weighs our unforced text colours against the system's
      // background), so in those modes only the play function's own checks count; the screen runs keep axe.
      let ok =
        outcome.status === 'success' ||
        (run.axe === false && outcome.status === 'error' && !outcome.playError);
      await page.screenshot({ path: join(outDir, `${name}.png`), fullPage: true });
      let pdfNote = '';
      if (run.pdf) {
        const file = join(outDir, `${name}.pdf`);
        await page.pdf({ path: file, format: 'A4' });
        const pages = (
          readFileSync(file)
            .toString('latin1')
            .match(/\/Type\s*\/Page[^s]/g) ?? []
        ).length;
        pdfNote = `, ${pages} PDF page(s)`;
        if (id.includes('record') && pages < MIN_RECORD_PAGES) {
          errors.unshift(`the record printed on ${pages} page(s), fewer than ${MIN_RECORD_PAGES}: cut short`);
          ok = false;
        }
      }
      if (!ok) failures.push(name);
      const axeNote =
        run.axe === false && outcome.status === 'error' ? ', axe findings not counted here' : '';
      console.log(
        `${ok ? 'ok  ' : 'FAIL'} ${name} (play ${outcome.playError ? 'threw' : 'passed'}${axeNote}${pdfNote})`,
      );
      if (!ok) for (const error of errors.slice(0, 3)) console.log(`     ${error.split('\n')[0]}`);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
console.log(
  `${ids.length} stories, ${failures.length} failed, ${((Date.now() - started) / 1000).toFixed(1)} s; ` +
    `screenshots in ${outDir}`,
);
process.exit(failures.length ? 1 : 0);
