import {
  expect,
  expectDashboard,
  isIdp,
  refreshGrant,
  sdkCacheKeys,
  signInButton,
  signInForRefreshToken,
  signInFromLanding,
  test,
} from '../src/flows';
import { JANE } from '../src/personas';
import { CLIENT_ID, PORTAL_URL } from '../src/stack';
import { IDP, PORTAL, SESSION_ENDED } from '../src/texts';

test.describe('logging out', () => {
  test('while signed in, the refresh token the SDK keeps is accepted by the token endpoint', async ({
    page,
    request,
  }) => {
    const refreshToken = await signInForRefreshToken(page, JANE);

    const response = await refreshGrant(request, refreshToken);
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ access_token: expect.any(String) });
  });

  test('Log out returns to the landing, clears the SDK cache, and the refresh token taken before is refused afterwards', async ({
    page,
    context,
    request,
    pageErrors,
  }) => {
    const refreshToken = await signInForRefreshToken(page, JANE);
    expect(await sdkCacheKeys(page)).not.toEqual([]);

    await page.getByRole('button', { name: PORTAL.logOut }).click();
    await page.waitForURL(`${PORTAL_URL}/`);
    await expect(signInButton(page)).toBeVisible();
    expect(await sdkCacheKeys(page)).toEqual([]);
    const cookies = await context.cookies(PORTAL_URL);
    expect(cookies.map((c) => c.name)).not.toContain(`auth0.${CLIENT_ID}.is.authenticated`);

    const response = await refreshGrant(request, refreshToken);
    expect(response.status()).toBe(400);
    expect(await response.json()).toMatchObject({ error: 'invalid_grant' });

    // The provider's session ended too: signing in again asks for the password.
    await signInButton(page).click();
    await page.waitForURL(isIdp);
    await expect(page.getByLabel(IDP.password)).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('Log out in one tab signs the other tabs out at once, with the notice', async ({
    page,
    context,
    pageErrors,
  }) => {
    await signInFromLanding(page, JANE);
    const other = await context.newPage();
    await other.goto(`${PORTAL_URL}${JANE.dashboard}`);
    await expectDashboard(other, JANE);

    await page.getByRole('button', { name: PORTAL.logOut }).click();
    await page.waitForURL(`${PORTAL_URL}/`);
    await expect(other.getByRole('status').filter({ hasText: SESSION_ENDED })).toBeVisible();
    await expect(other.getByRole('button', { name: PORTAL.signIn, exact: true })).toBeVisible();
    await expect(other.getByRole('heading', { name: /Welcome back, Jane/ })).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });
});
