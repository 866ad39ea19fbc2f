import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ErrorState, RETRY_LABEL } from './ErrorState';

const meta = {
  title: 'Primitives/ErrorState',
  component: ErrorState,
  args: { message: 'Something went wrong on our side. Please try again later.', onRetry: fn() },
} satisfies Meta<typeof ErrorState>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoadFailed: Story = {
  tags: ['flow'],
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(args.message);
    await userEvent.click(canvas.getByRole('button', { name: RETRY_LABEL }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const StaleList: Story = {
  args: { tone: 'caution', message: 'The search failed. The list below was left as it was.' },
};

export const WithoutRetry: Story = { args: { onRetry: undefined } };
