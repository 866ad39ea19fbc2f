/**
 * The provider's own HTML pages: sign-in, authentication code, logout hand-off, errors, and the account pages
 * (setting a password from an invitation or reset link, "Forgot password?") with the e-mails they send. Self-contained
 * (inline CSS, system fonts, no external assets), accessible (labelled fields, an alert region for errors), in
 * the viewer's light or dark scheme like the portal.
 */
import { ENROLMENT_TEXTS } from './enrolment';
import { PASSKEY_SCRIPT_PATH } from './passkeys';
import { RECOVERY_TEXTS } from './recoveryCodes';

/** The words of the passkey steps (REQ-auth-passkeys): enrolment choice, sign-in, and what went wrong. */
export const PASSKEY_TEXTS = {
  choose:
    'Your account needs a second step at sign-in. Choose one: an authenticator app on your phone, or a passkey.',
  appHeading: 'Authenticator app',
  passkeyHeading: 'Passkey',
  enrolHint:
    'Use this device’s screen lock (fingerprint, face or PIN) or a security key. You will have nothing to type at sign-in.',
  enrolSubmit: 'Use a passkey',
  signInTitle: 'Sign in with your passkey',
  signInHint: 'Use the passkey you set up for this account: this device’s screen lock, or your security key.',
  signInSubmit: 'Use passkey',
  useCode: 'Use a code from your authenticator app instead',
  usePasskey: 'Use your passkey instead',
  noAnswer:
    'No passkey came back from your browser. Try again; if your browser cannot use passkeys, choose the authenticator app.',
  cancelled:
    'The passkey request was cancelled or timed out. Try again when you are ready, and confirm on your device or security key.',
  notSupported: 'This browser cannot use passkeys. Use another browser, or choose the authenticator app.',
  alreadyEnrolled: 'This authenticator already holds a passkey for your account. Try again with another one.',
  enrolFailed: 'That passkey could not be set up. Try again.',
  signInFailed: 'That passkey was not accepted for this account. Try again with the passkey you set up.',
} as const;

/** The words for a browser's WebAuthn error name (DOMException), posted back by public/passkey.js. */
export function passkeyProblem(name: string | null, step: 'enrol' | 'sign-in'): string {
  if (name === 'NotAllowedError' || name === 'AbortError') return PASSKEY_TEXTS.cancelled;
  if (name === 'NotSupportedError') return PASSKEY_TEXTS.notSupported;
  if (name === 'InvalidStateError' && step === 'enrol') return PASSKEY_TEXTS.alreadyEnrolled;
  if (name) return step === 'enrol' ? PASSKEY_TEXTS.enrolFailed : PASSKEY_TEXTS.signInFailed;
  return PASSKEY_TEXTS.noAnswer;
}
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const TEXTS = {
  wrongCredentials: 'Wrong email or password.',
  wrongCode: 'That code is not valid. Try again.',
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  signInTitle: 'Sign in to Sentinel Health',
  codeTitle: 'Two-step verification',
  codeHint: 'Enter the 6-digit code from your authenticator app.',
  signedOut: 'You are signed out.',
  accountBlocked: 'Your account is suspended. Contact your administrator to restore access.',
  signOutQuestion: 'Sign out of Sentinel Health?',
  signOut: 'Sign out',
  forgotLink: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotIntro: 'Enter the e-mail address of your account. We will send you a link to choose a new password.',
  forgotSubmit: 'Send link',
  forgotSent:
    'If an account exists for that e-mail, we have sent a link to choose a new password. The link works for 1 hour.',
  forgotSentTitle: 'Check your e-mail',
  emailInvalid: 'Enter your e-mail address, for example name@example.com.',
  invitationTitle: 'Set your password',
  resetTitle: 'Choose a new password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  passwordsDiffer: 'The two passwords do not match.',
  savePassword: 'Set password',
  passwordSetTitle: 'Your password is set',
  passwordSet: 'You can now sign in with your e-mail address and your new password.',
  signIn: 'Sign in',
  backToSignIn: 'Back to sign in',
  linkInvalid:
    'This link is not valid. Open the whole link from the e-mail, or ask for a new one if it still does not work.',
  invitationExpired: 'This invitation has expired. Ask your administrator to send you a new one.',
  invitationUsed:
    'This invitation has already been used to set a password. Sign in with it, or use “Forgot password?” on the sign-in page.',
  resetExpired: 'This link has expired: reset links work for 1 hour. Ask for a new one.',
  resetUsed: 'This link has already been used. Ask for a new one if you still need to change your password.',
  askNewLink: 'Ask for a new link',
  formExpired: 'This form has expired or did not come from this page. Reload the page and try again.',
  reload: 'Reload the page',
  linkProblemTitle: 'This link cannot be used',
  formProblemTitle: 'Please try again',
  formTooLarge: 'The form was too large to read. Go back and try again.',
} as const;

const CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f7fb;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#142033;line-height:1.5}
main{width:100%;max-width:26rem;margin:1rem;padding:2rem;background:#fff;border:1px solid #d5dde8;border-radius:12px;
box-shadow:0 4px 16px rgba(20,32,51,.08)}
.brand{font-weight:700;color:#0b5cad;margin:0 0 .25rem}
h1{font-size:1.375rem;margin:0 0 1.25rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
p{margin:0 0 1rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{display:block;width:100%;font:inherit;padding:.625rem .75rem;margin:0 0 1rem;border:1px solid #8593a8;
border-radius:8px;color:#142033;background:#fff}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}
button{width:100%;font:inherit;font-weight:600;padding:.7rem 1rem;border:0;border-radius:8px;background:#0b5cad;
color:#fff;cursor:pointer}
button:hover,.button:hover{background:#094a8c}
a{color:#0b5cad}
.button{display:block;text-align:center;text-decoration:none;font-weight:600;padding:.7rem 1rem;border-radius:8px;
background:#0b5cad;color:#fff}
.links{margin:1rem 0 0;text-align:center}
.alert ul{margin:0;padding-left:1.25rem}
input[readonly]{background:#eef2f7}
.alert{padding:.75rem 1rem;margin:0 0 1rem;border:1px solid #b42318;border-left-width:4px;border-radius:8px;
background:#fdf0ef;color:#7a1a12}
.hint{color:#46556b;font-size:.9375rem}
.qr-frame{display:flex;justify-content:center;margin:0 0 1rem}.qr-frame svg{background:#fff;border-radius:8px}
.setup-key{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:1.0625rem;letter-spacing:.05em;overflow-wrap:anywhere}
@media (prefers-color-scheme:dark){
body{background:#0f1724;color:#e6edf7}
main{background:#17212f;border-color:#2c3a4f;box-shadow:none}
.brand{color:#7cb4ff}
input{background:#0f1724;color:#e6edf7;border-color:#7a8aa3}
input:focus-visible,button:focus-visible,a:focus-visible{outline-color:#7cb4ff}
button{background:#7cb4ff;color:#0b1a2e}
button:hover,.button:hover{background:#a3cbff}
a{color:#7cb4ff}
.button{background:#7cb4ff;color:#0b1a2e}
input[readonly]{background:#1d2a3b}
.alert{background:#3a1512;border-color:#f97066;color:#fecdca}
.hint{color:#aab6c8}
}
`;

export function layout(title: string, body: string, extraHead = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>${extraHead}
</head>
<body>
<main>
<p class="brand">Sentinel Health</p>
${body}
</main>
</body>
</html>`;
}

export const alert = (error?: string) =>
  error ? `<div class="alert" role="alert">${escapeHtml(error)}</div>` : '<div role="alert"></div>';

/** Step 1: e-mail and password, posted to `/interaction/<uid>/login`. */
export function loginPage(uid: string, options: { email?: string; error?: string } = {}): string {
  const id = encodeURIComponent(uid);
  return layout(
    TEXTS.signInTitle,
    `<h1>${TEXTS.signInTitle}</h1>
${alert(options.error)}
<form method="post" action="/interaction/${id}/login" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(options.email ?? '')}"${options.email ? '' : ' autofocus'}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${options.email ? ' autofocus' : ''}>
<button type="submit">Continue</button>
</form>
<p class="links"><a href="/forgot">${TEXTS.forgotLink}</a></p>`,
  );
}

/** The script of the passkey forms (public/passkey.js), a file of the provider's own: no inline script. */
const PASSKEY_SCRIPT = `\n<script src="${PASSKEY_SCRIPT_PATH}" defer></script>`;

/**
 * A passkey form: posts to `action` the browser's answer (`credential`) or its error name (`problem`), which
 * public/passkey.js fills in from the options carried in `data-passkey-options`.
 */
function passkeyForm(
  action: string,
  mode: 'create' | 'get',
  options: string,
  label: string,
  hintId: string,
  autofocus = false,
) {
  return `<form method="post" action="${action}" data-passkey="${mode}" data-passkey-options="${escapeHtml(options)}" novalidate>
${hidden('credential', '')}
${hidden('problem', '')}
<button type="submit" aria-describedby="${hintId}"${autofocus ? ' autofocus' : ''}>${label}</button>
</form>`;
}

/** Step 2 (MFA personas): the TOTP code, posted to `/interaction/<uid>/otp`. */
export function codePage(
  uid: string,
  options: { error?: string; passkeyAlternative?: boolean } = {},
): string {
  const id = encodeURIComponent(uid);
  const alternative = options.passkeyAlternative
    ? `\n<p class="links"><a href="/interaction/${id}?use=passkey">${PASSKEY_TEXTS.usePasskey}</a></p>`
    : '';
  return layout(
    TEXTS.codeTitle,
    `<h1>${TEXTS.codeTitle}</h1>
${alert(options.error)}
<form method="post" action="/interaction/${id}/otp" novalidate>
<label for="code">Authentication code</label>
<p class="hint" id="code-hint">${TEXTS.codeHint}</p>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus aria-describedby="code-hint">
<button type="submit">Verify</button>
</form>
<p class="links"><a href="/interaction/${id}/recovery">${RECOVERY_TEXTS.useInstead}</a></p>${alternative}`,
  );
}

/**
 * Step 2 for an account with a passkey: one button (focused, as the code box is on the code page; pressing it
 * is still the user's act) that asks the browser for it, posted to
 * `/interaction/<uid>/passkey`; the authenticator-app code instead when the account has one too.
 */
export function passkeyPage(
  uid: string,
  options: { options: string; totpAlternative: boolean; error?: string },
): string {
  const id = encodeURIComponent(uid);
  const T = PASSKEY_TEXTS;
  const alternative = options.totpAlternative
    ? `\n<p class="links"><a href="/interaction/${id}?use=code">${T.useCode}</a></p>`
    : '';
  return layout(
    T.signInTitle,
    `<h1>${T.signInTitle}</h1>
${alert(options.error)}
<p class="hint" id="passkey-hint">${T.signInHint}</p>
${passkeyForm(`/interaction/${id}/passkey`, 'get', options.options, T.signInSubmit, 'passkey-hint', true)}
<p class="links"><a href="/interaction/${id}/recovery">${RECOVERY_TEXTS.useInstead}</a></p>${alternative}`,
    PASSKEY_SCRIPT,
  );
}

/**
 * First sign-in of an account that needs a second factor and has none (enrolment.ts): the QR code, the setup key
 * as text, and the first code, posted to `/interaction/<uid>/enrol`.
 */
export function enrolPage(
  uid: string,
  options: { qrSvg: string; setupKey: string; passkeyOptions: string; error?: string },
): string {
  const id = encodeURIComponent(uid);
  const T = ENROLMENT_TEXTS;
  const P = PASSKEY_TEXTS;
  return layout(
    T.title,
    `<h1>${T.title}</h1>
${alert(options.error)}
<p>${P.choose}</p>
<h2>${P.appHeading}</h2>
<p>${T.intro}</p>
<div class="qr-frame">${options.qrSvg}</div>
<p><strong id="setup-key-label">${T.setupKey}</strong><br>
<code class="setup-key" aria-labelledby="setup-key-label">${escapeHtml(options.setupKey)}</code><br>
<span class="hint">${T.setupKeyHint}</span></p>
<form method="post" action="/interaction/${id}/enrol" novalidate>
<label for="code">${T.codeLabel}</label>
<p class="hint" id="code-hint">${T.codeHint}</p>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus aria-describedby="code-hint">
<button type="submit">${T.submit}</button>
</form>
<h2>${P.passkeyHeading}</h2>
<p class="hint" id="passkey-hint">${P.enrolHint}</p>
${passkeyForm(`/interaction/${id}/enrol-passkey`, 'create', options.passkeyOptions, P.enrolSubmit, 'passkey-hint')}`,
    PASSKEY_SCRIPT,
  );
}

/**
 * Logout hand-off. The session ends only when the provider's form (`form`, with its xsrf token) is POSTed; a GET
 * of this page never ends it. For the portal's own Log out (`autoSubmit`, a same-site navigation) the form is
 * submitted at once, with no confirmation step, as Auth0 does; a navigation from anywhere else (a link or a
 * script on another site) gets a Sign out button instead, so another site cannot sign a user out.
 */
export function logoutPage(form: string, options: { autoSubmit: boolean }): string {
  const logoutForm = form.replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  if (!options.autoSubmit) {
    return layout(
      TEXTS.signOutQuestion,
      `<h1>${TEXTS.signOutQuestion}</h1>
${logoutForm}
<button type="submit" form="op.logoutForm">${TEXTS.signOut}</button>`,
    );
  }
  return layout(
    'Signing out',
    `<h1>Signing out…</h1>
${logoutForm}
<noscript><button type="submit" form="op.logoutForm">Continue</button></noscript>
<script>document.getElementById('op.logoutForm').submit()</script>`,
  );
}

export function signedOutPage(): string {
  return layout(TEXTS.signedOut, `<h1>${TEXTS.signedOut}</h1>`);
}

export function errorPage(error: string, description?: string): string {
  return layout(
    'Sign-in error',
    `<h1>Something went wrong</h1>
<div class="alert" role="alert"><strong>${escapeHtml(error)}</strong>${description ? `: ${escapeHtml(description)}` : ''}</div>`,
  );
}

/** Which link a password page serves: an invitation (first password) or a reset. */
export type PasswordLinkKind = 'invitation' | 'reset';

/** Why a link page shows no form: the directory's ticket problems, and an account suspended meanwhile. */
export type LinkProblem = 'invalid' | 'expired' | 'used' | 'blocked';

const hidden = (name: string, value: string) =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

/** The errors of a form, one per line, in the alert region (read out when the page loads). */
const alertList = (errors: readonly string[]) =>
  errors.length > 1
    ? `<div class="alert" role="alert"><ul>${errors.map((error) => `<li>${escapeHtml(error)}</li>`).join('')}</ul></div>`
    : alert(errors[0]);

/**
 * The form that sets a password from a link, posted to `/invitation` or `/reset` with the link's token and the
 * CSRF token. The e-mail is shown read-only with autocomplete="username" so password managers file the new
 * password under the right account.
 */
export function setPasswordPage(options: {
  kind: PasswordLinkKind;
  ticket: string;
  email: string;
  csrf: string;
  hint: string;
  errors?: readonly string[];
}): string {
  const title = options.kind === 'invitation' ? TEXTS.invitationTitle : TEXTS.resetTitle;
  return layout(
    title,
    `<h1>${title}</h1>
${alertList(options.errors ?? [])}
<form method="post" action="/${options.kind}" novalidate>
${hidden('csrf', options.csrf)}
${hidden('ticket', options.ticket)}
<label for="email">Email</label>
<input id="email" type="email" autocomplete="username" value="${escapeHtml(options.email)}" readonly>
<label for="password">${TEXTS.newPassword}</label>
<p class="hint" id="password-hint">${escapeHtml(options.hint)}</p>
<input id="password" name="password" type="password" autocomplete="new-password" required autofocus aria-describedby="password-hint"${options.errors?.length ? ' aria-invalid="true"' : ''}>
<label for="confirm">${TEXTS.confirmPassword}</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" required>
<button type="submit">${TEXTS.savePassword}</button>
</form>`,
  );
}

/** The message for a link that cannot be used; no form, only a way on (a new link, or the sign-in). */
export function linkProblemPage(kind: PasswordLinkKind, problem: LinkProblem, signInUrl: string): string {
  const message =
    problem === 'blocked'
      ? TEXTS.accountBlocked
      : problem === 'invalid'
        ? TEXTS.linkInvalid
        : kind === 'invitation'
          ? problem === 'expired'
            ? TEXTS.invitationExpired
            : TEXTS.invitationUsed
          : problem === 'expired'
            ? TEXTS.resetExpired
            : TEXTS.resetUsed;
  // A new invitation comes from an administrator; a new reset link from the "Forgot password?" page.
  const next =
    kind === 'reset' && problem !== 'blocked'
      ? `<a href="/forgot">${TEXTS.askNewLink}</a>`
      : `<a href="${escapeHtml(signInUrl)}">${TEXTS.backToSignIn}</a>`;
  return layout(
    TEXTS.linkProblemTitle,
    `<h1>${TEXTS.linkProblemTitle}</h1>
${alert(message)}
<p class="links">${next}</p>`,
  );
}

/** After the password is set: the way to sign in (the portal, which starts a sign-in). */
export function passwordSetPage(signInUrl: string): string {
  return layout(
    TEXTS.passwordSetTitle,
    `<h1>${TEXTS.passwordSetTitle}</h1>
<p role="status">${TEXTS.passwordSet}</p>
<a class="button" href="${escapeHtml(signInUrl)}">${TEXTS.signIn}</a>`,
  );
}

/** "Forgot password?": the e-mail, posted to `/forgot` with the CSRF token. */
export function forgotPage(options: {
  csrf: string;
  signInUrl: string;
  email?: string;
  error?: string;
}): string {
  return layout(
    TEXTS.forgotTitle,
    `<h1>${TEXTS.forgotTitle}</h1>
${alert(options.error)}
<p class="hint" id="email-hint">${TEXTS.forgotIntro}</p>
<form method="post" action="/forgot" novalidate>
${hidden('csrf', options.csrf)}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus aria-describedby="email-hint" value="${escapeHtml(options.email ?? '')}"${options.error ? ' aria-invalid="true"' : ''}>
<button type="submit">${TEXTS.forgotSubmit}</button>
</form>
<p class="links"><a href="${escapeHtml(options.signInUrl)}">${TEXTS.backToSignIn}</a></p>`,
  );
}

/** The one answer to a "Forgot password?" request, whether or not the e-mail has an account. */
export function forgotSentPage(signInUrl: string): string {
  return layout(
    TEXTS.forgotSentTitle,
    `<h1>${TEXTS.forgotSentTitle}</h1>
<p role="status">${TEXTS.forgotSent}</p>
<p class="links"><a href="${escapeHtml(signInUrl)}">${TEXTS.backToSignIn}</a></p>`,
  );
}

/** A form post that cannot be taken (no or a wrong CSRF token, an unreadable body): nothing was changed. */
export function formProblemPage(message: string, retryHref: string): string {
  return layout(
    TEXTS.formProblemTitle,
    `<h1>${TEXTS.formProblemTitle}</h1>
${alert(message)}
<p class="links"><a href="${escapeHtml(retryHref)}">${TEXTS.reload}</a></p>`,
  );
}

/** An e-mail: subject, plain text (always) and HTML. */
export type MailContent = { subject: string; text: string; html: string };

/** A mail's HTML: its paragraphs, and a link as a button-like anchor with the address spelled out below. */
export function mailHtml(
  paragraphs: readonly string[],
  link?: { href: string; label: string; after: string },
): string {
  const para = (text: string) => `<p>${escapeHtml(text)}</p>`;
  const linkHtml = link
    ? `<p><a href="${escapeHtml(link.href)}" style="color:#0b5cad;font-weight:600">${escapeHtml(link.label)}</a></p>
<p style="color:#46556b;font-size:.9em;word-break:break-all">${escapeHtml(link.href)}</p>
${para(link.after)}`
    : '';
  return `<!DOCTYPE html><html lang="en"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#142033">
<p style="font-weight:700;color:#0b5cad">Sentinel Health</p>
${paragraphs.map(para).join('\n')}
${linkHtml}
</body></html>`;
}

export const MAIL_TEXTS = {
  resetSubject: 'Reset your Sentinel Health password',
  notSetUpSubject: 'Your Sentinel Health account is not set up yet',
  passwordChangedSubject: 'Your Sentinel Health password was changed',
} as const;

/** The reset link mail (the link works once, for an hour). */
export function resetMail(link: string): MailContent {
  const intro = 'Someone asked to reset the password of your Sentinel Health account.';
  const act = 'Open this link within 1 hour to choose a new password. It works once.';
  const ignore = 'If it was not you, ignore this e-mail: your password stays as it is.';
  return {
    subject: MAIL_TEXTS.resetSubject,
    text: `${intro}\n\n${act}\n${link}\n\n${ignore}\n`,
    html: mailHtml([intro, act], { href: link, label: 'Choose a new password', after: ignore }),
  };
}

/** To an invited account that asked for a reset: it has no password yet, the invitation sets the first one. */
export function notSetUpMail(): MailContent {
  const paragraphs = [
    'Someone asked to reset the password of your Sentinel Health account, but the account has no password yet.',
    'Open the invitation e-mail you received to set your password. If the invitation has expired, ask your administrator to send a new one.',
    'If it was not you, ignore this e-mail.',
  ];
  return {
    subject: MAIL_TEXTS.notSetUpSubject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: mailHtml(paragraphs),
  };
}

/** After a reset: the owner learns of it even when someone else did it. */
export function passwordChangedMail(): MailContent {
  const paragraphs = [
    'The password of your Sentinel Health account was just changed through a reset link.',
    'If it was not you, contact your administrator at once: they can suspend the account and help you take it back.',
  ];
  return {
    subject: MAIL_TEXTS.passwordChangedSubject,
    text: `${paragraphs.join('\n\n')}\n`,
    html: mailHtml(paragraphs),
  };
}
