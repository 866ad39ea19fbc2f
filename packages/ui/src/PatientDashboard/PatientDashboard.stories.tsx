import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { CALENDAR_CONNECT_TEXTS } from '../CalendarConnect/CalendarConnect.utils';
import { CHAT_PANEL_TEXTS } from '../ChatPanel/ChatPanel.texts';
import { PatientDashboard } from './PatientDashboard';

const meta = {
  title: 'Pages/PatientDashboard',
  component: PatientDashboard,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, height: '900px' } } },
  globals: { session: 'jane' },
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
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'View records' }));
    await expect(await canvas.findByRole('heading', { name: 'My Medical Records' })).toBeVisible();
  },
};

export const AssistantTab: Story = { args: { initialTab: 'chat' } };

/** The conversation belongs to the dashboard, not to the tab: leaving the assistant and coming back keeps it. */
export const ChatKeptAcrossTabs: Story = {
  // Clicks tabs of the full bar: a desktop layout (the phone's menu has its own stories).
  tags: ['flow', 'desktop-only'],
  args: { initialTab: 'chat' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const question = 'How much water should I drink?';
    const box = await canvas.findByRole('textbox', { name: CHAT_PANEL_TEXTS.messageLabel });
    await userEvent.type(box, `${question}{Enter}`);
    const log = within(await canvas.findByRole('log', { name: CHAT_PANEL_TEXTS.messagesLabel }));
    await waitFor(
      () => expect(log.getAllByText(CHAT_PANEL_TEXTS.assistant).length).toBeGreaterThanOrEqual(2),
      {
        timeout: 10_000,
      },
    );
    await userEvent.click(canvas.getByRole('tab', { name: 'Health Overview' }));
    await expect(canvas.queryByRole('log')).toBeNull();
    await userEvent.click(canvas.getByRole('tab', { name: 'AI Assistant' }));
    const again = within(await canvas.findByRole('log', { name: CHAT_PANEL_TEXTS.messagesLabel }));
    await expect(again.getByText(question)).toBeVisible();
    await expect(again.getAllByText(CHAT_PANEL_TEXTS.assistant).length).toBeGreaterThanOrEqual(2);
  },
};

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

/** REQ-screen-patient-small: on small screens appointments and the demo sit in an overflow menu. */
export const PhoneOverflowMenu: Story = {
  tags: ['flow'],
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const more = await canvas.findByRole('button', { name: 'More' });
    await userEvent.click(more);
    await userEvent.click(await canvas.findByRole('menuitemradio', { name: 'Appointments' }));
    await expect(await canvas.findByRole('heading', { name: 'My Appointments' })).toBeVisible();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
