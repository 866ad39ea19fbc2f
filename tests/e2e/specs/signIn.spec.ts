import {
  enterCode,
  enterPassword,
  expect,
  expectDashboard,
  isIdp,
  openLanding,
  signInFromLanding,
  startSignIn,
  test,
} from '../src/flows';
import { ALICE, JANE, PERSONAS, freshCode, wrongCode } from '../src/personas';
import { PORTAL_URL } from '../src/stack';
import { IDP, PORTAL } from '../src/texts';

test.describe('signing in', () => {
  for (const persona of PERSONAS) {
    test(`${persona.name} signs in from the landing's Sign In button and lands on their own dashboard, with no page errors`, async ({
      page,
      pageErrors,
    }) => {
      await signInFromLanding(page, persona);
      expect(pageErrors).toEqual([]);
    });

    test(`${persona.name} is sent to Access Denied from another role's dashboard`, async ({
      page,
      pageErrors,
    }) => {
      await signInFromLanding(page, persona);
      for (const foreign of persona.foreignDashboards) {
        await page.goto(foreign);
        await page.waitForURL(`${PORTAL_URL}/unauthorized`);
        await expect(page.getByRole('heading', { level: 1, name: PORTAL.accessDenied })).toBeVisible();
        await page.getByRole('button', { name: PORTAL.goToMyDashboard }).click();
        await expectDashboard(page, persona);
      }
      expect(pageErrors).toEqual([]);
    });
  }

  test("a wrong password is refused on the provider's page with 'Wrong email or password.'", async ({
    page,
  }) => {
    await openLanding(page);
    await startSignIn(page);
    await enterPassword(page, JANE.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText(IDP.wrongCredentials);
    expect(isIdp(new URL(page.url()))).toBe(true);
    // The form stays usable: the e-mail is kept and the right password signs in.
    await expect(page.getByLabel(IDP.email)).toHaveValue(JANE.email);
    await page.getByLabel(IDP.password).fill(JANE.password);
    await page.getByRole('button', { name: IDP.continue }).click();
    await expectDashboard(page, JANE);
  });

  test("a wrong authentication code is refused with the provider's wrong-code message, and the right one then signs in", async ({
    page,
  }) => {
    await openLanding(page);
    await startSignIn(page);
    await enterPassword(page, ALICE.email, ALICE.password);
    await enterCode(page, wrongCode());
    await expect(page.getByRole('alert')).toHaveText(IDP.wrongCode);
    expect(isIdp(new URL(page.url()))).toBe(true);
    await enterCode(page, await freshCode(ALICE));
    await expectDashboard(page, ALICE);
  });
});
