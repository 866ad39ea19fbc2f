// Takes PNG screenshots of stories from a running Storybook, e.g.
//   node scripts/screenshot.mjs http://localhost:6006 out/ pages-landing--visitor screens-usermanagement--populated
import { chromium } from 'playwright';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { CHROMIUM } from './chromium.cjs';

const [base, outDir, ...ids] = process.argv.slice(2);
if (!base || !outDir || ids.length === 0) {
  console.error('usage: screenshot.mjs <storybook-url> <out-dir> <story-id>[@WIDTHxHEIGHT][:theme] ...');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ headless: true, ...CHROMIUM });
try {
  for (const spec of ids) {
    const [idAndSize, theme = 'light'] = spec.split(':');
    const [id, size = '1280x900'] = idAndSize.split('@');
    const [width, height] = size.split('x').map(Number);
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${base}/iframe.html?id=${id}&viewMode=story&globals=theme:${theme}`, {
      waitUntil: 'networkidle',
    });
    await page.waitForFunction(
      () => (document.querySelector('#storybook-root')?.childElementCount ?? 0) > 0,
      null,
      { timeout: 30_000 },
    );
    await page.waitForTimeout(1500);
    const file = join(
      outDir,
      `${id}${size === '1280x900' ? '' : `@${size}`}${theme === 'light' ? '' : `-${theme}`}.png`,
    );
    await page.screenshot({ path: file, fullPage: true });
    console.log(file);
    await page.close();
  }
} finally {
  await browser.close();
}
