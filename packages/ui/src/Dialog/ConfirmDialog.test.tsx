import { USER_MANAGEMENT_TEXTS } from '@sentinel/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog, CONFIRM_CANCEL_LABEL } from './ConfirmDialog';
import { DIALOG_CLOSE_LABEL } from './Dialog';

function Harness({ onConfirm = () => undefined, onCancel = () => undefined }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {USER_MANAGEMENT_TEXTS.delete}
      </button>
      <ConfirmDialog
        open={open}
        title="Delete user"
        message={USER_MANAGEMENT_TEXTS.deleteConfirm}
        confirmLabel={USER_MANAGEMENT_TEXTS.delete}
        onConfirm={() => {
          onConfirm();
          setOpen(false);
        }}
        onCancel={() => {
          onCancel();
          setOpen(false);
        }}
      />
    </>
  );
}

async function openIt(props: Parameters<typeof Harness>[0] = {}) {
  const user = userEvent.setup();
  render(<Harness {...props} />);
  const opener = screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.delete });
  await user.click(opener);
  return { user, opener };
}

describe('ConfirmDialog (REQ-users-delete: deleting removes the user after confirmation)', () => {
  it('asks the question as an alert dialog named by its title', async () => {
    await openIt();
    const dialog = screen.getByRole('alertdialog', {
      name: 'Delete user',
      description: USER_MANAGEMENT_TEXTS.deleteConfirm,
    });
    expect(dialog).toBeTruthy();
    expect(screen.queryByRole('button', { name: DIALOG_CLOSE_LABEL })).toBeNull();
  });

  it('starts with focus on Cancel, the choice that changes nothing', async () => {
    await openIt();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: CONFIRM_CANCEL_LABEL }));
  });

  it('confirms only when the confirm button is pressed, then returns focus', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user, opener } = await openIt({ onConfirm, onCancel });
    const dialog = screen.getByRole('alertdialog');
    await user.click(
      screen.getAllByRole('button', { name: USER_MANAGEMENT_TEXTS.delete }).find((b) => dialog.contains(b))!,
    );
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(opener);
  });

  it('cancels with the Cancel button', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = await openIt({ onConfirm, onCancel });
    await user.click(screen.getByRole('button', { name: CONFIRM_CANCEL_LABEL }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cancels on Escape', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = await openIt({ onConfirm, onCancel });
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cancels on Enter while focus is on Cancel, so a stray Enter deletes nothing', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    const { user } = await openIt({ onConfirm, onCancel });
    await user.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('shows a busy confirm button that cannot be pressed twice while confirming', () => {
    render(
      <ConfirmDialog
        open
        confirming
        tone="neutral"
        title="Refill"
        message="Process a refill?"
        confirmLabel="Refill"
        cancelLabel="Back"
        onConfirm={() => undefined}
        onCancel={() => undefined}
      />,
    );
    const confirm = screen.getByRole('button', { name: 'Refill' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });
});
