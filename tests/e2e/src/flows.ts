import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import type { Persona } from './personas';
import { freshCode } from './personas';
import { CLIENT_ID, IDP_URL, PORTAL_URL } from './stack';
import { IDP, PORTAL } from './texts';

/** Every test gets its own browser context (fresh cookies and storage); `pageErrors` collects uncaught errors. */
export const test = base.extend<{ pageErrors: string[] }>({
  pageErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
  },
});
export { expect };

/** The prefix of the Auth0 SDK's localStorage cache entries (tokens and the user). */
const SDK_CACHE_PREFIX = '@@auth0spajs@@';

export const signInButton = (page: Page) => page.getByRole('button', { name: PORTAL.signIn, exact: true });

export const isIdp = (url: URL) => url.origin === IDP_URL;

/** Opens the portal at `path` as it is and waits for the visitor's landing with its Sign In button. */
export async function openLanding(page: Page, path = '/') {
  await page.goto(path);
  await expect(signInButton(page)).toBeVisible();
}

/** Clicks Sign In and waits for the identity provider's sign-in form. */
export async function startSignIn(page: Page) {
  await signInButton(page).click();
  await page.waitForURL(isIdp);
  await expect(page.getByLabel(IDP.email)).toBeVisible();
}

export async function enterPassword(page: Page, email: string, password: string) {
  await page.getByLabel(IDP.email).fill(email);
  await page.getByLabel(IDP.password).fill(password);
  await page.getByRole('button', { name: IDP.continue }).click();
}

export async function enterCode(page: Page, code: string) {
  await page.getByLabel(IDP.code).fill(code);
  await page.getByRole('button', { name: IDP.verify }).click();
}

/** From the landing: Sign In, the password, and a TOTP code not used yet for personas with MFA. */
export async function signIn(page: Page, persona: Persona) {
  await startSignIn(page);
  await enterPassword(page, persona.email, persona.password);
  if (persona.mfa) await enterCode(page, await freshCode(persona));
}

export const dashboardHeading = (page: Page, persona: Persona) =>
  page.getByRole('heading', { level: 1, name: persona.heading });

/** The persona's own dashboard, by address and by its heading. */
export async function expectDashboard(page: Page, persona: Persona) {
  await page.waitForURL(`${PORTAL_URL}${persona.dashboard}`);
  await expect(dashboardHeading(page, persona)).toBeVisible();
}

/** The way most tests begin: the landing, Sign In as `persona` (with the code if it has MFA), its dashboard. */
export async function signInFromLanding(page: Page, persona: Persona) {
  await openLanding(page);
  await signIn(page, persona);
  await expectDashboard(page, persona);
}

/** Presses Tab (Shift+Tab backwards) until `target` has the focus, as a keyboard user would; fails after 20. */
export async function tabTo(page: Page, target: Locator, { backwards = false } = {}) {
  const focused = () => target.evaluate((element) => element === document.activeElement);
  for (let presses = 0; presses < 20 && !(await focused()); presses += 1) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  await expect(target).toBeFocused();
}

/** The keys of the SDK's cache in the portal's localStorage. */
export const sdkCacheKeys = (page: Page) =>
  page.evaluate(
    (prefix) => Object.keys(localStorage).filter((key) => key.startsWith(prefix)),
    SDK_CACHE_PREFIX,
  );

/** The refresh token the SDK keeps in localStorage (cache entries are `{ body: { refresh_token, ... } }`). */
export const refreshTokenIn = (page: Page) =>
  page.evaluate((prefix) => {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(prefix)) continue;
      const entry: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
      const body = typeof entry === 'object' && entry !== null && 'body' in entry ? entry.body : undefined;
      const token =
        typeof body === 'object' && body !== null && 'refresh_token' in body ? body.refresh_token : undefined;
      if (typeof token === 'string') return token;
    }
    return undefined;
  }, SDK_CACHE_PREFIX);

/** `signInFromLanding`, then the refresh token the SDK keeps for the session (there must be one). */
export async function signInForRefreshToken(page: Page, persona: Persona): Promise<string> {
  await signInFromLanding(page, persona);
  const refreshToken = await refreshTokenIn(page);
  expect(refreshToken).toEqual(expect.any(String));
  return refreshToken ?? '';
}

/** Marks the SDK's cached access token as expired, so the next token request has to use the refresh token. */
export const expireAccessToken = (page: Page) =>
  page.evaluate((prefix) => {
    for (const key of Object.keys(localStorage)) {
      if (!key.startsWith(prefix)) continue;
      const entry: unknown = JSON.parse(localStorage.getItem(key) ?? 'null');
      if (typeof entry === 'object' && entry !== null && 'expiresAt' in entry) {
        localStorage.setItem(key, JSON.stringify({ ...entry, expiresAt: 1 }));
      }
    }
  }, SDK_CACHE_PREFIX);

/** The refresh-token grant as the SDK sends it (form-encoded, public client). */
export const refreshGrant = (request: APIRequestContext, refreshToken: string) =>
  request.post(`${IDP_URL}/oauth/token`, {
    form: { grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: refreshToken },
  });
