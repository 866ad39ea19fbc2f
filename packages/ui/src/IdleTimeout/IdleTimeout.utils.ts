/**
 * Automatic logoff (HIPAA 164.312(a)(2)(iii); ASVS 3.3.2): a signed-in session ends after 15 minutes without
 * activity, and the last 2 of them show a warning with a countdown. Pure rules, with time passed in.
 */

/** 15 minutes without activity end the session; the warning shows for the last 2. */
export const IDLE_TIMEOUT = { timeoutMs: 15 * 60_000, warningMs: 2 * 60_000 } as const;

export type IdleLimits = { readonly timeoutMs: number; readonly warningMs: number };

export type IdlePhase =
  | { readonly phase: 'active' }
  | { readonly phase: 'warning'; readonly secondsLeft: number }
  | { readonly phase: 'expired' };

/** Where a session stands `now`, its last activity having been at `lastActivity` (both in ms). */
export function idlePhase(lastActivity: number, now: number, limits: IdleLimits = IDLE_TIMEOUT): IdlePhase {
  const left = lastActivity + limits.timeoutMs - now;
  if (left <= 0) return { phase: 'expired' };
  if (left <= limits.warningMs) return { phase: 'warning', secondsLeft: Math.ceil(left / 1000) };
  return { phase: 'active' };
}

/** The remaining time as a clock shows it: `2:00`, `0:09`. */
export function formatCountdown(secondsLeft: number): string {
  const seconds = Math.max(0, Math.ceil(secondsLeft));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The remaining time in words, for screen readers: `2 minutes`, `1 minute 30 seconds`, `10 seconds`. */
export function countdownInWords(secondsLeft: number): string {
  const seconds = Math.max(0, Math.ceil(secondsLeft));
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const parts = [
    minutes ? `${minutes} minute${minutes === 1 ? '' : 's'}` : '',
    rest || !minutes ? `${rest} second${rest === 1 ? '' : 's'}` : '',
  ];
  return parts.filter(Boolean).join(' ');
}

/**
 * The remaining seconds at which the countdown is read out. A screen reader reading every second would drown
 * everything else, so the live announcement moves only at these steps (the visible timer ticks every second).
 */
export const ANNOUNCED_SECONDS = [120, 90, 60, 30, 10] as const;

/**
 * The announcement step a countdown of `secondsLeft` stands at: the smallest step not below it. The countdown
 * is read out (with the real time left) each time the step changes.
 */
export function announcedStep(secondsLeft: number): number {
  let step: number = ANNOUNCED_SECONDS[0];
  for (const candidate of ANNOUNCED_SECONDS) if (secondsLeft <= candidate) step = candidate;
  return step;
}

export const IDLE_TIMEOUT_TEXTS = {
  title: 'Are you still there?',
  message: (timeoutMs: number) =>
    `For your security, you are signed out after ${Math.round(timeoutMs / 60_000)} minutes without activity.`,
  countdownLabel: 'Time left before you are signed out',
  announce: (secondsLeft: number) => `You will be signed out in ${countdownInWords(secondsLeft)}.`,
  stay: 'Stay signed in',
  logOut: 'Log out',
} as const;

/** The localStorage key where open tabs of the portal share their last activity (ms since the epoch). */
export const LAST_ACTIVITY_KEY = 'sentinel.lastActivity';
