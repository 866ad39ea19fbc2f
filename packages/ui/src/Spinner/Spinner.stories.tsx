import { KNOWLEDGE_TEXTS, PRODUCT_NAME, ROUTE_TEXTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { FullScreenSpinner, SPINNER_LAYOUTS, SPINNER_SIZES, Spinner } from './Spinner';

const meta = {
  title: 'Primitives/Spinner',
  component: Spinner,
  tags: ['autodocs'],
  args: { label: 'Loading...', size: 'standard', layout: 'inline', hideLabel: false },
  argTypes: {
    size: { control: 'inline-radio', options: SPINNER_SIZES },
    layout: { control: 'inline-radio', options: SPINNER_LAYOUTS },
  },
} satisfies Meta<typeof Spinner>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading...');
  },
};

export const Small: Story = { args: { size: 'small' } };

export const Large: Story = { args: { size: 'large', layout: 'stacked', label: KNOWLEDGE_TEXTS.loading } };

export const HiddenLabel: Story = {
  args: { hideLabel: true, label: 'Loading appointments' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading appointments');
  },
};

/** REQ-nav-loading: what the portal shows while authentication loads. */
export const FullScreen: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => <FullScreenSpinner label={ROUTE_TEXTS.loading} />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: PRODUCT_NAME })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent(ROUTE_TEXTS.loading);
  },
};
