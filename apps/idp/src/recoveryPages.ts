/**
 * The recovery-code pages of the sign-in (recoveryCodes.ts): the codes shown once after enrolment, the form
 * that takes one instead of the app's code, and the note when few are left. Same layout, CSP and accessibility
 * as the other provider pages (pages.ts): no script, labelled fields, errors in the alert region.
 */
import { alert, escapeHtml, layout } from './pages';
import { RECOVERY_TEXTS as T } from './recoveryCodes';

/** Styles for the code list; the layout's CSP allows inline styles (style-src 'unsafe-inline'), not scripts. */
const CODES_STYLE = `<style>
.codes{list-style:none;display:grid;grid-template-columns:1fr 1fr;gap:.5rem 1rem;padding:1rem;margin:0 0 1rem;
border:1px dashed #8593a8;border-radius:8px}
.codes code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:1.0625rem;letter-spacing:.05em}
</style>`;

const continueForm = (uid: string) =>
  `<form method="post" action="/interaction/${encodeURIComponent(uid)}/continue" novalidate>
<button type="submit">${T.continue}</button>
</form>`;

/** After the first code is confirmed: the ten codes, once, then Continue completes the sign-in. */
export function recoveryCodesPage(uid: string, codes: readonly string[]): string {
  return layout(
    T.savedTitle,
    `<h1>${T.savedTitle}</h1>
<p>${T.savedIntro}</p>
<p><strong>${T.savedOnce}</strong></p>
<h2 id="codes-label" class="hint">${T.listLabel}</h2>
<ul class="codes" aria-labelledby="codes-label">
${codes.map((code) => `<li><code>${escapeHtml(code)}</code></li>`).join('\n')}
</ul>
<p class="hint">${T.savedCopyHint}</p>
${continueForm(uid)}`,
    CODES_STYLE,
  );
}

/** The second step with a recovery code instead of the app's code, posted to `/interaction/<uid>/recovery`. */
export function recoveryCodeEntryPage(uid: string, options: { error?: string } = {}): string {
  const id = encodeURIComponent(uid);
  return layout(
    T.signInTitle,
    `<h1>${T.signInTitle}</h1>
${alert(options.error)}
<form method="post" action="/interaction/${id}/recovery" novalidate>
<label for="recovery-code">${T.codeLabel}</label>
<p class="hint" id="recovery-code-hint">${T.codeHint}</p>
<input id="recovery-code" name="code" type="text" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="32" required autofocus aria-describedby="recovery-code-hint"${options.error ? ' aria-invalid="true"' : ''}>
<button type="submit">${T.submit}</button>
</form>
<p class="links"><a href="/interaction/${id}">${T.useAppInstead}</a></p>`,
  );
}

/** After a sign-in with a recovery code that left few: how many, and how to get new ones. */
export function fewRecoveryCodesPage(uid: string, left: number): string {
  return layout(
    T.fewLeftTitle,
    `<h1>${T.fewLeftTitle}</h1>
<p role="status">${escapeHtml(T.fewLeft(left))}</p>
<p>${T.fewLeftAdvice}</p>
${continueForm(uid)}`,
  );
}
