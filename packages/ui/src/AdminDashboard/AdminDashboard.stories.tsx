import type { Meta, StoryObj } from '@storybook/react-vite';
import { ADMIN_TEXTS } from '@sentinel/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EMERGENCY_ACCESS_TEXTS } from '../EmergencyAccessAlerts/EmergencyAccessAlerts.utils';
import { ADMIN_HEADER, ADMIN_TABS, AdminDashboard } from './AdminDashboard';

const meta = {
  title: 'Pages/AdminDashboard',
  component: AdminDashboard,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, height: '900px' } } },
  globals: { session: 'sam' },
  args: { onNavigate: fn() },
} satisfies Meta<typeof AdminDashboard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  // Counts every tab of the full bar: a desktop layout (the phone's menu has its own stories).
  tags: ['desktop-only'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(`Sentinel Health ${ADMIN_TEXTS.productSuffix}`)).toBeVisible();
    await expect(canvas.getByRole('heading', { level: 1, name: ADMIN_HEADER.title })).toBeVisible();
    await expect(canvas.getByText(ADMIN_HEADER.subtitle)).toBeVisible();
    await expect(canvas.getByText('1,247')).toBeVisible();
    await expect(canvas.getByText('98%')).toBeVisible();
    await expect(canvas.getAllByRole('tab')).toHaveLength(ADMIN_TABS.length);
    await expect(canvas.getByRole('tab', { name: 'System Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const ShortcutOpensUsers: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: ADMIN_TEXTS.shortcuts[0] }));
    await expect(canvas.getByRole('tab', { name: 'User Management' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const SecurityComingSoon: Story = {
  args: { initialTab: 'security' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(ADMIN_TEXTS.securityComingSoon)).toBeVisible();
  },
};

export const UsersTab: Story = { args: { initialTab: 'users' } };
export const AllRecordsTab: Story = { args: { initialTab: 'records' } };
export const AllPrescriptionsTab: Story = { args: { initialTab: 'prescriptions' } };
export const AllAppointmentsTab: Story = { args: { initialTab: 'appointments' } };
export const KnowledgeTab: Story = { args: { initialTab: 'knowledge' } };
export const Dark: Story = { globals: { theme: 'dark' } };

/** REQ-rec: the Emergency access tab lists break-the-glass grants (none in the mock API's seed). */
export const EmergencyAccessTab: Story = {
  // Clicks a tab of the full bar: a desktop layout (the phone's menu has its own stories).
  tags: ['flow', 'desktop-only'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('tab', { name: EMERGENCY_ACCESS_TEXTS.tab }));
    await expect(await canvas.findByRole('region', { name: EMERGENCY_ACCESS_TEXTS.title })).toBeVisible();
    await expect(await canvas.findByText(EMERGENCY_ACCESS_TEXTS.empty)).toBeVisible();
  },
};
