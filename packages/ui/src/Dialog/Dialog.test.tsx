import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu } from '../Menu/Menu';
import { Dialog, DIALOG_CLOSE_LABEL, ModalDialog, type DialogProps } from './Dialog';

afterEach(() => vi.restoreAllMocks());

function Harness({ onClose = () => undefined, ...props }: Partial<DialogProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        View user
      </button>
      <Dialog
        title="Jane Doe"
        {...props}
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

const dialogElement = () => document.querySelector('dialog') as HTMLDialogElement;

describe('Dialog', () => {
  it('shows nothing while closed', () => {
    render(<Harness>Body</Harness>);
    expect(dialogElement().open).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Jane Doe' })).toBeNull();
  });

  it('opens as a modal named by its title and described by its description', async () => {
    const user = userEvent.setup();
    render(<Harness description="jane.doe@example.com">Details</Harness>);
    await user.click(screen.getByRole('button', { name: 'View user' }));
    const dialog = screen.getByRole('dialog', { name: 'Jane Doe', description: 'jane.doe@example.com' });
    expect(dialogElement().open).toBe(true);
    expect(dialog.textContent).toContain('Details');
    expect(screen.getByRole('heading', { level: 2, name: 'Jane Doe' })).toBeTruthy();
  });

  it('moves focus to the first focusable element when it opens', async () => {
    const user = userEvent.setup();
    render(<Harness>Body</Harness>);
    await user.click(screen.getByRole('button', { name: 'View user' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: DIALOG_CLOSE_LABEL }));
  });

  it('closes with the Close button and returns focus to the button that opened it', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose}>Body</Harness>);
    const opener = screen.getByRole('button', { name: 'View user' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: DIALOG_CLOSE_LABEL }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialogElement().open).toBe(false);
    expect(document.activeElement).toBe(opener);
  });

  it('asks to close on Escape', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose}>Body</Harness>);
    await user.click(screen.getByRole('button', { name: 'View user' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialogElement().open).toBe(false);
  });

  it('lets a menu inside keep Escape for itself', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(
      <Harness onClose={onClose}>
        <Menu label="Actions" items={[{ id: 'edit', label: 'Edit User', onSelect: () => undefined }]} />
      </Harness>,
    );
    await user.click(screen.getByRole('button', { name: 'View user' }));
    await user.click(screen.getByRole('button', { name: 'Actions' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('tells the owner when the browser closes it on its own, but not when the owner closed it', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose}>Body</Harness>);
    await user.click(screen.getByRole('button', { name: 'View user' }));
    fireEvent(dialogElement(), new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'View user' }));
    // What the browser does when it closes a dialog itself (a form with method="dialog", a close watcher).
    act(() => dialogElement().close());
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent(dialogElement(), new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('takes a close event that arrives while it is showing for a stale one, not a close request', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose}>Body</Harness>);
    await user.click(screen.getByRole('button', { name: 'View user' }));
    fireEvent(dialogElement(), new Event('close'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('returns focus to the opener when it is removed while open', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(
      <Dialog open onClose={() => undefined} title="Record">
        Body
      </Dialog>,
    );
    expect(document.activeElement).not.toBe(opener);
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('focuses the dialog itself when nothing inside can take focus', () => {
    render(
      <ModalDialog open onClose={() => undefined} title="Record" role="dialog" showClose={false}>
        Text only
      </ModalDialog>,
    );
    expect(document.activeElement).toBe(dialogElement());
  });

  it('renders footer actions and opens even where showModal is missing', () => {
    const prototype = HTMLDialogElement.prototype as { showModal?: () => void };
    const showModal = prototype.showModal;
    prototype.showModal = undefined;
    try {
      render(
        <Dialog
          open
          onClose={() => undefined}
          title="Record"
          size="large"
          footer={<button type="button">Edit User</button>}
        >
          Body
        </Dialog>,
      );
      expect(dialogElement().hasAttribute('open')).toBe(true);
      expect(screen.getByRole('button', { name: 'Edit User' })).toBeTruthy();
    } finally {
      prototype.showModal = showModal;
    }
  });
});
