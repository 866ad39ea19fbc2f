import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleTimeout } from './IdleTimeout';
import {
  IDLE_TIMEOUT_TEXTS,
  LAST_ACTIVITY_KEY,
  announcedStep,
  countdownInWords,
  formatCountdown,
  idlePhase,
} from './IdleTimeout.utils';

const MINUTE = 60_000;
const START = Date.parse('2026-11-02T14:30:00Z');

/** A storage shared by "tabs" of one test. */
function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the fake clock (and its timers) on by `ms`, letting React re-render. */
const pass = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

function renderIdle(storage = memoryStorage()) {
  const onLogout = vi.fn();
  const view = render(<IdleTimeout onLogout={onLogout} storage={storage} />);
  return { onLogout, storage, view };
}

const warningDialog = () =>
  screen.queryByRole('alertdialog', {
    name: IDLE_TIMEOUT_TEXTS.title,
    description: IDLE_TIMEOUT_TEXTS.message(15 * MINUTE),
  });

describe('automatic logoff after 15 minutes idle (HIPAA 164.312(a)(2)(iii))', () => {
  it('shows nothing for the first 13 minutes without activity', () => {
    renderIdle();
    pass(13 * MINUTE - 1_000);
    expect(warningDialog()).toBeNull();
  });

  it('warns at 13 minutes with a 2:00 countdown, focus on Stay signed in', () => {
    renderIdle();
    pass(13 * MINUTE);
    const dialog = warningDialog();
    expect(dialog).toBeTruthy();
    expect(screen.getByRole('timer', { name: IDLE_TIMEOUT_TEXTS.countdownLabel }).textContent).toBe('2:00');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: IDLE_TIMEOUT_TEXTS.stay }));
    expect(screen.getByRole('button', { name: IDLE_TIMEOUT_TEXTS.logOut })).toBeTruthy();
  });

  it('counts down every second', () => {
    renderIdle();
    pass(13 * MINUTE);
    pass(1_000);
    expect(screen.getByRole('timer').textContent).toBe('1:59');
    pass(60_000);
    expect(screen.getByRole('timer').textContent).toBe('0:59');
  });

  it('reads the time left out at steps, not every second', () => {
    renderIdle();
    pass(13 * MINUTE);
    const live = screen.getByText(IDLE_TIMEOUT_TEXTS.announce(120));
    expect(live.getAttribute('aria-live')).toBe('polite');
    pass(20_000);
    expect(live.textContent).toBe(IDLE_TIMEOUT_TEXTS.announce(120));
    pass(10_000);
    expect(live.textContent).toBe('You will be signed out in 1 minute 30 seconds.');
    pass(80_000);
    expect(live.textContent).toBe('You will be signed out in 10 seconds.');
  });

  it('signs out by itself at 15 minutes, once', () => {
    const { onLogout } = renderIdle();
    pass(15 * MINUTE - 1_000);
    expect(onLogout).not.toHaveBeenCalled();
    pass(1_000);
    expect(onLogout).toHaveBeenCalledOnce();
    pass(5 * MINUTE);
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('activity before the warning starts the 15 minutes again', () => {
    const { onLogout } = renderIdle();
    pass(10 * MINUTE);
    fireEvent.keyDown(document.body, { key: 'a' });
    pass(12 * MINUTE);
    expect(warningDialog()).toBeNull();
    fireEvent.pointerDown(document.body);
    pass(14 * MINUTE);
    expect(onLogout).not.toHaveBeenCalled();
    expect(warningDialog()).toBeTruthy();
  });

  it('a pointer move while the warning shows does not dismiss it: the person has to answer', () => {
    const { onLogout } = renderIdle();
    pass(13 * MINUTE);
    fireEvent.pointerMove(document.body);
    fireEvent.scroll(document);
    pass(2 * MINUTE);
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('Stay signed in closes the warning and restarts the 15 minutes', () => {
    const { onLogout } = renderIdle();
    pass(14 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: IDLE_TIMEOUT_TEXTS.stay }));
    expect(warningDialog()).toBeNull();
    pass(13 * MINUTE - 1_000);
    expect(warningDialog()).toBeNull();
    pass(2 * MINUTE + 1_000);
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('Escape answers Stay signed in', () => {
    const { onLogout } = renderIdle();
    pass(13 * MINUTE);
    const dialog = warningDialog();
    if (!dialog) throw new Error('the warning did not show');
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(warningDialog()).toBeNull();
    pass(2 * MINUTE);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('Log out signs out at once', () => {
    const { onLogout } = renderIdle();
    pass(13 * MINUTE);
    fireEvent.click(screen.getByRole('button', { name: IDLE_TIMEOUT_TEXTS.logOut }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it('a laptop waking after 40 minutes asleep signs out on its first tick', () => {
    const { onLogout } = renderIdle();
    // Timers do not run while asleep: the clock jumps, then one tick comes.
    vi.setSystemTime(START + 40 * MINUTE);
    pass(1_000);
    expect(onLogout).toHaveBeenCalledOnce();
    expect(warningDialog()).toBeNull();
  });

  it('activity in another tab of the portal keeps this one signed in', () => {
    const shared = memoryStorage();
    const { onLogout } = renderIdle(shared);
    pass(10 * MINUTE);
    shared.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
    pass(12 * MINUTE);
    expect(warningDialog()).toBeNull();
    // The other tab's activity also closes a warning that is showing here.
    pass(2 * MINUTE);
    expect(warningDialog()).toBeTruthy();
    act(() => {
      shared.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
      window.dispatchEvent(new StorageEvent('storage', { key: LAST_ACTIVITY_KEY }));
    });
    expect(warningDialog()).toBeNull();
    expect(onLogout).not.toHaveBeenCalled();
  });

  it("shares this tab's activity for the other tabs", () => {
    const { storage } = renderIdle();
    pass(5 * MINUTE);
    fireEvent.keyDown(document.body, { key: 'a' });
    expect(Number(storage.getItem(LAST_ACTIVITY_KEY))).toBe(START + 5 * MINUTE);
  });
});

describe('the idle rules', () => {
  it('say active, warning with the seconds left, or expired', () => {
    const limits = { timeoutMs: 15 * MINUTE, warningMs: 2 * MINUTE };
    expect(idlePhase(0, 13 * MINUTE - 1, limits)).toEqual({ phase: 'active' });
    expect(idlePhase(0, 13 * MINUTE, limits)).toEqual({ phase: 'warning', secondsLeft: 120 });
    expect(idlePhase(0, 15 * MINUTE - 1, limits)).toEqual({ phase: 'warning', secondsLeft: 1 });
    expect(idlePhase(0, 15 * MINUTE, limits)).toEqual({ phase: 'expired' });
  });

  it('write the countdown as a clock and in words', () => {
    expect(formatCountdown(120)).toBe('2:00');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(-3)).toBe('0:00');
    expect(countdownInWords(120)).toBe('2 minutes');
    expect(countdownInWords(61)).toBe('1 minute 1 second');
    expect(countdownInWords(30)).toBe('30 seconds');
    expect(countdownInWords(0)).toBe('0 seconds');
  });

  it('step the announcements at 2 minutes, 90, 60, 30 and 10 seconds', () => {
    expect([120, 91, 90, 61, 60, 31, 30, 11, 10, 1].map(announcedStep)).toEqual([
      120, 120, 90, 90, 60, 60, 30, 30, 10, 10,
    ]);
  });
});
