import { ADMIN_TEXTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Box } from '../Box/Box';
import {
  ChartIcon,
  HeartIcon,
  LockIcon,
  ShieldIcon,
  TrophyIcon,
  UsersIcon,
  WarningIcon,
} from '../icons/icons';
import { TONES } from '../theme/tokens';
import { StatGrid } from './StatGrid';
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

/** Each tile's figure is one line high and ends inside its tile. */
async function figuresKeepOneLineInsideTheirTiles(
  canvasElement: HTMLElement,
  cards: readonly { label: string; value: string }[],
) {
  const canvas = within(canvasElement);
  for (const card of cards) {
    const tile = canvas.getByRole('group', { name: card.label });
    const figure = within(tile).getByText(card.value);
    const oneLine = Number.parseFloat(getComputedStyle(figure).lineHeight);
    await expect(figure.getBoundingClientRect().height).toBeLessThanOrEqual(oneLine + 1);
    await expect(figure.getBoundingClientRect().right).toBeLessThanOrEqual(
      tile.getBoundingClientRect().right,
    );
  }
}

const adminCards = [
  { label: ADMIN_TEXTS.overviewCards[0], value: '1,247', icon: <UsersIcon />, tone: 'info' },
  { label: ADMIN_TEXTS.overviewCards[1], value: '0', icon: <ShieldIcon />, tone: 'positive' },
  { label: ADMIN_TEXTS.overviewCards[2], value: '89', icon: <ChartIcon />, tone: 'accent' },
  { label: ADMIN_TEXTS.overviewCards[3], value: '98%', icon: <TrophyIcon />, tone: 'caution' },
] as const;

/**
 * The admin overview on a phone: two tiles side by side (the admin dashboard's grid), each with its icon above
 * the figure, and every figure on one line inside its tile.
 */
export const AdminOverviewPhone: Story = {
  globals: { viewport: { value: 'mobile1', isRotated: false } },
  render: () => (
    <StatGrid
      as="list"
      label="System status"
      columns={{ mobile: 2, desktop: 4 }}
      gap="large"
      tiles={adminCards}
    />
  ),
  play: async ({ canvasElement }) => figuresKeepOneLineInsideTheirTiles(canvasElement, adminCards),
};

const vitals = [
  { label: 'Blood pressure', value: '120/80 mmHg', icon: <HeartIcon />, tone: 'info' },
  { label: 'Heart rate', value: '72 bpm', icon: <ChartIcon />, tone: 'info' },
  { label: 'Temperature', value: '98.6 °F', icon: <ChartIcon />, tone: 'info' },
  { label: 'Weight', value: '68 kg', icon: <ChartIcon />, tone: 'info' },
] as const;

/** A long figure in a quarter of a desktop: the text moves under the icon and the figure keeps one line. */
export const LongFigureFourAcross: Story = {
  render: () => (
    <StatGrid
      as="group"
      label="Vitals"
      columns={{ mobile: 1, tablet: 2, desktop: 4 }}
      gap="medium"
      tiles={vitals}
    />
  ),
  play: async ({ canvasElement }) => figuresKeepOneLineInsideTheirTiles(canvasElement, vitals),
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
