import { join } from 'node:path';
import { expect, expectDashboard, signInFromLanding, test } from '../src/flows';
import { ALICE, JANE, SAM } from '../src/personas';

/** Screenshots of the signed-in screens on real data, kept for review beside the test results. */
const SCREENS = join(import.meta.dirname, '..', '.cache', 'screens');

// The screens behind sign-in read the API (apps/api) on the portal's origin, which serves the seeded store.
test.describe('screens on the API’s data', () => {
  test('Jane sees her own medical records from the API and none of John’s', async ({ page, pageErrors }) => {
    await signInFromLanding(page, JANE);
    await page.getByRole('tab', { name: 'Medical Records' }).click();
    await expect(page.getByText('Type 2 diabetes mellitus').first()).toBeVisible();
    await expect(page.getByText('Stage 2 hypertension')).toHaveCount(0);
    await page.screenshot({ path: join(SCREENS, 'jane-records.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  test('Dr. Alice sees every patient’s records and the appointments from the API', async ({
    page,
    pageErrors,
  }) => {
    await signInFromLanding(page, ALICE);
    await page.getByRole('tab', { name: 'Patient Records' }).click();
    await expect(page.getByText('Type 2 diabetes mellitus').first()).toBeVisible();
    await expect(page.getByText('Stage 2 hypertension').first()).toBeVisible();
    await page.screenshot({ path: join(SCREENS, 'alice-records.png'), fullPage: true });
    await page.getByRole('tab', { name: 'Appointments' }).click();
    await expect(page.getByText('Jane Doe').first()).toBeVisible();
    await page.screenshot({ path: join(SCREENS, 'alice-appointments.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  test('Dr. Alice confirms an appointment, and it is still confirmed after a reload (stored by the API)', async ({
    page,
    pageErrors,
  }) => {
    await signInFromLanding(page, ALICE);
    const openAppointments = async () => {
      await page.getByRole('tab', { name: 'Appointments' }).click();
      await expect(page.getByText('Jane Doe').first()).toBeVisible();
    };
    const confirmButtons = page.getByRole('button', { name: 'Confirm', exact: true });
    await openAppointments();
    const before = await confirmButtons.count();
    expect(before).toBeGreaterThan(0);
    await confirmButtons.first().click();
    await expect(confirmButtons).toHaveCount(before - 1);
    await page.reload();
    await expectDashboard(page, ALICE);
    await openAppointments();
    await expect(confirmButtons).toHaveCount(before - 1);
    expect(pageErrors).toEqual([]);
  });

  test('Sam manages the users stored by the API', async ({ page, pageErrors }) => {
    await signInFromLanding(page, SAM);
    await page.getByRole('tab', { name: 'User Management' }).click();
    await expect(page.getByText('john.roe@example.com').first()).toBeVisible();
    await page.screenshot({ path: join(SCREENS, 'sam-users.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });
});
