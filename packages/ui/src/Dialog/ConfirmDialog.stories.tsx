import { USER_MANAGEMENT_TEXTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CONFIRM_CANCEL_LABEL, CONFIRM_TONES, ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'Primitives/ConfirmDialog',
  component: ConfirmDialog,
  tags: ['autodocs'],
  // A modal makes the rest of the page inert, so on the docs page each story gets its own frame.
  parameters: { docs: { story: { inline: false, iframeHeight: 480 } } },
  args: {
    open: true,
    title: 'Delete user',
    message: USER_MANAGEMENT_TEXTS.deleteConfirm,
    confirmLabel: USER_MANAGEMENT_TEXTS.delete,
    tone: 'danger',
    onConfirm: fn(),
    onCancel: fn(),
  },
  argTypes: { tone: { control: 'inline-radio', options: CONFIRM_TONES } },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** REQ-users-delete: deleting a user asks first. Focus starts on Cancel; the danger button confirms. */
export const DeleteUser: Story = {
  tags: ['flow'],
  play: async ({ args, canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('alertdialog', { name: 'Delete user' });
    await expect(dialog).toHaveAccessibleDescription(USER_MANAGEMENT_TEXTS.deleteConfirm);
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: CONFIRM_CANCEL_LABEL })).toHaveFocus(),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: USER_MANAGEMENT_TEXTS.delete }));
    await expect(args.onConfirm).toHaveBeenCalledTimes(1);
    await expect(args.onCancel).not.toHaveBeenCalled();
  },
};

export const EscapeCancels: Story = {
  tags: ['flow'],
  play: async ({ args, canvasElement }) => {
    await within(canvasElement).findByRole('alertdialog', { name: 'Delete user' });
    await userEvent.keyboard('{Escape}');
    await expect(args.onCancel).toHaveBeenCalledTimes(1);
    await expect(args.onConfirm).not.toHaveBeenCalled();
  },
};

export const Confirming: Story = {
  args: { confirming: true },
  play: async ({ canvasElement }) => {
    const confirm = await within(canvasElement).findByRole('button', { name: USER_MANAGEMENT_TEXTS.delete });
    await expect(confirm).toBeDisabled();
    await expect(confirm).toHaveAttribute('aria-busy', 'true');
  },
};

export const NeutralTone: Story = {
  args: {
    tone: 'neutral',
    title: 'Sign out',
    message: 'Sign out of Sentinel Health?',
    confirmLabel: 'Sign out',
    cancelLabel: 'Stay',
  },
};
