import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { DOCTOR_OVERVIEW_CARDS, DoctorPortal } from './DoctorPortal';

const meta = {
  title: 'Pages/DoctorPortal',
  component: DoctorPortal,
  parameters: { layout: 'fullscreen', session: 'alice' },
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
  parameters: { session: 'ben' },
  args: { initialTab: 'knowledge' },
};
