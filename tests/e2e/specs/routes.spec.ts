import { expect, openLanding, signIn, test } from '../src/flows';
import { JANE } from '../src/personas';
import { PORTAL_URL } from '../src/stack';
import { PORTAL } from '../src/texts';

test.describe("a visitor's deep links", () => {
  for (const path of ['/doctor-dashboard', '/some/unknown']) {
    test(`a visitor opening ${path} is sent to the landing at /`, async ({ page }) => {
      await openLanding(page, path);
      expect(new URL(page.url()).pathname).toBe('/');
    });
  }

  test('a visitor who opens /challenge-demo and then signs in from the landing is brought back to /challenge-demo', async ({
    page,
    pageErrors,
  }) => {
    await openLanding(page, '/challenge-demo');
    expect(new URL(page.url()).pathname).toBe('/');
    await signIn(page, JANE);
    await page.waitForURL(`${PORTAL_URL}/challenge-demo`);
    await expect(page.getByRole('heading', { level: 1, name: PORTAL.challengeHeading })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test("a visitor's deep link to another role's dashboard is still guarded after signing in: Access Denied", async ({
    page,
  }) => {
    await openLanding(page, '/admin-dashboard');
    await signIn(page, JANE);
    await page.waitForURL(`${PORTAL_URL}/unauthorized`);
    await expect(page.getByRole('heading', { level: 1, name: PORTAL.accessDenied })).toBeVisible();
  });
});
