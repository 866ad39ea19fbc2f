import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { ALERT_TONES, AlertMessage } from '../AlertRegion/AlertRegion';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { SafetyBanner } from '../SafetyBanner/SafetyBanner';
import { Stack } from '../Stack/Stack';
import { Tabs } from '../Tabs/Tabs';
import { Text } from '../Text/Text';
import { TONES } from '../theme/tokens';

/**
 * Forced colours (Windows high contrast, REQ-screen-a11y): the system replaces our colours with its own few,
 * so a tone told by a fill alone disappears. Every toned thing here keeps an edge drawn in a border, the
 * selected tab keeps its bar, and the focus ring stays. Storybook cannot switch the browser into forced
 * colours; stressModes.mjs loads these stories with Chromium's forced-colours emulation, where the play
 * functions also check the forced-only rules (the banner's full frame, the selected tab's highlight).
 */
function TonesSampler() {
  return (
    <Stack space="large">
      <SafetyBanner level="emergency" />
      <SafetyBanner level="urgent" />
      {ALERT_TONES.map((tone) => (
        <AlertMessage key={tone} tone={tone} message={`Alert in the ${tone} tone`} />
      ))}
      <Stack direction="horizontal" space="small" wrap>
        {TONES.map((tone) => (
          <Badge key={tone} tone={tone}>{`${tone} badge`}</Badge>
        ))}
        {TONES.map((tone) => (
          <Badge key={`${tone}-strong`} tone={tone} weight="strong">{`${tone} strong`}</Badge>
        ))}
      </Stack>
      <Card title="Critical card" tone="critical">
        <Text>A card with a tone stripe along its leading edge.</Text>
      </Card>
      <Tabs
        label="Sections"
        items={[
          { value: 'overview', label: 'Overview' },
          { value: 'records', label: 'Records' },
        ]}
        defaultValue="overview"
      >
        {(value) => <Text>{value}</Text>}
      </Tabs>
      <Stack direction="horizontal" space="small">
        <Button>Save</Button>
        <Button variant="secondary">Cancel</Button>
      </Stack>
    </Stack>
  );
}

const meta = {
  title: 'Stress/Forced colours',
  component: TonesSampler,
} satisfies Meta<typeof TonesSampler>;
export default meta;
type Story = StoryObj<typeof meta>;

const px = (value: string) => Number.parseFloat(value) || 0;
const FORCED = '(forced-colors: active)';

/** The widths and colours of a box's four borders, with its background. */
function edges(element: Element) {
  const s = getComputedStyle(element);
  return {
    widths: [s.borderTopWidth, s.borderRightWidth, s.borderBottomWidth, s.borderLeftWidth].map(px),
    colours: [s.borderTopColor, s.borderRightColor, s.borderBottomColor, s.borderLeftColor],
    background: s.backgroundColor,
  };
}

export const TonesKeepAnEdge: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const forced = canvasElement.ownerDocument.defaultView!.matchMedia(FORCED).matches;
    // Alerts and the card: a thick leading edge (start: the left on this left-to-right page).
    const toned = [
      ...ALERT_TONES.map((tone) => canvas.getByText(`Alert in the ${tone} tone`).parentElement!),
      canvas.getByRole('region', { name: 'Critical card' }),
    ];
    for (const box of toned) {
      const { widths } = edges(box);
      await expect(widths[3]).toBeGreaterThanOrEqual(4);
      await expect(widths[1]).toBeGreaterThanOrEqual(1);
    }
    // Badges: a frame on every side, in a colour other than their fill.
    for (const tone of TONES) {
      for (const text of [`${tone} badge`, `${tone} strong`]) {
        const { widths, colours, background } = edges(canvas.getByText(text));
        await expect(Math.min(...widths)).toBeGreaterThanOrEqual(1);
        if (forced) await expect(colours[0]).not.toBe(background);
      }
    }
    // Safety banners: a bottom rule always; in forced colours a whole frame with a thick leading edge.
    for (const banner of [canvas.getAllByRole('alert')[0]!, canvas.getByRole('status', { name: /.+/ })]) {
      const { widths, colours, background } = edges(banner);
      await expect(widths[2]).toBeGreaterThanOrEqual(1);
      if (forced) {
        await expect(Math.min(...widths)).toBeGreaterThanOrEqual(1);
        await expect(widths[3]).toBeGreaterThanOrEqual(4);
        await expect(colours[3]).not.toBe(background);
      }
    }
    // The selected tab's bar differs from the others' (which the system would otherwise draw alike).
    const [selected, other] = canvas.getAllByRole('tab');
    await expect(getComputedStyle(selected!).borderBottomColor).not.toBe(
      getComputedStyle(other!).borderBottomColor,
    );
    // The focus ring: a solid outline at least 2 pixels wide, in a colour other than the page's.
    // (Waited for: in the development server a theme's stylesheet may arrive after the first render.)
    await userEvent.tab();
    const focused = canvasElement.ownerDocument.activeElement!;
    const page = getComputedStyle(canvasElement.ownerDocument.body).backgroundColor;
    await waitFor(async () => {
      const ring = getComputedStyle(focused);
      await expect(ring.outlineStyle).toBe('solid');
      await expect(px(ring.outlineWidth)).toBeGreaterThanOrEqual(2);
      await expect(ring.outlineColor).not.toBe(page);
    });
  },
};

export const TonesKeepAnEdgeDark: Story = { globals: { theme: 'dark' }, play: TonesKeepAnEdge.play };
