import { act } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';

/*
 * React's StrictMode (the default of `npm create vite` and of our portal's dev server) mounts every new component
 * twice in development: effects run, are cleaned up, and run again. A dialog that mounts already open is thus
 * closed and reopened at once. Browsers fire the close event of that first close in a later task (HTML: "queue an
 * element task ... to fire an event named close"), after the dialog is open again; happy-dom fires it inside
 * close(), which hid the bug. Tests that call this give every dialog the browsers' timing.
 */
export function withBrowsersDialogCloseTiming(): void {
  const nativeClose = HTMLDialogElement.prototype.close;
  beforeEach(() => {
    HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
      if (!this.open) return;
      this.removeAttribute('open');
      if (returnValue !== undefined) this.returnValue = returnValue;
      setTimeout(() => this.dispatchEvent(new Event('close')));
    };
  });
  afterEach(() => {
    HTMLDialogElement.prototype.close = nativeClose;
  });
}

/** Lets every queued close event fire, so a dialog that would be closed by one is gone when we look. */
export const afterQueuedEvents = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 20)));
