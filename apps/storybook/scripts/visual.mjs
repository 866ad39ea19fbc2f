// Offline visual check: screenshots key stories of a served Storybook and compares them with the committed
// baselines in visual-baselines/ (pixelmatch, small tolerance). `--update` rewrites the baselines.
// Chromatic does the same in the cloud when a project token is set (npm run chromatic).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { chromium } from 'playwright';
import { CHROMIUM } from './chromium.cjs';

/** The stories designers check most: every page, and a screen per role. id, viewport width, theme. */
export const KEY_STORIES = [
  ['pages-landing--visitor', 1280, 'light'],
  ['pages-landing--visitor', 390, 'light'],
  ['pages-landing--dark', 1280, 'dark'],
  ['pages-loadingscreen--loading', 1280, 'light'],
  ['pages-unauthorized--access-denied', 1280, 'light'],
  ['pages-patientdashboard--overview', 1280, 'light'],
  ['pages-doctorportal--overview', 1280, 'light'],
  ['pages-admindashboard--overview', 1280, 'light'],
  ['screens-usermanagement--populated', 1280, 'light'],
  ['primitives-button--primary', 800, 'light'],
];

/** Share of pixels that may differ (anti-aliasing, caret) before a story counts as changed. */
const MAX_DIFF_RATIO = 0.005;

export async function visualCheck(baseUrl, dir, { update = false } = {}) {
  const baselines = join(dir, 'visual-baselines');
  const out = join(dir, '.cache', 'visual');
  mkdirSync(baselines, { recursive: true });
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ headless: true, ...CHROMIUM });
  const failures = [];
  try {
    for (const [id, width, theme] of KEY_STORIES) {
      const name = `${id}@${width}-${theme}.png`;
      const page = await browser.newPage({
        viewport: { width, height: 900 },
        deviceScaleFactor: 1,
        reducedMotion: 'reduce',
      });
      await page.goto(`${baseUrl}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme}`, {
        waitUntil: 'networkidle',
      });
      await page.waitForFunction(
        () => (document.querySelector('#storybook-root')?.childElementCount ?? 0) > 0,
      );
      // Play functions may move focus; screenshots show the story at rest.
      await page.evaluate(() =>
        document.activeElement instanceof HTMLElement ? document.activeElement.blur() : undefined,
      );
      await page.waitForTimeout(500);
      const shot = PNG.sync.read(
        await page.screenshot({ fullPage: true, animations: 'disabled', caret: 'hide' }),
      );
      await page.close();
      const file = join(baselines, name);
      if (update || !existsSync(file)) {
        writeFileSync(file, PNG.sync.write(shot));
        console.log(`${update ? 'updated' : 'created'} baseline ${name}`);
        continue;
      }
      const base = PNG.sync.read(readFileSync(file));
      if (base.width !== shot.width || base.height !== shot.height) {
        failures.push(`${name}: size ${shot.width}x${shot.height}, baseline ${base.width}x${base.height}`);
        writeFileSync(join(out, name), PNG.sync.write(shot));
        continue;
      }
      const diff = new PNG({ width: base.width, height: base.height });
      const changed = pixelmatch(base.data, shot.data, diff.data, base.width, base.height, {
        threshold: 0.1,
      });
      const ratio = changed / (base.width * base.height);
      if (ratio > MAX_DIFF_RATIO) {
        failures.push(`${name}: ${(ratio * 100).toFixed(2)}% of pixels differ (diff in .cache/visual)`);
        writeFileSync(join(out, name), PNG.sync.write(shot));
        writeFileSync(join(out, name.replace('.png', '.diff.png')), PNG.sync.write(diff));
      } else {
        console.log(`ok ${name} (${(ratio * 100).toFixed(3)}% differ)`);
      }
    }
  } finally {
    await browser.close();
  }
  return failures;
}
