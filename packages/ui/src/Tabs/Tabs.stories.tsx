import { ADMIN_TEXTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { BotIcon, CalendarIcon, ChartIcon, DocumentIcon, ShieldIcon } from '../icons/icons';
import { Text } from '../Text/Text';
import { WIDE_QUERY } from './Tabs.css';
import { Tabs, type TabItem } from './Tabs';

/** REQ-screen-patient-tabs tabs. */
const patientTabs: TabItem<string>[] = [
  { value: 'overview', label: 'Health Overview', icon: <ChartIcon /> },
  { value: 'chat', label: 'AI Assistant', icon: <BotIcon /> },
  { value: 'records', label: 'Medical Records', icon: <DocumentIcon /> },
  { value: 'appointments', label: 'Appointments', icon: <CalendarIcon /> },
  { value: 'challenge-demo', label: 'Identity Demo', icon: <ShieldIcon /> },
];

/** REQ-screen-admin-tabs (single selection, starting on overview). */
const adminTabs: TabItem<string>[] = [
  { value: 'overview', label: 'System Overview' },
  { value: 'knowledge', label: 'Medical Knowledge' },
  { value: 'chat', label: 'AI Assistant' },
  { value: 'users', label: 'User Management' },
  { value: 'appointments', label: 'All Appointments' },
  { value: 'records', label: 'All Records' },
  { value: 'prescriptions', label: 'All Prescriptions' },
  { value: 'security', label: 'Security' },
  { value: 'challenge-demo', label: 'Identity Demo' },
];

const panel = (value: string) => <Text>Panel: {value}</Text>;

const meta = {
  title: 'Primitives/Tabs',
  component: Tabs,
  tags: ['autodocs'],
  args: { label: 'Dashboard sections', items: patientTabs, children: panel, onChange: fn() },
  argTypes: { children: { control: false }, items: { control: false } },
} satisfies Meta<typeof Tabs>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Arrow keys move and select (automatic activation), wrapping at both ends; Home and End jump. */
export const Keyboard: Story = {
  // Arrows across the full bar: a desktop layout (OverflowItemSelected is the phone's).
  tags: ['flow', 'desktop-only'],
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    const selected = () => canvas.getByRole('tab', { selected: true });
    await userEvent.click(canvas.getByRole('tab', { name: 'Health Overview' }));
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'AI Assistant' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tab', { name: 'AI Assistant' })).toHaveFocus();
    await expect(canvas.getByRole('tabpanel', { name: 'AI Assistant' })).toHaveTextContent('Panel: chat');
    await expect(args.onChange).toHaveBeenLastCalledWith('chat');
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(selected()).toHaveAccessibleName('Identity Demo');
    await userEvent.keyboard('{ArrowRight}');
    await expect(selected()).toHaveAccessibleName('Health Overview');
    await userEvent.keyboard('{End}');
    await expect(selected()).toHaveAccessibleName('Identity Demo');
    await userEvent.keyboard('{Home}');
    await expect(selected()).toHaveAccessibleName('Health Overview');
    await expect(canvas.getAllByRole('tab').filter((tab) => tab.tabIndex === 0)).toHaveLength(1);
  },
};

export const StartingElsewhere: Story = { args: { defaultValue: 'records' } };

/** The admin dashboard's nine tabs; on a tablet or wider they wrap onto a second line if they must. */
export const AdminDashboard: Story = {
  args: { label: ADMIN_TEXTS.header, items: adminTabs },
};

/**
 * The admin's nine tabs on a phone: one line of the tabs that fit, the rest in a 'More tabs' menu; a tab picked
 * there is selected, joins the line and takes focus.
 */
export const AdminDashboardPhone: Story = {
  tags: ['flow'],
  args: { label: ADMIN_TEXTS.header, items: adminTabs },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('tablist');
    const oneLine = () => {
      const tops = new Set(canvas.getAllByRole('tab').map((tab) => tab.getBoundingClientRect().top));
      return tops.size === 1 && list.scrollWidth <= list.clientWidth;
    };
    await waitFor(() => expect(oneLine()).toBe(true));
    await expect(canvas.getAllByRole('tab').length).toBeLessThan(adminTabs.length);
    await userEvent.click(canvas.getByRole('button', { name: 'More tabs' }));
    await userEvent.click(canvas.getByRole('menuitemradio', { name: 'Security' }));
    const security = canvas.getByRole('tab', { name: 'Security' });
    await expect(security).toHaveAttribute('aria-selected', 'true');
    await expect(security).toBeVisible();
    await waitFor(() => expect(security).toHaveFocus());
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Panel: security');
    await expect(oneLine()).toBe(true);
  },
};

/**
 * REQ-screen-patient-small: on small screens overview, chat and records are tabs and appointments and the demo sit in a 'More tabs' menu.
 * Switch the viewport to a phone to see the menu; on wider screens every tab shows.
 */
export const WithOverflowMenu: Story = {
  tags: ['flow'],
  args: { overflow: ['appointments', 'challenge-demo'] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    if (window.matchMedia(WIDE_QUERY).matches) {
      await expect(canvas.getByRole('tab', { name: 'Appointments' })).toBeVisible();
      // Hidden by CSS on wide screens, so it is out of the accessibility tree too.
      await expect(canvas.queryByRole('button', { name: 'More tabs' })).toBeNull();
      await userEvent.click(canvas.getByRole('tab', { name: 'Medical Records' }));
      await userEvent.keyboard('{ArrowRight}');
      await expect(canvas.getByRole('tab', { name: 'Appointments' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
    } else {
      // A hidden element has no accessible name, so the hidden tab is found by its text.
      await expect(
        canvas.getAllByRole('tab', { hidden: true }).find((tab) => tab.textContent === 'Appointments'),
      ).not.toBeVisible();
      await userEvent.click(canvas.getByRole('button', { name: 'More tabs' }));
      await userEvent.click(canvas.getByRole('menuitemradio', { name: 'Appointments' }));
      await waitFor(() => expect(canvas.getByRole('tabpanel')).toHaveTextContent('Panel: appointments'));
    }
  },
};

/** On a phone the selected tab stays in the list even when it is one of the menu's tabs. */
export const OverflowItemSelected: Story = {
  args: { overflow: ['appointments', 'challenge-demo'], defaultValue: 'appointments' },
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const selected = canvas.getByRole('tab', { selected: true });
    await expect(selected).toHaveAccessibleName('Appointments');
    await expect(selected).toBeVisible();
    await expect(selected.tabIndex).toBe(0);
  },
};
