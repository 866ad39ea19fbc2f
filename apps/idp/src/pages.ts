/**
 * The provider's own HTML pages: sign-in, authentication code, logout hand-off and errors. Self-contained
 * (inline CSS, system fonts, no external assets), accessible (labelled fields, an alert region for errors), in
 * the viewer's light or dark scheme like the portal.
 */
const escapeHtml = (value: string) =>
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
  secondFactorNotEnrolled:
    'Your account needs two-step verification, but no authenticator is set up. Ask an administrator to set one up.',
  accountBlocked: 'Your account is suspended. Contact your administrator to restore access.',
  signOutQuestion: 'Sign out of Sentinel Health?',
  signOut: 'Sign out',
} as const;

const CSS = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f4f7fb;
font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#142033;line-height:1.5}
main{width:100%;max-width:26rem;margin:1rem;padding:2rem;background:#fff;border:1px solid #d5dde8;border-radius:12px;
box-shadow:0 4px 16px rgba(20,32,51,.08)}
.brand{font-weight:700;color:#0b5cad;margin:0 0 .25rem}
h1{font-size:1.375rem;margin:0 0 1.25rem}
p{margin:0 0 1rem}
label{display:block;font-weight:600;margin:0 0 .25rem}
input{display:block;width:100%;font:inherit;padding:.625rem .75rem;margin:0 0 1rem;border:1px solid #8593a8;
border-radius:8px;color:#142033;background:#fff}
input:focus-visible,button:focus-visible{outline:3px solid #0b5cad;outline-offset:2px}
button{width:100%;font:inherit;font-weight:600;padding:.7rem 1rem;border:0;border-radius:8px;background:#0b5cad;
color:#fff;cursor:pointer}
button:hover{background:#094a8c}
.alert{padding:.75rem 1rem;margin:0 0 1rem;border:1px solid #b42318;border-left-width:4px;border-radius:8px;
background:#fdf0ef;color:#7a1a12}
.hint{color:#46556b;font-size:.9375rem}
@media (prefers-color-scheme:dark){
body{background:#0f1724;color:#e6edf7}
main{background:#17212f;border-color:#2c3a4f;box-shadow:none}
.brand{color:#7cb4ff}
input{background:#0f1724;color:#e6edf7;border-color:#7a8aa3}
input:focus-visible,button:focus-visible{outline-color:#7cb4ff}
button{background:#7cb4ff;color:#0b1a2e}
button:hover{background:#a3cbff}
.alert{background:#3a1512;border-color:#f97066;color:#fecdca}
.hint{color:#aab6c8}
}
`;

function layout(title: string, body: string, extraHead = ''): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
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

const alert = (error?: string) =>
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
</form>`,
  );
}

/** Step 2 (MFA personas): the TOTP code, posted to `/interaction/<uid>/otp`. */
export function codePage(uid: string, options: { error?: string } = {}): string {
  const id = encodeURIComponent(uid);
  return layout(
    TEXTS.codeTitle,
    `<h1>${TEXTS.codeTitle}</h1>
${alert(options.error)}
<form method="post" action="/interaction/${id}/otp" novalidate>
<label for="code">Authentication code</label>
<p class="hint" id="code-hint">${TEXTS.codeHint}</p>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus aria-describedby="code-hint">
<button type="submit">Verify</button>
</form>`,
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
