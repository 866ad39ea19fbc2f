import { ADMIN_TEXTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button, IconButton } from '../Button/Button';
import { BotIcon, RefreshIcon, UsersIcon } from '../icons/icons';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
import { TONES } from '../theme/tokens';
import { CARD_PADDINGS, Card } from './Card';

const meta = {
  title: 'Primitives/Card',
  component: Card,
  tags: ['autodocs'],
  args: {
    title: 'Patient Management',
    description: 'Access and manage patient records securely',
    headingLevel: 2,
    padding: 'standard',
    children: <Text>Review charts, update records and coordinate care.</Text>,
  },
  argTypes: {
    tone: { control: 'select', options: TONES },
    padding: { control: 'inline-radio', options: CARD_PADDINGS },
    headingLevel: { control: 'inline-radio', options: [2, 3, 4] },
    actions: { control: false },
    icon: { control: false },
  },
} satisfies Meta<typeof Card>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Titled: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Patient Management' })).toBeInTheDocument();
  },
};

export const WithIconAndActions: Story = {
  args: {
    title: 'AI Medical Insights',
    description: undefined,
    icon: <BotIcon />,
    actions: <IconButton label="Refresh insights" icon={<RefreshIcon />} />,
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'AI Medical Insights' });
    await expect(within(region).getByRole('button', { name: 'Refresh insights' })).toBeInTheDocument();
  },
};

export const Untitled: Story = {
  args: { title: undefined, description: undefined, children: <Text>{ADMIN_TEXTS.securityComingSoon}</Text> },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('region')).toBeNull();
  },
};

export const ToneStripe: Story = {
  args: { tone: 'caution', title: 'Access restrictions', icon: <UsersIcon />, description: undefined },
};

export const PaddingNone: Story = { args: { padding: 'none', title: undefined, description: undefined } };

export const PaddingLarge: Story = { args: { padding: 'large' } };

/** Every tone stripe; the title, not the colour, says what each card is. */
export const AllTones: Story = {
  render: () => (
    <Stack space="medium">
      {TONES.map((tone) => (
        <Card
          key={tone}
          tone={tone}
          title={`${tone} card`}
          headingLevel={3}
          actions={
            <Button size="small" variant="secondary">
              Open
            </Button>
          }
        >
          <Text size="small" tone="muted">
            A card with the {tone} stripe.
          </Text>
        </Card>
      ))}
    </Stack>
  ),
};
