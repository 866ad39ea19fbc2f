import {
  expect,
  expectDashboard,
  refreshGrant,
  sdkCacheKeys,
  signInButton,
  signInForRefreshToken,
  test,
} from '../src/flows';
import { JANE } from '../src/personas';
import { PORTAL_URL } from '../src/stack';
import { IDLE } from '../src/texts';

test.describe('automatic logoff (HIPAA 164.312(a)(2)(iii))', () => {
  test('13 idle minutes bring the warning, Stay signed in keeps the session, and 15 more sign out as Log out does', async ({
    page,
    request,
    pageErrors,
  }) => {
    // The page's clock is Playwright's: time flows as usual until the test jumps it forward.
    await page.clock.install();
    const refreshToken = await signInForRefreshToken(page, JANE);

    await page.clock.fastForward('13:00');
    const warning = page.getByRole('alertdialog', { name: IDLE.title });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole('timer', { name: IDLE.countdown })).toHaveText(/^(2:00|1:5\d)$/);
    await expect(warning.getByRole('button', { name: IDLE.stay })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(warning).toBeHidden();
    await expectDashboard(page, JANE);

    // 15 minutes with no one there: signed out without a question.
    await page.clock.fastForward('15:00');
    await page.waitForURL(`${PORTAL_URL}/`);
    await expect(signInButton(page)).toBeVisible();
    expect(await sdkCacheKeys(page)).toEqual([]);
    const response = await refreshGrant(request, refreshToken);
    expect(response.status()).toBe(400);
    expect(pageErrors).toEqual([]);
  });
});
