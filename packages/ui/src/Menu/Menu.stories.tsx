import { USER_MANAGEMENT_TEXTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CalendarIcon, EyeIcon, MenuIcon, ShieldIcon, TrashIcon } from '../icons/icons';
import { MENU_ALIGNS, Menu } from './Menu';

const onAppointments = fn();
const onDemo = fn();

const meta = {
  title: 'Primitives/Menu',
  component: Menu,
  tags: ['autodocs'],
  args: {
    label: 'More',
    items: [
      { id: 'appointments', label: 'Appointments', icon: <CalendarIcon />, onSelect: onAppointments },
      { id: 'challenge-demo', label: 'Identity Demo', icon: <ShieldIcon />, onSelect: onDemo },
    ],
  },
  argTypes: { align: { control: 'inline-radio', options: MENU_ALIGNS }, items: { control: false } },
} satisfies Meta<typeof Menu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'More' });
    await expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Open with the first item focused; arrows move, Enter chooses and focus returns to the button. */
export const Open: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    onAppointments.mockClear();
    onDemo.mockClear();
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'More' });
    await userEvent.click(button);
    const menu = canvas.getByRole('menu', { name: 'More' });
    await expect(within(menu).getByRole('menuitem', { name: 'Appointments' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Identity Demo' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(within(menu).getByRole('menuitem', { name: 'Appointments' })).toHaveFocus();
    await userEvent.keyboard('{End}{Enter}');
    await expect(onDemo).toHaveBeenCalledTimes(1);
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(button).toHaveFocus();
    // Left open at the end so the story shows the open state.
    await userEvent.click(button);
  },
};

export const EscapeCloses: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const button = canvas.getByRole('button', { name: 'More' });
    button.focus();
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getByRole('menu')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('menu')).toBeNull();
    await expect(button).toHaveFocus();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  },
};

/** Row actions behind an icon-only button; the label stays its accessible name. */
export const IconOnly: Story = {
  tags: ['flow'],
  args: {
    label: 'Actions for Jane Doe',
    hideLabel: true,
    icon: <MenuIcon />,
    align: 'start',
    items: [
      { id: 'view', label: USER_MANAGEMENT_TEXTS.view, icon: <EyeIcon />, onSelect: fn() },
      { id: 'suspend', label: USER_MANAGEMENT_TEXTS.suspend, onSelect: fn() },
      { id: 'delete', label: USER_MANAGEMENT_TEXTS.delete, icon: <TrashIcon />, onSelect: fn() },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Actions for Jane Doe' }));
    await expect(within(canvasElement).getAllByRole('menuitem')).toHaveLength(3);
  },
};

/** A single choice (the dashboard's overflow tabs): the current item is checked. */
export const SingleChoice: Story = {
  tags: ['flow'],
  args: {
    label: 'More: Appointments',
    items: [
      { id: 'appointments', label: 'Appointments', checked: true, onSelect: fn() },
      { id: 'challenge-demo', label: 'Identity Demo', checked: false, onSelect: fn() },
    ],
  },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'More: Appointments' }));
    await expect(within(canvasElement).getByRole('menuitemradio', { name: 'Appointments' })).toBeChecked();
  },
};
