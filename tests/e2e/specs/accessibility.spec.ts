/**
 * Every page of the running product passes axe (WCAG 2.2 AA), in light and dark: the portal's landing, each
 * dashboard as its user first sees it and every tab of it on the API's data, Access Denied, the sign-in problem
 * page (the ended-session notice in sessionEnded.spec.ts), and the identity provider's pages (sign-in, wrong
 * password, code, signed out, error). The screens' other states are checked in Storybook (addon-a11y,
 * `a11y.test: 'error'`).
 */
import { expectNoAxeViolations } from '../src/axe';
import { enterPassword, expect, openLanding, signInFromLanding, startSignIn, test } from '../src/flows';
import { ALICE, JANE, PERSONAS } from '../src/personas';
import { CLIENT_ID, IDP_URL, PORTAL_URL } from '../src/stack';
import { IDP, PORTAL, SIGN_IN_PROBLEM } from '../src/texts';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility of every page (axe, WCAG 2.2 AA, ${colorScheme})`, () => {
    test.use({ colorScheme });

    test('the landing, on a desktop and on a phone', async ({ page }) => {
      await openLanding(page);
      await expectNoAxeViolations(page, 'the landing');
      await page.setViewportSize({ width: 390, height: 844 });
      await expectNoAxeViolations(page, 'the landing on a phone');
    });

    for (const persona of PERSONAS) {
      test(`${persona.name}'s dashboard as it opens`, async ({ page }) => {
        await signInFromLanding(page, persona);
        await expectNoAxeViolations(page, `${persona.name}'s dashboard`);
      });
    }

    for (const persona of PERSONAS) {
      test(`every tab of ${persona.name}'s dashboard, on the API's data`, async ({ page }) => {
        await signInFromLanding(page, persona);
        const tabs = page.getByRole('tab');
        const names = await tabs.allInnerTexts();
        expect(names.length).toBeGreaterThan(2);
        for (const [index, name] of names.entries()) {
          // Tabs kept in a 'More' menu on phones are all in the tab list on a desktop.
          await tabs.nth(index).click();
          await expect(page.getByRole('tabpanel')).toBeVisible();
          // The screen's data in place: no loading status left in the panel.
          await expect(page.getByRole('tabpanel').getByText(/^Loading/)).toHaveCount(0);
          await expectNoAxeViolations(page, `${persona.name}'s ${name} tab`);
        }
      });
    }

    test("the patient's dashboard on a phone, with its More menu open", async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      await signInFromLanding(page, JANE);
      await expectNoAxeViolations(page, "the patient's dashboard on a phone");
      await page.getByRole('button', { name: 'More' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoAxeViolations(page, "the patient's More menu");
    });

    test('Access Denied', async ({ page }) => {
      await signInFromLanding(page, JANE);
      await page.goto(`${PORTAL_URL}/admin-dashboard`);
      await expect(page.getByRole('heading', { level: 1, name: PORTAL.accessDenied })).toBeVisible();
      await expectNoAxeViolations(page, 'Access Denied');
    });

    test('the sign-in problem page of a broken sign-in answer', async ({ page }) => {
      await page.goto(`${PORTAL_URL}/?code=x`);
      await expect(page.getByRole('heading', { name: SIGN_IN_PROBLEM.title })).toBeVisible();
      await expectNoAxeViolations(page, 'the sign-in problem page');
    });

    test("the identity provider's pages: sign-in, wrong password, authentication code", async ({ page }) => {
      await openLanding(page);
      await startSignIn(page);
      await expectNoAxeViolations(page, 'the sign-in page');
      await enterPassword(page, ALICE.email, 'not-the-password');
      await expect(page.getByText(IDP.wrongCredentials)).toBeVisible();
      await expectNoAxeViolations(page, 'the sign-in page with its error');
      await enterPassword(page, ALICE.email, ALICE.password);
      await expect(page.getByLabel(IDP.code)).toBeVisible();
      await expectNoAxeViolations(page, 'the authentication code page');
    });

    test("the identity provider's signed-out and error pages", async ({ page }) => {
      await page.goto(`${IDP_URL}/v2/logout?client_id=${CLIENT_ID}`);
      await expect(page.getByRole('heading', { name: IDP.signedOut })).toBeVisible();
      await expectNoAxeViolations(page, 'the signed-out page');
      await page.goto(`${IDP_URL}/authorize`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page, 'the error page');
    });
  });
}
