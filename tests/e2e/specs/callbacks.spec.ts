import type { Page } from '@playwright/test';
import { enterPassword, expect, expectDashboard, isIdp, openLanding, startSignIn, test } from '../src/flows';
import { JANE } from '../src/personas';
import { IDP_URL, PORTAL_URL } from '../src/stack';
import { IDP, PORTAL, SIGN_IN_PROBLEM } from '../src/texts';

/**
 * Starts a sign-in from the landing and stops on the provider's form: the SDK's transaction (state, PKCE
 * verifier) now waits in this tab's sessionStorage. Returns the state it sent to /authorize.
 */
async function pendingSignIn(page: Page): Promise<string> {
  await openLanding(page);
  const authorize = page.waitForRequest((r) => r.url().startsWith(`${IDP_URL}/authorize?`));
  await startSignIn(page);
  const state = new URL((await authorize).url()).searchParams.get('state');
  if (!state) throw new Error('The SDK sent no state to /authorize.');
  return state;
}

/** The portal's sign-in problem screen: 'Login failed', the reason, and Try again, which leads back to sign in. */
async function expectLoginFailed(page: Page, reason: string) {
  await expect(page.getByRole('heading', { level: 1, name: SIGN_IN_PROBLEM.title })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText(reason);
  await expect(page.getByText(PORTAL.loading)).toHaveCount(0);
  await page.getByRole('button', { name: SIGN_IN_PROBLEM.retry }).click();
  await page.waitForURL(isIdp);
  await expect(page.getByLabel(IDP.email)).toBeVisible();
}

test.describe('broken sign-in callbacks', () => {
  // Not a callback by REQ-nav (no state) and ignored by the SDK, so the portal itself shows the failure: a
  // refusal such as access_denied is never dropped silently.
  test('/?code=x without state (missing state) shows Login failed: Invalid state, and Try again', async ({
    page,
  }) => {
    await page.goto('/?code=x');
    await expectLoginFailed(page, SIGN_IN_PROBLEM.invalidState);
  });

  test("/?error=access_denied without state shows Login failed with the provider's description", async ({
    page,
  }) => {
    await page.goto('/?error=access_denied&error_description=Denied');
    await expectLoginFailed(page, 'Denied');
  });

  test("/?code=x&state=bogus with no sign-in under way (missing transaction) shows 'Login failed: Invalid state' and Try again", async ({
    page,
  }) => {
    await page.goto('/?code=x&state=bogus');
    await expectLoginFailed(page, SIGN_IN_PROBLEM.invalidState);
  });

  test("/?code=x&state=bogus while a sign-in is under way (state mismatch) shows 'Login failed: Invalid state' and Try again", async ({
    page,
  }) => {
    await pendingSignIn(page);
    await page.goto('/?code=x&state=bogus');
    await expectLoginFailed(page, SIGN_IN_PROBLEM.invalidState);
  });

  test("/?error=access_denied&error_description=... for the sign-in under way shows 'Login failed' with the provider's description", async ({
    page,
  }) => {
    const state = await pendingSignIn(page);
    const description = 'The user did not allow access.';
    const query = new URLSearchParams({ error: 'access_denied', error_description: description, state });
    await page.goto(`/?${query}`);
    await expectLoginFailed(page, description);
  });

  test("the provider's genuine callback in a browser whose sign-in transaction is gone (expired) shows 'Login failed: Invalid state'", async ({
    page,
    browser,
  }) => {
    // Sign in for real and note the provider's redirect back (a redirect hop: seen as a request, not routable).
    const callback = page.waitForRequest((r) => {
      const url = new URL(r.url());
      return url.origin === PORTAL_URL && url.searchParams.has('code') && url.searchParams.has('state');
    });
    await pendingSignIn(page);
    await enterPassword(page, JANE.email, JANE.password);
    const callbackUrl = (await callback).url();

    // The transaction lives in sessionStorage, which ends with the browser session: a restarted browser (a new
    // context) holds none when the callback arrives.
    const restarted = await browser.newContext({ baseURL: PORTAL_URL });
    try {
      const other = await restarted.newPage();
      await other.goto(callbackUrl);
      await expectLoginFailed(other, SIGN_IN_PROBLEM.invalidState);
    } finally {
      await restarted.close();
    }
  });

  test("a callback whose code the provider no longer accepts (expired or used) shows 'Login failed' with the provider's words", async ({
    page,
  }) => {
    const state = await pendingSignIn(page);
    const token = page.waitForResponse(
      (r) => r.url() === `${IDP_URL}/oauth/token` && r.request().method() === 'POST',
    );
    await page.goto(`/?code=expired-code&state=${encodeURIComponent(state)}`);
    const refused = await token;
    expect(refused.status()).toBe(400);
    const body: unknown = await refused.json();
    expect(body).toMatchObject({ error: 'invalid_grant', error_description: expect.any(String) });
    const { error_description: description } = body as { error_description: string };
    await expectLoginFailed(page, description);
  });

  test('after a failed callback, Try again signs in normally', async ({ page }) => {
    await page.goto('/?code=x&state=bogus');
    await expect(page.getByRole('heading', { level: 1, name: SIGN_IN_PROBLEM.title })).toBeVisible();
    await page.getByRole('button', { name: SIGN_IN_PROBLEM.retry }).click();
    await page.waitForURL(isIdp);
    await enterPassword(page, JANE.email, JANE.password);
    await expectDashboard(page, JANE);
  });
});
