/**
 * The policy for a password a person sets through an invitation or reset link (REQ-auth-provider-pages), after
 * current guidance (NIST SP 800-63B, OWASP ASVS V2.1): length matters, composition rules (a digit, a capital,
 * ...) do not, and a password found in lists of common or breached passwords, or built from the account's own
 * e-mail, is refused. Each broken rule has its own message so the person knows what to change.
 *
 * - at least 12 characters (counted as Unicode characters, so an accented letter or an emoji is one);
 * - at most 128 (the provider hashes what it is given; a bound keeps one request's work bounded);
 * - not on the common-passwords list of @zxcvbn-ts/language-common (about 49,000 entries from public leaks),
 *   compared without case;
 * - not the e-mail address nor its local part, without case, and not containing them either (a local part of
 *   fewer than 3 characters is too short to mean anything inside a longer password and is compared whole).
 */
import { dictionary } from '@zxcvbn-ts/language-common';

export const MIN_PASSWORD_LENGTH = 12;
export const MAX_PASSWORD_LENGTH = 128;

export type PasswordProblem = 'too-short' | 'too-long' | 'common' | 'contains-email';

export const PASSWORD_MESSAGES: Readonly<Record<PasswordProblem, string>> = {
  'too-short': `Use at least ${MIN_PASSWORD_LENGTH} characters.`,
  'too-long': `Use at most ${MAX_PASSWORD_LENGTH} characters.`,
  common: 'This password is on a list of commonly used passwords. Choose one that is harder to guess.',
  'contains-email': 'Do not use your e-mail address, or the part before the @, in your password.',
};

/** What the form says before anyone types: the rules in one sentence. */
export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters. Not a common password, and not your e-mail address.`;

export type PasswordCheck =
  | { readonly ok: true }
  | {
      readonly ok: false;
      readonly problems: readonly PasswordProblem[];
      readonly messages: readonly string[];
    };

let common: ReadonlySet<string> | undefined;
/** Built on first use: the list decompresses to about 49,000 words, which sign-in alone never needs. */
const commonPasswords = () =>
  (common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())));

/** Letters and digits only: `dr.alice.smith` and `Dr-Alice-Smith!` meet as `dralicesmith`. */
const alphanumeric = (value: string) => value.replace(/[^\p{L}\p{N}]/gu, '');

function containsEmail(password: string, email: string): boolean {
  const lowered = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (!address) return false;
  if (lowered.includes(address)) return true;
  const local = address.split('@')[0] ?? '';
  if (local.length < 3) return lowered === local;
  if (lowered.includes(local)) return true;
  const bareLocal = alphanumeric(local);
  return bareLocal.length >= 3 && alphanumeric(lowered).includes(bareLocal);
}

/** Checks a new password for the account with this e-mail against every rule; all problems found are listed. */
export function checkPassword(password: string, context: { readonly email: string }): PasswordCheck {
  const problems: PasswordProblem[] = [];
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) problems.push('too-short');
  if (length > MAX_PASSWORD_LENGTH) problems.push('too-long');
  if (commonPasswords().has(password.toLowerCase())) problems.push('common');
  if (containsEmail(password, context.email)) problems.push('contains-email');
  return problems.length
    ? { ok: false, problems, messages: problems.map((problem) => PASSWORD_MESSAGES[problem]) }
    : { ok: true };
}
