import { ADMIN_TEXTS } from '@sentinel/domain';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LockIcon, ShieldIcon } from '../icons/icons';
import { Stack } from '../Stack/Stack';
import { TONES } from '../theme/tokens';
import { BADGE_WEIGHTS, Badge } from './Badge';

const meta = {
  title: 'Primitives/Badge',
  component: Badge,
  tags: ['autodocs'],
  args: { children: 'active', tone: 'positive', weight: 'regular' },
  argTypes: {
    tone: { control: 'select', options: TONES },
    weight: { control: 'inline-radio', options: BADGE_WEIGHTS },
    icon: { control: false },
  },
} satisfies Meta<typeof Badge>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Regular: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('active')).toBeVisible();
  },
};

/** The admin top bar's role badge (REQ-screen-admin-top). */
export const Strong: Story = {
  args: { children: ADMIN_TEXTS.defaultRoleBadge, tone: 'accent', weight: 'strong' },
};

export const WithIcon: Story = {
  args: { children: 'HIPAA Compliant', tone: 'positive', icon: <ShieldIcon size="small" /> },
};

/** Every tone in both weights; each badge carries its text. */
export const AllTones: Story = {
  render: () => (
    <Stack space="medium">
      {BADGE_WEIGHTS.map((weight) => (
        <Stack key={weight} direction="horizontal" wrap space="small">
          {TONES.map((tone) => (
            <Badge key={tone} tone={tone} weight={weight}>
              {`${tone} ${weight}`}
            </Badge>
          ))}
        </Stack>
      ))}
    </Stack>
  ),
};

/** Statuses and levels as screens show them (REQ-appt-badges, REQ-rx-statuses, REQ-limit-levels). */
export const InContext: Story = {
  render: () => (
    <Stack direction="horizontal" wrap space="small">
      <Badge tone="caution">scheduled</Badge>
      <Badge tone="info">confirmed</Badge>
      <Badge tone="positive">completed</Badge>
      <Badge tone="critical">cancelled</Badge>
      <Badge tone="positive">low</Badge>
      <Badge tone="caution">medium</Badge>
      <Badge tone="critical" icon={<LockIcon size="small" />}>
        high
      </Badge>
    </Stack>
  ),
};
