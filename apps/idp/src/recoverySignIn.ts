/**
 * The sign-in steps of recovery codes (recoveryCodes.ts; REQ-auth-recovery-codes), beside the interaction
 * handler (interactions.ts), which hands over at three points: right after a first authenticator is confirmed
 * (`issueCodes`: ten new codes, shown once, and the sign-in waits for Continue), at the second step
 * (`useCode`: a recovery code instead of the app's code), and on Continue (`continueSignIn`).
 *
 * A wrong recovery code counts toward the same limits as a wrong app code (the 'otp' step of rateLimit.ts), so
 * switching to this form buys an attacker no extra guesses. A used code is written to the audit log (who, when,
 * how many are left), never the code itself.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccountDirectory } from './directory/types';
import { loginPage } from './pages';
import type { SignInGuard } from './rateLimit';
import { FEW_RECOVERY_CODES, newRecoveryCodes, normalizeRecoveryCode, RECOVERY_TEXTS } from './recoveryCodes';
import { fewRecoveryCodesPage, recoveryCodeEntryPage, recoveryCodesPage } from './recoveryPages';

/** How long the codes page (or the few-left note) may wait for Continue: as long as the other second steps. */
const CONTINUE_MS = 10 * 60 * 1000;

/** A sign-in whose factors are all checked, waiting for the Continue of a page in between. */
type WaitingToContinue = {
  accountId: string;
  amr: string[];
  expiresAt: number;
  /** The new codes, until Continue (the page may be reloaded meanwhile); never stored in plain text. */
  codes?: readonly string[];
  /** After a sign-in with a recovery code: how many unused ones are left. */
  left?: number;
};

export type RecoveryStepOptions = {
  directory: AccountDirectory;
  guard: SignInGuard;
  send: (res: ServerResponse, status: number, html: string) => void;
  /** interactions.ts: the sign-in limits before an attempt is looked at; false when a 429 has been sent. */
  admitted: (
    res: ServerResponse,
    step: 'pwd' | 'otp',
    account: string,
    ip: string,
    page: (error: string) => string,
  ) => Promise<boolean>;
  /** interactions.ts: completes the sign-in with these methods. */
  signedIn: (req: IncomingMessage, res: ServerResponse, accountId: string, amr: string[]) => Promise<void>;
  clientIp: (req: IncomingMessage) => string;
  log?: (line: string) => void;
};

export function createRecoverySteps(options: RecoveryStepOptions) {
  const { directory, guard, send, admitted, signedIn, clientIp } = options;
  const waiting = new Map<string, WaitingToContinue>();
  const signInAgain = (res: ServerResponse, uid: string) =>
    send(res, 400, loginPage(uid, { error: 'Sign in again to continue.' }));

  const showWaiting = (res: ServerResponse, uid: string, entry: WaitingToContinue) =>
    send(
      res,
      200,
      entry.codes ? recoveryCodesPage(uid, entry.codes) : fewRecoveryCodesPage(uid, entry.left ?? 0),
    );

  return {
    /** Forgets the pages whose time has passed. */
    sweep() {
      for (const [uid, entry] of waiting) if (entry.expiresAt <= Date.now()) waiting.delete(uid);
    },

    /** The page a sign-in waits on (codes, or few left), for a reload; false when it waits on none. */
    showPending(res: ServerResponse, uid: string): boolean {
      const entry = waiting.get(uid);
      if (!entry) return false;
      showWaiting(res, uid, entry);
      return true;
    },

    /** The recovery code form, only at the second step of a sign-in. */
    showEntry(res: ServerResponse, uid: string, atSecondStep: boolean) {
      if (atSecondStep) send(res, 200, recoveryCodeEntryPage(uid));
      else send(res, 400, loginPage(uid, { error: 'Enter your email and password first.' }));
    },

    /**
     * Right after the first authenticator is kept: new codes replace any earlier ones (an admin's reset removed
     * them), the page shows them, and the sign-in completes on Continue.
     */
    async issueCodes(res: ServerResponse, uid: string, sub: string, amr: readonly string[]) {
      const codes = newRecoveryCodes();
      await directory.setRecoveryCodes(
        sub,
        codes.map((code) => normalizeRecoveryCode(code) ?? code),
      );
      const entry = { accountId: sub, amr: [...amr], expiresAt: Date.now() + CONTINUE_MS, codes };
      waiting.set(uid, entry);
      showWaiting(res, uid, entry);
    },

    /** Continue on a page in between: the sign-in completes, unless the account was suspended meanwhile. */
    async continueSignIn(req: IncomingMessage, res: ServerResponse, uid: string) {
      const entry = waiting.get(uid);
      waiting.delete(uid);
      const account = entry && (await directory.find(entry.accountId));
      if (!entry || !account || account.blocked) {
        signInAgain(res, uid);
        return;
      }
      await signedIn(req, res, entry.accountId, entry.amr);
    },

    /**
     * A recovery code at the second step. True when the step is done (signed in, or the few-left note shown):
     * the caller then forgets its waiting code step.
     */
    async useCode(
      req: IncomingMessage,
      res: ServerResponse,
      uid: string,
      accountId: string,
      typed: string,
    ): Promise<boolean> {
      const ip = clientIp(req);
      const page = (error: string) => recoveryCodeEntryPage(uid, { error });
      if (!(await admitted(res, 'otp', accountId, ip, page))) return false;
      const account = await directory.find(accountId);
      const code = normalizeRecoveryCode(typed);
      // Blocked between the two steps: refused like a wrong code, as the app-code step does.
      const result =
        account && !account.blocked && code ? await directory.useRecoveryCode(accountId, code) : undefined;
      if (!result?.used) {
        guard.failed('otp', accountId, ip);
        send(res, 401, page(RECOVERY_TEXTS.wrongCode));
        return false;
      }
      guard.succeeded('otp', accountId, ip);
      options.log?.(
        `[idp] audit: sign-in of ${accountId} with a recovery code from ${ip}; ${result.remaining} left`,
      );
      // A recovery code is a one-time password (RFC 8176 "otp"): the sign-in counts as two factors.
      const amr = ['pwd', 'otp'];
      if (result.remaining <= FEW_RECOVERY_CODES) {
        const entry = { accountId, amr, expiresAt: Date.now() + CONTINUE_MS, left: result.remaining };
        waiting.set(uid, entry);
        showWaiting(res, uid, entry);
        return true;
      }
      await signedIn(req, res, accountId, amr);
      return true;
    },
  };
}
