import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signInFromLanding, test } from '../src/flows';
import { ALICE, JANE, type Persona } from '../src/personas';

/**
 * The three identity pillars for real, through the assistant on the started stack (REQ-tool-vault): the
 * calendar through the token vault (consent, then a calendar-scoped token from the identity provider's token
 * exchange and our calendar service), the records decided by the authorization model, and a prescription that
 * waits for the doctor's approval in the app.
 */
const SCREENS = join(import.meta.dirname, '..', '.cache', 'screens');
const REPLY_WAIT = { timeout: 30_000 };

async function openAssistant(page: Page, persona: Persona) {
  await signInFromLanding(page, persona);
  await page.getByRole('tab', { name: 'AI Assistant' }).click();
}

async function ask(page: Page, question: string) {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
}

const toolCard = (page: Page, name: string) => page.getByRole('region', { name }).last();

test.describe('the identity pillars in the assistant', () => {
  test('a patient connects her calendar (token vault), sees her appointments and downloads them as .ics', async ({
    page,
    pageErrors,
  }) => {
    await openAssistant(page, JANE);
    await ask(page, 'Show my upcoming appointments');
    const consent = toolCard(page, 'Calendar (token vault): view appointments');
    await expect(consent.getByText('Consent needed')).toBeVisible(REPLY_WAIT);
    await consent.getByRole('button', { name: 'Connect calendar (read only)' }).click();
    await expect(consent.getByText('Calendar connected')).toBeVisible();
    await consent.getByRole('button', { name: 'Ask again' }).click();

    const listed = toolCard(page, 'Calendar (token vault): view appointments');
    await expect(listed.getByText('Done')).toBeVisible(REPLY_WAIT);
    await expect(listed.getByRole('listitem').first()).toBeVisible();
    await page.screenshot({ path: join(SCREENS, 'jane-calendar-tool.png'), fullPage: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      listed.getByRole('button', { name: 'Download .ics' }).click(),
    ]);
    const file = await download.path();
    const ics = readFileSync(file, 'utf8');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics).toContain('BEGIN:VEVENT');
    expect(pageErrors).toEqual([]);
  });

  test('a patient reads her own records through the records tool, never another patient’s', async ({
    page,
    pageErrors,
  }) => {
    await openAssistant(page, JANE);
    await ask(page, 'Show me my medical records');
    const card = toolCard(page, 'Medical records (fine-grained authorization): read');
    await expect(card.getByText('Done')).toBeVisible(REPLY_WAIT);
    await expect(card.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('log', { name: 'Conversation' })).not.toContainText('John Roe');
    expect(pageErrors).toEqual([]);
  });

  test('a doctor’s prescription waits for her approval in the app, and only then is written', async ({
    page,
    pageErrors,
  }) => {
    await openAssistant(page, ALICE);
    await ask(page, 'Prescribe Metformin 500 mg twice daily for Jane Doe');
    const card = toolCard(page, 'Prescription (asynchronous authorization): prescribe');
    await expect(card.getByText('Pending approval')).toBeVisible(REPLY_WAIT);
    // The tab counts what waits for her (fetched once the page has loaded, refreshed by the chat's proposal).
    await expect(page.getByRole('tab', { name: /^Approvals \(\d+ pending\)$/ })).toBeVisible();

    await page.getByRole('tab', { name: /Approvals/ }).click();
    const approve = page.getByRole('button', { name: /^Approve/ }).first();
    await expect(approve).toBeVisible();
    await page.screenshot({ path: join(SCREENS, 'alice-approvals.png'), fullPage: true });
    await approve.click();
    await expect(page.getByText(/Prescription created/)).toBeVisible();

    await page.screenshot({ path: join(SCREENS, 'alice-approved.png'), fullPage: true });

    // Back in the assistant, the conversation is still there and its card shows the decision.
    await page.getByRole('tab', { name: 'AI Assistant' }).click();
    const after = toolCard(page, 'Prescription (asynchronous authorization): prescribe');
    await expect(after.getByText('Approved', { exact: true })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });
});
