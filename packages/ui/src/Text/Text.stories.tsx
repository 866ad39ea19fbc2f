import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Box } from '../Box/Box';
import { Heading, Text } from './Text';

const meta = {
  title: 'Primitives/Text',
  component: Text,
  args: { children: 'Educational information only. For emergencies, call 911.' },
} satisfies Meta<typeof Text>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Standard: Story = {};

export const Tones: Story = {
  render: (args) => (
    <Box display="flex" flexDirection="column" gap="small">
      {(['normal', 'muted', 'critical', 'caution', 'positive', 'info', 'accent'] as const).map((tone) => (
        <Text key={tone} tone={tone}>
          {tone}: {args.children}
        </Text>
      ))}
    </Box>
  ),
};

export const Headings: Story = {
  render: () => (
    <Box display="flex" flexDirection="column" gap="small">
      <Heading level={1}>Health Overview</Heading>
      <Heading level={2}>Medical Records</Heading>
      <Heading level={3}>Recent Activity</Heading>
      <Heading level={4}>Vitals</Heading>
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Health Overview' })).toBeVisible();
    await expect(canvas.getAllByRole('heading')).toHaveLength(4);
  },
};
