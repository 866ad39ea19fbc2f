/**
 * One-time recovery codes (REQ-auth-recovery-codes). When an account enrols its second factor
 * it gets ten codes, shown once; at the second step of a sign-in, one of them can stand in for the
 * authenticator app's code (a lost or broken phone), once. The directory keeps only a keyed hash of each
 * (directory/secretHashes.ts).
 *
 * A code is 10 characters from a 31-letter alphabet without look-alikes (no 0/o, 1/l/i), about 49.5 bits:
 * guessing one online is hopeless under the sign-in limits (5 failures per 15 minutes for an account from one
 * address, 20 from all), and it is short enough to type from paper. Shown as two groups of five
 * ("abcde-fghij"); typed in any case, with or without the hyphen or spaces.
 */
import { randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
export const RECOVERY_CODE_LENGTH = 10;
export const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** At or below this many unused codes, a sign-in with one tells the user to get new ones. */
export const FEW_RECOVERY_CODES = 3;

export const RECOVERY_TEXTS = {
  useInstead: 'Use a recovery code instead',
  useAppInstead: 'Use the code from your app instead',
  savedTitle: 'Save your recovery codes',
  savedIntro:
    'If you lose your phone or cannot use your authenticator app, a recovery code lets you sign in instead of a code from the app.',
  savedOnce:
    'Each code works once. Keep them somewhere safe, such as a password manager or a printed copy: they are shown only now.',
  savedCopyHint: 'To keep a copy, select the list and copy it, or print this page.',
  listLabel: 'Your recovery codes',
  continue: 'Continue',
  signInTitle: 'Use a recovery code',
  codeLabel: 'Recovery code',
  codeHint:
    'Enter one of the recovery codes you saved when you set up two-step verification, for example abcde-fghij. Each code works once.',
  submit: 'Sign in',
  wrongCode:
    'That recovery code is not valid or has already been used. Check it against your saved list and try another.',
  fewLeftTitle: 'You are running out of recovery codes',
  fewLeft: (left: number) =>
    left === 0
      ? 'You have used your last recovery code.'
      : `You have ${left} recovery code${left === 1 ? '' : 's'} left.`,
  fewLeftAdvice:
    'To get new codes, ask your administrator to reset your two-step verification: you then set up your app again and receive ten new codes.',
} as const;

/** Ten new random codes, as shown to the user ("abcde-fghij"). */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = '';
    for (let i = 0; i < RECOVERY_CODE_LENGTH; i += 1)
      code += RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)];
    codes.add(code);
  }
  return [...codes].map(groupedCode);
}

/** A code in two groups of five, as shown. */
export const groupedCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;

/**
 * A typed code as the directory keeps it: lower case, without spaces and hyphens. Undefined for anything that
 * cannot be a code (wrong length or a character outside the alphabet): refused without a directory lookup, and
 * still counted as a failed attempt by the caller.
 */
export function normalizeRecoveryCode(typed: string): string | undefined {
  const code = typed.toLowerCase().replace(/[\s-]+/g, '');
  if (code.length !== RECOVERY_CODE_LENGTH) return undefined;
  for (const char of code) if (!RECOVERY_ALPHABET.includes(char)) return undefined;
  return code;
}
