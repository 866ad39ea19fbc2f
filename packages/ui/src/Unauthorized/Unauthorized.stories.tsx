import type { Meta, StoryObj } from '@storybook/react-vite';
import { ROUTE_TEXTS } from '@sentinel/domain';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Unauthorized } from './Unauthorized';

const meta = {
  title: 'Pages/Unauthorized',
  component: Unauthorized,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, height: '900px' } } },
  args: { homePath: '/patient-dashboard', onNavigate: fn() },
} satisfies Meta<typeof Unauthorized>;
export default meta;
type Story = StoryObj<typeof meta>;

export const AccessDenied: Story = {
  tags: ['flow'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: ROUTE_TEXTS.accessDeniedTitle })).toBeVisible();
    await expect(canvas.getByText(ROUTE_TEXTS.accessDeniedBody)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Go to my dashboard' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/patient-dashboard');
  },
};

export const WithoutWayBack: Story = { args: { homePath: undefined } };
