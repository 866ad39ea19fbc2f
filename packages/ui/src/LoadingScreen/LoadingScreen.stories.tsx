import type { Meta, StoryObj } from '@storybook/react-vite';
import { PRODUCT_NAME, ROUTE_TEXTS } from '@sentinel/domain';
import { expect, within } from 'storybook/test';
import { LoadingScreen } from './LoadingScreen';

const meta = {
  title: 'Pages/LoadingScreen',
  component: LoadingScreen,
  parameters: { layout: 'fullscreen', docs: { story: { inline: false, height: '900px' } } },
  globals: { session: 'loading' },
} satisfies Meta<typeof LoadingScreen>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: PRODUCT_NAME })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(ROUTE_TEXTS.loading);
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
