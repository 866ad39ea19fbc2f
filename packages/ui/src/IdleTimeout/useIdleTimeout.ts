import { useCallback, useEffect, useRef, useState } from 'react';
import {
  IDLE_TIMEOUT,
  LAST_ACTIVITY_KEY,
  idlePhase,
  type IdleLimits,
  type IdlePhase,
} from './IdleTimeout.utils';

/** What counts as the person being there: pressing, typing, scrolling, touching, moving the pointer. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;

/** Activity is written to the shared storage at most this often (pointer moves come by the hundred). */
const SHARE_EVERY_MS = 1_000;

type SharedStorage = Pick<Storage, 'getItem' | 'setItem'>;

export type IdleTimeoutOptions = {
  /** Called once, when the session has been idle for the whole timeout. */
  onTimeout: () => void;
  limits?: IdleLimits;
  /** Milliseconds since the epoch; `Date.now` unless a story or test fixes it. */
  clock?: () => number;
  /** When the last activity was; the moment of mounting unless given. */
  lastActivityAt?: number;
  /**
   * Where the portal's open tabs share their last activity, so that working in one tab keeps the others
   * signed in (signing out in one ends the session for all of them). `localStorage` by default; null: this tab
   * alone.
   */
  storage?: SharedStorage | null;
};

function defaultStorage(): SharedStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage blocked by the browser's settings: each tab counts its own activity.
    return null;
  }
}

function readShared(storage: SharedStorage | null): number {
  try {
    const value = Number(storage?.getItem(LAST_ACTIVITY_KEY));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

function writeShared(storage: SharedStorage | null, at: number) {
  try {
    storage?.setItem(LAST_ACTIVITY_KEY, String(at));
  } catch {
    // Full or blocked storage: this tab still counts its own activity.
  }
}

const samePhase = (a: IdlePhase, b: IdlePhase) =>
  a.phase === b.phase &&
  (a.phase !== 'warning' || (b.phase === 'warning' && a.secondsLeft === b.secondsLeft));

/**
 * Tracks the signed-in person's activity and says where the session stands: active, in the warning (with the
 * seconds left), or expired (then `onTimeout` runs, once). Activity while the warning shows does not dismiss
 * it: the person answers it (`staySignedIn`) so that a stray pointer move cannot keep an unattended screen
 * open. The phase is computed from timestamps on every tick, on returning to the tab and on activity in
 * another tab, so a throttled background timer or a sleeping laptop cannot stretch the timeout.
 */
export function useIdleTimeout({
  onTimeout,
  limits = IDLE_TIMEOUT,
  clock = Date.now,
  lastActivityAt,
  storage: givenStorage,
}: IdleTimeoutOptions): { phase: IdlePhase; staySignedIn: () => void } {
  const storage = givenStorage === undefined ? defaultStorage() : givenStorage;
  const last = useRef<number | undefined>(undefined);
  last.current ??= lastActivityAt ?? clock();
  const [phase, setPhase] = useState<IdlePhase>(() => idlePhase(last.current ?? 0, clock(), limits));
  const phaseRef = useRef(phase);
  const timedOut = useRef(false);
  const lastShared = useRef(-Infinity);
  const onTimeoutRef = useRef(onTimeout);
  useEffect(() => {
    onTimeoutRef.current = onTimeout;
  });

  const evaluate = useCallback(() => {
    const seen = Math.max(last.current ?? 0, readShared(storage));
    const next = idlePhase(seen, clock(), limits);
    if (!samePhase(phaseRef.current, next)) {
      phaseRef.current = next;
      setPhase(next);
    }
    if (next.phase === 'expired' && !timedOut.current) {
      timedOut.current = true;
      onTimeoutRef.current();
    }
  }, [clock, limits, storage]);

  const record = useCallback(
    (at: number) => {
      last.current = at;
      if (at - lastShared.current >= SHARE_EVERY_MS) {
        lastShared.current = at;
        writeShared(storage, at);
      }
    },
    [storage],
  );

  useEffect(() => {
    const onActivity = () => {
      if (phaseRef.current.phase === 'active') record(clock());
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_KEY) evaluate();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') evaluate();
    };
    for (const name of ACTIVITY_EVENTS) {
      document.addEventListener(name, onActivity, { capture: true, passive: true });
    }
    window.addEventListener('storage', onStorage);
    document.addEventListener('visibilitychange', onVisible);
    const timer = window.setInterval(evaluate, 1_000);
    evaluate();
    return () => {
      for (const name of ACTIVITY_EVENTS) document.removeEventListener(name, onActivity, { capture: true });
      window.removeEventListener('storage', onStorage);
      document.removeEventListener('visibilitychange', onVisible);
      window.clearInterval(timer);
    };
  }, [clock, evaluate, record]);

  const staySignedIn = useCallback(() => {
    if (timedOut.current) return;
    lastShared.current = -Infinity;
    record(clock());
    evaluate();
  }, [clock, evaluate, record]);

  return { phase, staySignedIn };
}
