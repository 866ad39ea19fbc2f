import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectDashboard, openLanding, signInFromLanding, startSignIn, test } from '../src/flows';
import { JANE } from '../src/personas';
import { CLIENT_ID, PORTAL_URL, ROOT } from '../src/stack';

/** The build the stack serves (the global setup builds it). */
const ASSETS = join(ROOT, 'apps/portal/dist/assets');

/** A string only the Auth0 SDK's code holds: the name it sends in its Auth0-Client header. */
const SDK_MARKER = 'auth0-spa-js';

/** The paths of the built files that hold the sign-in SDK, read from the served build itself. */
function sdkFiles(): string[] {
  const files = readdirSync(ASSETS)
    .filter((file) => file.endsWith('.js'))
    .filter((file) => readFileSync(join(ASSETS, file), 'utf8').includes(SDK_MARKER))
    .map((file) => `/assets/${file}`);
  // Without this the test would pass on a build whose SDK it cannot recognise.
  expect(files, 'the build holds the SDK in some chunk').not.toEqual([]);
  return files;
}

/** Every script the portal's pages request from now on, as paths (/assets/...). */
function recordScripts(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === PORTAL_URL && request.resourceType() === 'script') paths.push(url.pathname);
  });
  return paths;
}

const loadsSdk = (scripts: readonly string[], sdk: readonly string[]) => scripts.some((s) => sdk.includes(s));

/** The cookies @auth0/auth0-spa-js 2.x writes at sign-in on an http site (REQ-perf-landing). */
const SESSION_COOKIES = [
  `auth0.${CLIENT_ID}.is.authenticated`,
  `_legacy_auth0.${CLIENT_ID}.is.authenticated`,
];

test.describe('the sign-in SDK loads only when it is needed (REQ-perf-landing)', () => {
  test("a visitor's landing requests no SDK chunk; Sign In downloads it and opens the provider's form", async ({
    page,
    pageErrors,
  }) => {
    const sdk = sdkFiles();
    const scripts = recordScripts(page);
    await openLanding(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => sdk.includes(s))).toEqual([]);

    await startSignIn(page);
    expect(loadsSdk(scripts, sdk)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('a returning user with the SDK session cookie is signed in again on opening the portal', async ({
    page,
    context,
    pageErrors,
  }) => {
    const sdk = sdkFiles();
    await signInFromLanding(page, JANE);
    const names = (await context.cookies(PORTAL_URL)).map((cookie) => cookie.name);
    expect(names).toEqual(expect.arrayContaining(SESSION_COOKIES));

    const scripts = recordScripts(page);
    await page.goto('/');
    await expectDashboard(page, JANE);
    expect(loadsSdk(scripts, sdk)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  test('a user whose session cookie is gone but whose SDK cache is kept is restored from the cache, as the SDK alone would', async ({
    page,
    context,
  }) => {
    await signInFromLanding(page, JANE);
    for (const name of SESSION_COOKIES) await context.clearCookies({ name });

    await page.goto('/');
    await expectDashboard(page, JANE);
  });
});
