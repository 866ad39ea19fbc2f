import { defineConfig } from '@playwright/test';
import { CHROMIUM } from './src/chromium';
import { PORTAL_URL } from './src/stack';

/**
 * Sign-in end to end: Debian Chromium against the real stack (scripts/stack.mjs: the identity provider on :4000
 * and the portal's production build on :5173), started once by the global setup. One worker: the machine has
 * two cores and the identity provider is shared, with its per-account rate limit on failed attempts.
 */
export default defineConfig({
  testDir: './specs',
  outputDir: './.cache/test-results',
  globalSetup: './src/globalSetup.ts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: true,
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: PORTAL_URL,
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 900 },
    launchOptions: { executablePath: CHROMIUM.executablePath, args: CHROMIUM.args },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
