import {
  expect,
  expectDashboard,
  expireAccessToken,
  refreshTokenIn,
  sdkCacheKeys,
  signInButton,
  signInForRefreshToken,
  signInFromLanding,
  test,
} from '../src/flows';
import { expectNoAxeViolations } from '../src/axe';
import { JANE } from '../src/personas';
import { CLIENT_ID, IDP_URL, PORTAL_URL } from '../src/stack';
import { PORTAL, SESSION_ENDED } from '../src/texts';

test.describe('a session the provider renews', () => {
  test('a token refresh while the page is open keeps the user where they are (the open tab and its data)', async ({
    page,
    pageErrors,
  }) => {
    await signInFromLanding(page, JANE);
    await page.getByRole('tab', { name: 'Medical Records' }).click();
    await expect(page.getByText('Type 2 diabetes mellitus').first()).toBeVisible();
    const before = await refreshTokenIn(page);

    // Whether the loading screen shows at any moment from here on (it would replace the open pages).
    await page.evaluate((loading) => {
      const seen = window as unknown as { sawLoading: boolean };
      seen.sawLoading = false;
      new MutationObserver(() => {
        if (document.body.textContent?.includes(loading)) seen.sawLoading = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    }, PORTAL.loading);

    // The access token runs out: the next request renews it with the refresh token (a new id token too).
    await expireAccessToken(page);
    await page.getByRole('tab', { name: 'Appointments' }).click();
    await expect.poll(() => refreshTokenIn(page)).not.toBe(before);
    await expect(page.getByRole('tabpanel', { name: 'Appointments' })).toBeVisible();
    await expect(page.getByText('Dr. Alice Smith').first()).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.getByRole('tab', { name: 'Appointments' })).toHaveAttribute('aria-selected', 'true');
    expect(await page.evaluate(() => (window as unknown as { sawLoading: boolean }).sawLoading)).toBe(false);
    expect(pageErrors).toEqual([]);
  });
});

test.describe('a session the provider no longer renews', () => {
  test('on return, the portal says the session has ended, forgets it and offers Sign In (no stale dashboard)', async ({
    page,
    request,
    pageErrors,
  }) => {
    const refreshToken = await signInForRefreshToken(page, JANE);

    // As when the refresh token idled out on the server (75 minutes unused) or was revoked elsewhere.
    const revoked = await request.post(`${IDP_URL}/oauth/revoke`, {
      form: { client_id: CLIENT_ID, token: refreshToken },
    });
    expect(revoked.status()).toBe(200);
    await expireAccessToken(page);
    await page.reload();

    await expect(page.getByRole('status').filter({ hasText: SESSION_ENDED })).toBeVisible();
    await expect(signInButton(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: /Welcome back, Jane/ })).toHaveCount(0);
    await expectNoAxeViolations(page, 'the landing with the ended-session notice');
    await page.waitForURL(`${PORTAL_URL}/`);
    await expect.poll(() => sdkCacheKeys(page)).toEqual([]);

    // Only the refresh token was refused: the provider's own session (used minutes ago) still stands, so Sign In
    // goes through it without the password. After 75 idle minutes it would ask (apps/idp, 'idle limits').
    await signInButton(page).click();
    await expectDashboard(page, JANE);
    expect(pageErrors).toEqual([]);
  });
});
