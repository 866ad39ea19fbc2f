/**
 * TOTP second factor (RFC 6238: SHA-1, 6 digits, 30-second steps) with replay protection (RFC 6238 5.2): the
 * provider remembers, per account, the last time step it accepted and refuses any code of that step or an
 * earlier one, so a code seen over a shoulder or caught by a phishing page is good once. At most one step of
 * clock drift is accepted either side. The last steps live in `<dataDir>/totp-steps.json`, written atomically
 * before the sign-in goes on, so a restart does not reopen a replay.
 */
import { timingSafeEqual } from 'node:crypto';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import { readJson, writeJsonAtomic } from './files';

export const TOTP_PERIOD_SECONDS = 30;
/** Steps accepted either side of the current one (a phone's clock a little off, a code typed at a step's end). */
export const TOTP_DRIFT_STEPS = 1;

/** The RFC 6238 time step of an instant (epoch milliseconds). */
export const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);

const sameCode = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The step whose code `code` is, among the current step and one either side, counting only steps later than
 * `lastStep` (the last one this account used); undefined when there is none. When a code matches two steps
 * (one in a million) the earlier is taken, so the account's next code is held back as little as possible.
 */
export function acceptedTotpStep(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | undefined,
): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    algorithm: 'SHA1',
  });
  const current = totpStep(nowMs);
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step += 1) {
    if (lastStep !== undefined && step <= lastStep) continue;
    const expected = totp.generate({ timestamp: step * TOTP_PERIOD_SECONDS * 1000 });
    if (sameCode(expected, code)) return step;
  }
  return undefined;
}

export type TotpVerifier = {
  /**
   * True when `code` is a good code of `secret` for the account now, and not one of a step the account already
   * used; the step is then remembered (on disk before this resolves), so the same code is refused next time.
   */
  verify(account: string, secret: string, code: string): Promise<boolean>;
  /** Resolves when every accepted step has reached the disk. */
  flush(): Promise<void>;
};

/** Loads the accounts' last steps from the data folder; `now` is injectable for tests. */
export async function createTotpVerifier(
  dataDir: string,
  now: () => number = Date.now,
): Promise<TotpVerifier> {
  const file = path.join(dataDir, 'totp-steps.json');
  const stored = await readJson(file);
  const lastSteps = new Map<string, number>();
  if (typeof stored === 'object' && stored !== null) {
    for (const [account, step] of Object.entries(stored)) {
      if (Number.isSafeInteger(step)) lastSteps.set(account, step as number);
    }
  }
  let writing: Promise<void> = Promise.resolve();
  const persist = () => {
    // A code is accepted only for steps from now - drift on, so a last step older than that guards nothing.
    const oldestUseful = totpStep(now()) - TOTP_DRIFT_STEPS;
    for (const [account, step] of lastSteps) if (step < oldestUseful) lastSteps.delete(account);
    const snapshot = Object.fromEntries(lastSteps);
    writing = writing.catch(() => undefined).then(() => writeJsonAtomic(file, snapshot));
    return writing;
  };
  return {
    async verify(account, secret, code) {
      // Check and remember in one synchronous step: two posts of the same code at once cannot both pass.
      const step = acceptedTotpStep(secret, code, now(), lastSteps.get(account));
      if (step === undefined) return false;
      lastSteps.set(account, step);
      await persist();
      return true;
    },
    flush: () => writing.catch(() => undefined),
  };
}
