import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { CALENDAR_CONNECT_TEXTS } from '../CalendarConnect/CalendarConnect.utils';
import { PatientDashboard } from './PatientDashboard';

const meta = {
  title: 'Pages/PatientDashboard',
  component: PatientDashboard,
  parameters: { layout: 'fullscreen', session: 'jane' },
  args: { onNavigate: fn() },
} satisfies Meta<typeof PatientDashboard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome back, Jane' })).toBeVisible();
    await expect(canvas.getByRole('tab', { name: 'Health Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(canvas.getByText('72 bpm')).toBeVisible();
    await expect(canvas.getByText('98.6 °F')).toBeVisible();
  },
};

export const QuickActionOpensRecords: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'View records' }));
    await expect(await canvas.findByRole('heading', { name: 'My Medical Records' })).toBeVisible();
  },
};

export const AssistantTab: Story = { args: { initialTab: 'chat' } };

export const RecordsTab: Story = { args: { initialTab: 'records' } };

/** The appointments, and under them the calendar: the consent to connect it through the token vault. */
export const AppointmentsTab: Story = {
  args: { initialTab: 'appointments' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'My Appointments' })).toBeVisible();
    const calendar = within(await canvas.findByRole('region', { name: CALENDAR_CONNECT_TEXTS.title }));
    await expect(await calendar.findByRole('button', { name: CALENDAR_CONNECT_TEXTS.connect })).toBeVisible();
  },
};

export const DemoTab: Story = { args: { initialTab: 'challenge-demo' } };

/** §2: on small screens appointments and the demo sit in an overflow menu. */
export const SmallScreenOverflowMenu: Story = {
  parameters: { viewport: { defaultViewport: 'mobile1' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const more = await canvas.findByRole('button', { name: 'More' });
    await userEvent.click(more);
    await userEvent.click(await canvas.findByRole('menuitemradio', { name: 'Appointments' }));
    await expect(await canvas.findByRole('heading', { name: 'My Appointments' })).toBeVisible();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
