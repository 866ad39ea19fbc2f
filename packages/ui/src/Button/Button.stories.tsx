import { CHAT_TEXTS, USER_MANAGEMENT_TEXTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CloseIcon, LogoutIcon, MenuIcon, PlusIcon, RefreshIcon, SendIcon, TrashIcon } from '../icons/icons';
import { Stack } from '../Stack/Stack';
import { BUTTON_SIZES, BUTTON_VARIANTS, Button, IconButton } from './Button';

const meta = {
  title: 'Primitives/Button',
  component: Button,
  tags: ['autodocs'],
  args: { children: USER_MANAGEMENT_TEXTS.addUser, variant: 'primary', size: 'standard', onClick: fn() },
  argTypes: {
    variant: { control: 'inline-radio', options: BUTTON_VARIANTS },
    size: { control: 'inline-radio', options: BUTTON_SIZES },
    icon: { control: false },
  },
} satisfies Meta<typeof Button>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Primary: Story = {
  tags: ['flow'],
  args: { onClick: fn() },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser });
    await expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
  },
};

export const Secondary: Story = { args: { variant: 'secondary', children: USER_MANAGEMENT_TEXTS.close } };

export const Danger: Story = {
  args: { variant: 'danger', children: USER_MANAGEMENT_TEXTS.delete, icon: <TrashIcon /> },
};

export const Ghost: Story = { args: { variant: 'ghost', children: 'Logout', icon: <LogoutIcon /> } };

export const Small: Story = { args: { size: 'small', children: USER_MANAGEMENT_TEXTS.view } };

export const WithIcon: Story = { args: { icon: <PlusIcon /> } };

export const FullWidth: Story = { args: { fullWidth: true, children: CHAT_TEXTS.send, icon: <SendIcon /> } };

export const Loading: Story = {
  tags: ['flow'],
  args: { loading: true, children: 'Saving', onClick: fn() },
  play: async ({ args, canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Saving' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser }),
    ).toBeDisabled();
  },
};

/** Every variant at both sizes, enabled, loading and disabled. */
export const AllVariants: Story = {
  render: () => (
    <Stack space="large">
      {BUTTON_SIZES.map((size) => (
        <Stack key={size} direction="horizontal" wrap space="small">
          {BUTTON_VARIANTS.map((variant) => (
            <Button key={variant} variant={variant} size={size}>
              {`${variant} ${size}`}
            </Button>
          ))}
          {BUTTON_VARIANTS.map((variant) => (
            <Button key={`${variant}-loading`} variant={variant} size={size} loading>
              {`${variant} loading`}
            </Button>
          ))}
          {BUTTON_VARIANTS.map((variant) => (
            <Button key={`${variant}-disabled`} variant={variant} size={size} disabled>
              {`${variant} disabled`}
            </Button>
          ))}
        </Stack>
      ))}
    </Stack>
  ),
};

/** Icon-only buttons: the label is the accessible name and the tooltip. */
export const IconButtons: Story = {
  tags: ['flow'],
  args: { onClick: fn() },
  render: (args) => (
    <Stack direction="horizontal" wrap space="small">
      <IconButton label="Clear chat" icon={<RefreshIcon />} onClick={args.onClick} />
      <IconButton label="More" icon={<MenuIcon />} variant="secondary" />
      <IconButton label={USER_MANAGEMENT_TEXTS.delete} icon={<TrashIcon />} variant="danger" />
      <IconButton label={CHAT_TEXTS.send} icon={<SendIcon />} variant="primary" />
      <IconButton label="Dismiss" icon={<CloseIcon size="small" />} size="small" />
      <IconButton label="Refreshing" icon={<RefreshIcon />} loading />
      <IconButton label="Unavailable" icon={<PlusIcon />} disabled />
    </Stack>
  ),
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const clear = canvas.getByRole('button', { name: 'Clear chat' });
    await expect(clear).toHaveAttribute('title', 'Clear chat');
    await userEvent.click(clear);
    await expect(args.onClick).toHaveBeenCalledTimes(1);
    await expect(canvas.getByRole('button', { name: 'Refreshing' })).toHaveAttribute('aria-busy', 'true');
  },
};
