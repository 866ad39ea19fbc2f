import { useEffect, useState } from 'react';

/**
 * False until the page has loaded and the browser is idle (requestIdleCallback, `timeoutMs` at most after the
 * load), then true. For requests whose answer is not part of the first view (a tab label's count): they start
 * after the view's own files and data instead of competing with them on a slow connection (REQ-perf-lighthouse).
 */
export function useDeferredStart(timeoutMs = 1000): boolean {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    let cancel = () => undefined as void;
    const whenIdle = () => {
      if (typeof window.requestIdleCallback === 'function') {
        const id = window.requestIdleCallback(() => setStarted(true), { timeout: timeoutMs });
        cancel = () => window.cancelIdleCallback(id);
      } else {
        const id = window.setTimeout(() => setStarted(true), 0);
        cancel = () => window.clearTimeout(id);
      }
    };
    if (document.readyState === 'complete') {
      whenIdle();
    } else {
      window.addEventListener('load', whenIdle, { once: true });
      cancel = () => window.removeEventListener('load', whenIdle);
    }
    return () => cancel();
  }, [timeoutMs]);
  return started;
}
