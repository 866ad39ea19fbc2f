import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, signInFromLanding, test } from '../src/flows';
import { ALICE, JANE, type Persona } from '../src/personas';

/** Screenshots of the assistant on the real stack, kept for review beside the test results. */
const SCREENS = join(import.meta.dirname, '..', '.cache', 'screens');

const QUESTION = 'How is type 2 diabetes diagnosed and treated?';
const PATIENT_DOC = 'Type 2 Diabetes: Lifestyle Treatment';
const CLINICIAN_DOC = 'Type 2 Diabetes: Diagnostic Criteria and Evaluation';

/** Signs in, opens the assistant tab and asks the question; resolves when the reply has finished. */
async function ask(page: Page, persona: Persona, question: string) {
  await signInFromLanding(page, persona);
  await page.getByRole('tab', { name: 'AI Assistant' }).click();
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(question);
  await box.press('Enter');
  // The reply streams from the server-side assistant (built-in model); the disclaimer closes every reply.
  await expect(page.getByText(/educational purposes only/).last()).toBeVisible({ timeout: 30_000 });
}

// The assistant runs on the server: retrieval is limited to what the signed-in user may see.
test.describe('the assistant in the portal', () => {
  test('a patient gets an answer citing only what a patient may read, and is told sources were withheld', async ({
    page,
    pageErrors,
  }) => {
    await ask(page, JANE, QUESTION);
    const references = page.getByRole('log', { name: 'Conversation' });
    await expect(references.getByText(PATIENT_DOC).first()).toBeVisible();
    await expect(references.getByText(CLINICIAN_DOC)).toHaveCount(0);
    await expect(references.getByText(/withheld for your role/)).toBeVisible();
    await page.screenshot({ path: join(SCREENS, 'jane-chat.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  test('a doctor asking the same question is shown the clinical sources too', async ({
    page,
    pageErrors,
  }) => {
    await ask(page, ALICE, QUESTION);
    const references = page.getByRole('log', { name: 'Conversation' });
    await expect(references.getByText(CLINICIAN_DOC).first()).toBeVisible();
    await page.screenshot({ path: join(SCREENS, 'alice-chat.png'), fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  test('a red-flag symptom shows the emergency banner before any answer', async ({ page }) => {
    await ask(page, JANE, 'I have crushing chest pain spreading to my left arm');
    await expect(page.getByText(/call 911/i).first()).toBeVisible();
  });
});
