import { ADMIN_TEXTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Box } from '../Box/Box';
import { ChartIcon, LockIcon, ShieldIcon, TrophyIcon, UsersIcon, WarningIcon } from '../icons/icons';
import { TONES } from '../theme/tokens';
import { StatTile } from './StatTile';

const meta = {
  title: 'Primitives/StatTile',
  component: StatTile,
  tags: ['autodocs'],
  args: { label: 'Total Users', value: '1,247', tone: 'info', icon: <UsersIcon /> },
  argTypes: { tone: { control: 'select', options: TONES }, icon: { control: false } },
} satisfies Meta<typeof StatTile>;
export default meta;
type Story = StoryObj<typeof meta>;

export const WithIcon: Story = {
  play: async ({ canvasElement }) => {
    const tile = within(canvasElement).getByRole('group', { name: 'Total Users' });
    await expect(tile).toHaveTextContent('1,247');
  },
};

export const WithoutIcon: Story = { args: { icon: undefined, label: 'Scheduled', value: 3 } };

export const WithHint: Story = {
  args: {
    label: 'Patient records breached annually',
    value: '45M+',
    tone: 'critical',
    toneValue: true,
    icon: <WarningIcon />,
    hint: 'Every year',
  },
};

/** REQ-screen-landing-stats: the statistic cards read value first. */
export const ValueFirst: Story = {
  args: {
    label: 'average breach cost',
    value: '$10.3M',
    valueFirst: true,
    tone: 'caution',
    toneValue: true,
    icon: <ChartIcon />,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('group', { name: 'average breach cost' })).toHaveTextContent(
      /^\$10\.3M/,
    );
  },
};

/** REQ-screen-admin-overview: the four hard-coded overview cards. */
export const AdminOverview: Story = {
  render: () => (
    <Box display="grid" gridTemplateColumns={{ mobile: 1, tablet: 2, desktop: 4 }} gap="medium">
      <StatTile label={ADMIN_TEXTS.overviewCards[0]} value="1,247" icon={<UsersIcon />} tone="info" />
      <StatTile label={ADMIN_TEXTS.overviewCards[1]} value="0" icon={<ShieldIcon />} tone="positive" />
      <StatTile label={ADMIN_TEXTS.overviewCards[2]} value="89" icon={<ChartIcon />} tone="accent" />
      <StatTile label={ADMIN_TEXTS.overviewCards[3]} value="98%" icon={<TrophyIcon />} tone="caution" />
    </Box>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('group')).toHaveLength(4);
    await expect(canvas.getByRole('group', { name: 'Compliance Score' })).toHaveTextContent('98%');
  },
};

/** Every tone, with the value tinted too. */
export const AllTones: Story = {
  render: () => (
    <Box display="grid" gridTemplateColumns={{ mobile: 1, tablet: 3 }} gap="medium">
      {TONES.map((tone) => (
        <StatTile key={tone} label={`${tone} tile`} value="100%" tone={tone} toneValue icon={<LockIcon />} />
      ))}
    </Box>
  ),
};
