import { PERSONAS, authorizationFor, createMockApi, scenario } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { getResponse } from 'msw';
import { expect, fn, userEvent, within } from 'storybook/test';
import { EmergencyAccessNotice } from './EmergencyAccessNotice';
import { EMERGENCY_ACCESS_TEXTS as T } from './EmergencyAccessAlerts.utils';

/** A mock API where Dr. Carter, who is not on Jane's care team, has just used break-the-glass for her. */
function apiWithOneGrant() {
  const api = createMockApi();
  async function seedGrant() {
    api.reset();
    const request = new Request(
      new URL(`/api/patients/${PERSONAS.jane.patientId}/emergency-access`, window.location.origin),
      {
        method: 'POST',
        headers: { Authorization: authorizationFor('ben'), 'Content-Type': 'application/json' },
        body: JSON.stringify({
          reason: 'Unconscious in the emergency room; checking allergies and history.',
        }),
      },
    );
    const response = await getResponse(api.handlers, request);
    if (response?.status !== 201) throw new Error(`The mock API refused the grant: ${response?.status}`);
    return {};
  }
  return { loaders: [seedGrant], msw: { handlers: { api: api.handlers } } };
}
const oneGrant = apiWithOneGrant();

const meta = {
  title: 'Screens/EmergencyAccessNotice',
  component: EmergencyAccessNotice,
  globals: { session: 'sam' },
  args: { onReview: fn() },
  parameters: { docs: { story: { inline: false, height: '760px' } } },
} satisfies Meta<typeof EmergencyAccessNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A live grant: the alert counts it, and Review emergency access (by keyboard too) opens the list. */
export const RecentGrant: Story = {
  tags: ['flow'],
  loaders: oneGrant.loaders,
  parameters: { msw: oneGrant.msw },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('region', { name: T.noticeTitle })).toBeVisible();
    await expect(canvas.getByText('1 in the last 7 days, 1 live')).toBeVisible();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: T.review })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onReview).toHaveBeenCalledOnce();
  },
};

/** The same alert in the dark theme (the a11y check runs on each story). */
export const RecentGrantDark: Story = { ...RecentGrant, globals: { theme: 'dark' } };

/** No grants (the mock API seeds none): the overview shows no alert at all. */
export const NoGrants: Story = {
  play: async ({ canvasElement }) => {
    // Wait for the list to be answered, then the absence of the alert means something.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(within(canvasElement).queryByRole('region', { name: T.noticeTitle })).toBeNull();
  },
};

/** The list failed: no alert here (the Emergency access tab shows the error). */
export const ListError: Story = {
  parameters: { msw: { handlers: { scenario: scenario.error('listEmergencyAccess') } } },
  play: async ({ canvasElement }) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(within(canvasElement).queryByRole('region', { name: T.noticeTitle })).toBeNull();
  },
};
