import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as styles from './Dialog.css';
import { DIALOG_CLOSE_LABEL, Dialog } from './Dialog';

/** happy-dom lays nothing out: give the dialog's body the heights a long or a short text would. */
function bodyHeights(scrollHeight: number, clientHeight: number) {
  const isBody = (element: HTMLElement) => element.classList.contains(styles.body);
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isBody(this) ? scrollHeight : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return isBody(this) ? clientHeight : 0;
  });
}

afterEach(() => vi.restoreAllMocks());

describe('a dialog whose body scrolls', () => {
  it('lets the keyboard reach the body, a region named by the title, while focus still opens on a control', async () => {
    bodyHeights(2000, 400);
    render(
      <Dialog open onClose={() => undefined} title="Visit note" footer={<button type="button">Done</button>}>
        <p>A note longer than the window.</p>
      </Dialog>,
    );
    const region = await screen.findByRole('region', { name: 'Visit note' });
    expect(region.getAttribute('tabindex')).toBe('0');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: DIALOG_CLOSE_LABEL }));
  });

  it('adds no tab stop and no region when the body fits', async () => {
    bodyHeights(300, 400);
    render(
      <Dialog open onClose={() => undefined} title="Short note">
        <p>Fits.</p>
      </Dialog>,
    );
    await screen.findByRole('dialog', { name: 'Short note' });
    await waitFor(() => expect(screen.queryByRole('region')).toBeNull());
    expect(screen.getByText('Fits.').parentElement!.hasAttribute('tabindex')).toBe(false);
  });
});
