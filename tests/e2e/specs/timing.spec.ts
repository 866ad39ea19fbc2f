import { dashboardHeading, expect, signIn, signInButton, test } from '../src/flows';
import { JANE } from '../src/personas';
import { PORTAL_URL } from '../src/stack';

const RUNS = 5;

/**
 * A measurement, not an assertion on speed: the time from clicking Sign In on the landing to Jane's dashboard
 * heading being visible (provider pages, code exchange, dashboard chunk), each run in a fresh browser context.
 */
test(`Jane's sign-in time is measured over ${RUNS} runs (median printed)`, async ({ browser }) => {
  const durations: number[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext({ baseURL: PORTAL_URL });
    try {
      const page = await context.newPage();
      await page.goto('/');
      await expect(signInButton(page)).toBeVisible();
      const started = performance.now();
      await signIn(page, JANE);
      await expect(dashboardHeading(page, JANE)).toBeVisible();
      durations.push(performance.now() - started);
    } finally {
      await context.close();
    }
  }
  const sorted = [...durations].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  console.log(`sign-in runs: ${durations.map((d) => Math.round(d)).join(', ')} ms`);
  console.log(`sign-in median: ${Math.round(median)} ms`);
  expect(durations).toHaveLength(RUNS);
});
