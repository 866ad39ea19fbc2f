import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Box } from '../Box/Box';
import { Text } from '../Text/Text';
import { STACK_ALIGNS, STACK_DIRECTIONS, STACK_ELEMENTS, STACK_JUSTIFIES, Stack } from './Stack';

const Item = ({ children }: { children: string }) => (
  <Box padding="small" background="surfaceSunken" borderRadius="small">
    <Text as="span" size="small">
      {children}
    </Text>
  </Box>
);

const meta = {
  title: 'Primitives/Stack',
  component: Stack,
  tags: ['autodocs'],
  args: {
    space: 'medium',
    direction: 'vertical',
    wrap: false,
    as: 'div',
    children: (
      <>
        <Item>Heart rate</Item>
        <Item>Blood pressure</Item>
        <Item>Temperature</Item>
      </>
    ),
  },
  argTypes: {
    direction: { control: 'inline-radio', options: STACK_DIRECTIONS },
    align: { control: 'select', options: STACK_ALIGNS },
    justify: { control: 'select', options: STACK_JUSTIFIES },
    as: { control: 'select', options: STACK_ELEMENTS },
  },
} satisfies Meta<typeof Stack>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Vertical: Story = {};

export const Horizontal: Story = { args: { direction: 'horizontal', space: 'small' } };

export const Wrapping: Story = {
  args: {
    direction: 'horizontal',
    wrap: true,
    space: 'small',
    children: [
      'HIPAA',
      'SOC 2 Type II',
      'ISO 27001',
      'GDPR Ready',
      'Zero trust',
      'MFA',
      'Token vault',
      'FGA',
    ].map((t) => <Item key={t}>{t}</Item>),
  },
};

export const SpaceBetween: Story = { args: { direction: 'horizontal', justify: 'spaceBetween' } };

/** Row from tablet up, column on phones. */
export const Responsive: Story = {
  args: {
    direction: { mobile: 'vertical', tablet: 'horizontal' },
    space: { mobile: 'small', tablet: 'large' },
  },
};

/** A list keeps its semantics: screen readers announce the item count. */
export const AsList: Story = {
  args: {
    as: 'ul',
    'aria-label': 'Quick actions',
    children: ['Book appointment', 'View records', 'AI chat'].map((t) => (
      <li key={t}>
        <Item>{t}</Item>
      </li>
    )),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('list', { name: 'Quick actions' })).toBeInTheDocument();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};
