import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useDeferredStart } from './useDeferredStart';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useDeferredStart', () => {
  it('waits for the page to load and for the browser to be idle', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    const { result, unmount } = renderHook(() => useDeferredStart());
    expect(result.current).toBe(false);
    act(() => {
      window.dispatchEvent(new Event('load'));
    });
    expect(result.current).toBe(false);
    expect(idle).toHaveLength(1);
    act(() => idle[0]?.());
    expect(result.current).toBe(true);
    unmount();
    vi.unstubAllGlobals();
  });

  it('starts at the next idle moment on a page that has loaded, and forgets a pending start when unmounted', () => {
    vi.spyOn(document, 'readyState', 'get').mockReturnValue('complete');
    const cancelled: number[] = [];
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', (id: number) => cancelled.push(id));
    const { result, unmount } = renderHook(() => useDeferredStart());
    expect(result.current).toBe(false);
    unmount();
    expect(cancelled).toStrictEqual([7]);
    vi.unstubAllGlobals();
  });
});
