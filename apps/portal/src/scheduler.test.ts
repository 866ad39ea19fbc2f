import { afterEach, describe, expect, it, vi } from 'vitest';
import { repeatWithInterval } from './scheduler';

describe("the portal's default interval timer", () => {
  afterEach(() => vi.useRealTimers());

  it('runs the task once every period until it is cancelled', () => {
    vi.useFakeTimers();
    const task = vi.fn();
    const cancel = repeatWithInterval(task, 1_000);
    vi.advanceTimersByTime(999);
    expect(task).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(task).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2_000);
    expect(task).toHaveBeenCalledTimes(3);
    cancel();
    vi.advanceTimersByTime(5_000);
    expect(task).toHaveBeenCalledTimes(3);
  });
});
