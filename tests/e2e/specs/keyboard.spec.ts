/**
 * Everything works by keyboard (WCAG 2.1.1): a user who never touches the mouse signs in on the provider's
 * pages, reaches the dashboard's content past the header with the skip link, moves between the tabs with the
 * arrow keys, opens a screen's data, and logs out.
 */
import { expect, expectDashboard, isIdp, openLanding, tabTo, test } from '../src/flows';
import { JANE } from '../src/personas';
import { PORTAL_URL } from '../src/stack';
import { IDP, PORTAL } from '../src/texts';

test('a keyboard-only user signs in, moves through the dashboard tabs and logs out', async ({
  page,
  pageErrors,
}) => {
  await openLanding(page);
  await tabTo(page, page.getByRole('button', { name: PORTAL.signIn, exact: true }));
  await page.keyboard.press('Enter');

  // The provider's page puts the focus in the e-mail field; Tab to the password, Enter submits.
  await page.waitForURL(isIdp);
  await expect(page.getByLabel(IDP.email)).toBeFocused();
  await page.keyboard.type(JANE.email);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel(IDP.password)).toBeFocused();
  await page.keyboard.type(JANE.password);
  await page.keyboard.press('Enter');
  await expectDashboard(page, JANE);

  // The skip link is the first stop and leads past the header to the page's content.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
  await page.keyboard.press('Enter');
  // Tab on to the selected tab, then the arrow keys select the next tabs (automatic activation).
  await tabTo(page, page.getByRole('tab', { name: 'Health Overview' }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  const records = page.getByRole('tab', { name: 'Medical Records' });
  await expect(records).toBeFocused();
  await expect(records).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('Type 2 diabetes mellitus').first()).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Identity Demo' })).toHaveAttribute('aria-selected', 'true');

  // Back up to the header's Log out with Shift+Tab, then Enter: back to the landing.
  await tabTo(page, page.getByRole('button', { name: PORTAL.logOut }), { backwards: true });
  await page.keyboard.press('Enter');
  await page.waitForURL(`${PORTAL_URL}/`);
  await expect(page.getByRole('button', { name: PORTAL.signIn, exact: true })).toBeVisible();
  expect(pageErrors).toEqual([]);
});
