import { USER_MANAGEMENT_TEXTS } from '@sentinel/domain';
import { PERSONAS } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { Button } from '../Button/Button';
import { Text } from '../Text/Text';
import { DIALOG_CLOSE_LABEL, DIALOG_SIZES, Dialog, type DialogProps } from './Dialog';

const jane = PERSONAS.jane;

const details = (
  <dl>
    <Text as="dt" weight="strong">
      Email
    </Text>
    <Text as="dd">{jane.email}</Text>
    <Text as="dt" weight="strong">
      Phone
    </Text>
    <Text as="dd">{jane.phone}</Text>
    <Text as="dt" weight="strong">
      Role
    </Text>
    <Text as="dd">{jane.role}</Text>
  </dl>
);

const footer = (
  <>
    <Button variant="secondary">{USER_MANAGEMENT_TEXTS.close}</Button>
    <Button>{USER_MANAGEMENT_TEXTS.editUser}</Button>
  </>
);

/** A page with the button that opens the dialog, so focus can return to it. */
function WithOpener(args: DialogProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>{USER_MANAGEMENT_TEXTS.view}</Button>
      <Dialog
        {...args}
        open={open}
        onClose={() => {
          args.onClose();
          setOpen(false);
        }}
      />
    </>
  );
}

const meta = {
  title: 'Primitives/Dialog',
  component: Dialog,
  tags: ['autodocs'],
  // A modal makes the rest of the page inert, so on the docs page each story gets its own frame.
  parameters: { docs: { story: { inline: false, iframeHeight: 480 } } },
  args: { open: true, onClose: fn(), title: jane.name, description: jane.email, children: details, footer },
  argTypes: {
    size: { control: 'inline-radio', options: DIALOG_SIZES },
    children: { control: false },
    footer: { control: false },
  },
} satisfies Meta<typeof Dialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Open, named by its title, focus on the Close button. */
export const Open: Story = {
  tags: ['flow'],
  play: async ({ args, canvasElement }) => {
    const dialog = await within(canvasElement).findByRole('dialog', { name: jane.name });
    await expect(dialog).toHaveAccessibleDescription(jane.email);
    // The header's Close comes first (the footer repeats it, as the spec's View modal does).
    const [close] = within(dialog).getAllByRole('button', { name: DIALOG_CLOSE_LABEL });
    await waitFor(() => expect(close).toHaveFocus());
    await userEvent.click(close!);
    await expect(args.onClose).toHaveBeenCalledTimes(1);
  },
};

export const Large: Story = { args: { size: 'large' } };

export const WithoutDescriptionOrFooter: Story = { args: { description: undefined, footer: undefined } };

/** Opened from a button: Escape closes it and focus goes back to that button. */
export const EscapeCloses: Story = {
  tags: ['flow'],
  args: { open: false },
  render: (args) => <WithOpener {...args} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const opener = canvas.getByRole('button', { name: USER_MANAGEMENT_TEXTS.view });
    await userEvent.click(opener);
    await expect(await canvas.findByRole('dialog', { name: jane.name })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(args.onClose).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(canvas.queryByRole('dialog')).toBeNull());
    await expect(opener).toHaveFocus();
  },
};
