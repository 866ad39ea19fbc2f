import { scenario } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { APPROVALS_SCREEN_TEXTS } from '../Approvals/Approvals.utils';
import { DOCTOR_OVERVIEW_CARDS, DoctorPortal } from './DoctorPortal';

const meta = {
  title: 'Pages/DoctorPortal',
  component: DoctorPortal,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, height: '900px' } } },
  globals: { session: 'alice' },
  args: { onNavigate: fn() },
} satisfies Meta<typeof DoctorPortal>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Overview: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Welcome, Dr. Smith' })).toBeVisible();
    for (const card of DOCTOR_OVERVIEW_CARDS) {
      await expect(canvas.getByRole('heading', { name: card.title })).toBeVisible();
    }
  },
};

export const PlaceholderCardOpensKnowledge: Story = {
  tags: ['flow'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Open medical knowledge' }));
    await expect(canvas.getByRole('tab', { name: 'Medical Knowledge' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const KnowledgeTab: Story = { args: { initialTab: 'knowledge' } };
export const PatientsTab: Story = { args: { initialTab: 'patients' } };
export const PrescriptionsTab: Story = { args: { initialTab: 'prescriptions' } };
export const AppointmentsTab: Story = { args: { initialTab: 'appointments' } };
export const CardiologistKnowledge: Story = {
  globals: { session: 'ben' },
  args: { initialTab: 'knowledge' },
};

const inbox = scenario.approvalsFor('alice', ['pending', 'pending', 'denied']);

/**
 * Approvals (REQ-tool): the tab counts the assistant's proposals waiting for Dr. Smith; approving one
 * counts it down.
 */
export const ApprovalsTab: Story = {
  tags: ['flow'],
  loaders: [inbox.seed],
  parameters: { msw: { handlers: { api: inbox.handlers } } },
  args: { initialTab: 'approvals' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const tab = await canvas.findByRole('tab', { name: APPROVALS_SCREEN_TEXTS.tabLabel(2) });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    const [first] = await canvas.findAllByRole('button', { name: APPROVALS_SCREEN_TEXTS.approve });
    if (!first) throw new Error('no request to approve');
    await userEvent.click(first);
    await expect(await canvas.findByRole('status')).toHaveTextContent(APPROVALS_SCREEN_TEXTS.created);
    await waitFor(() =>
      expect(canvas.getByRole('tab', { name: APPROVALS_SCREEN_TEXTS.tabLabel(1) })).toBeVisible(),
    );
  },
};
