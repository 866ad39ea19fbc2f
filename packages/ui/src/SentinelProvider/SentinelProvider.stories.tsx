import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { useAlerts } from '../AlertRegion/AlertRegion';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { Stack } from '../Stack/Stack';
import { Text } from '../Text/Text';
import { createTheme } from '../theme/createTheme';
import { vars } from '../theme/theme.css';
import { SentinelProvider } from './SentinelProvider';

/** A partner's brand over the light theme, made at run time (no build plugin): what the Embedding page shows. */
const partner = createTheme(
  {
    color: { brand: '#7a1f5c', brandHover: '#5c1745', link: '#7a1f5c', focus: '#7a1f5c' },
    radius: { medium: '4px', large: '6px' },
  },
  { name: 'partner' },
);

/** A stand-in for a host's page: primitives, and an alert shown in the provider's region. */
function PartnerPage() {
  const { show } = useAlerts();
  return (
    <Stack space="medium">
      <Text>Your care team replies within one working day.</Text>
      <Stack direction="horizontal" wrap space="small">
        <Button onClick={() => show('Message sent to your care team.', 'positive')}>Send</Button>
        <Button variant="secondary">Cancel</Button>
        <Badge tone="info">Partner</Badge>
      </Stack>
    </Stack>
  );
}

const meta = {
  title: 'Primitives/SentinelProvider',
  component: SentinelProvider,
  args: { theme: partner, children: <PartnerPage /> },
} satisfies Meta<typeof SentinelProvider>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A theme from `createTheme`: the provider sets its overridden variables on its element, over the light theme's
 * class, and the alerts a page raises appear in the provider's own region.
 */
export const PartnerTheme: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const themed = canvasElement.querySelector<HTMLElement>('[data-theme="partner"]');
    await expect(themed?.style.getPropertyValue(vars.color.brand.replace(/^var\((.*)\)$/, '$1'))).toBe(
      '#7a1f5c',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Message sent to your care team.');
  },
};

/** The dark theme, by name. */
export const Dark: Story = { args: { theme: 'dark' } };
