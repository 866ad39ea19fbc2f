import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { AlertMessage } from '../AlertRegion/AlertRegion';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { CheckIcon, HeartIcon, LogoutIcon, SendIcon } from '../icons/icons';
import { Markdown } from '../Markdown/Markdown';
import { Stack } from '../Stack/Stack';
import { StatTile } from '../StatTile/StatTile';
import { Table, type TableColumn } from '../Table/Table';
import { Tabs } from '../Tabs/Tabs';
import { Text } from '../Text/Text';
import { horizontalScale, textLeft } from './Stress.utils';

/**
 * Right to left (REQ-screen-a11y): an Arabic page is the mirror of an English one. Our styles use logical
 * sides (inline start and end), so the tone stripe, the alert's icon, the first tab and the first column sit
 * on the right; icons that point along the line (send, sign out) turn round; figures with units keep their
 * own left-to-right order. The Arabic is short everyday wording of our own.
 */
const withRtl: Decorator = (Story) => (
  <div dir="rtl" lang="ar">
    <Story />
  </div>
);

const AR = {
  card: 'السجلات الطبية',
  cardBody: 'آخر زيارة: ٣ أكتوبر',
  alert: 'تم رفض الوصول إلى هذا السجل',
  send: 'إرسال',
  logout: 'تسجيل الخروج',
  bloodPressure: 'ضغط الدم',
  tabs: ['نظرة عامة على الصحة', 'السجلات الطبية', 'الوصفات الطبية', 'المواعيد'],
  tabsLabel: 'أقسام',
  caption: 'الأدوية',
  medication: 'الدواء',
  dose: 'الجرعة',
  markdown: '- اشرب الماء بانتظام\n- امشِ ثلاثين دقيقة يوميًا\n\n> راجع طبيبك إذا استمرت الأعراض',
} as const;

type Row = { id: string; medication: string; dose: string };
const rows: Row[] = [
  { id: '1', medication: 'Metformin', dose: '500 mg' },
  { id: '2', medication: 'Lisinopril', dose: '10 mg' },
];
const columns: TableColumn<Row>[] = [
  { key: 'medication', header: AR.medication, render: (r) => r.medication, rowHeader: true },
  { key: 'dose', header: AR.dose, render: (r) => r.dose },
];

function RtlSampler() {
  return (
    <Stack space="large">
      <Card title={AR.card} tone="critical">
        <Text>{AR.cardBody}</Text>
      </Card>
      <AlertMessage tone="critical" message={AR.alert} />
      <Stack direction="horizontal" space="small" wrap>
        <Button icon={<SendIcon />}>{AR.send}</Button>
        <Button variant="secondary" icon={<LogoutIcon />}>
          {AR.logout}
        </Button>
        <Button variant="ghost" icon={<CheckIcon />}>
          OK
        </Button>
      </Stack>
      <StatTile label={AR.bloodPressure} value="120/80 mmHg" icon={<HeartIcon />} tone="critical" />
      <Tabs
        label={AR.tabsLabel}
        items={AR.tabs.map((label, index) => ({ value: `t${index}`, label }))}
        defaultValue="t0"
      >
        {() => <Markdown>{AR.markdown}</Markdown>}
      </Tabs>
      <Table caption={AR.caption} columns={columns} rows={rows} rowKey={(r) => r.id} />
    </Stack>
  );
}

const meta = {
  title: 'Stress/Right to left',
  component: RtlSampler,
  decorators: [withRtl],
} satisfies Meta<typeof RtlSampler>;
export default meta;
type Story = StoryObj<typeof meta>;

const px = (value: string) => Number.parseFloat(value) || 0;
const leftOf = (element: Element) => element.getBoundingClientRect().left;

export const Mirrored: Story = {
  // Measures where the desktop layout puts each part; at 390 px the tab bar folds into its menu.
  tags: ['desktop-only'],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The card's tone stripe is its leading edge: the right one.
    const card = getComputedStyle(canvas.getByRole('region', { name: AR.card }));
    await expect(px(card.borderRightWidth)).toBeGreaterThan(px(card.borderLeftWidth));
    // The alert's icon leads its message, from the right.
    const message = canvas.getByText(AR.alert);
    const alertIcon = message.parentElement!.querySelector('svg')!;
    await expect(leftOf(alertIcon)).toBeGreaterThan(leftOf(message));
    // Icons that point along the line turn round; a check mark does not.
    const svgIn = (name: string) => canvas.getByRole('button', { name }).querySelector('svg')!;
    await expect(horizontalScale(svgIn(AR.send))).toBe(-1);
    await expect(horizontalScale(svgIn(AR.logout))).toBe(-1);
    await expect(horizontalScale(svgIn('OK'))).toBe(1);
    // The figure reads '120/80 mmHg' from left to right, not 'mmHg 120/80', and keeps to the tile's right.
    const value = canvas.getByText('120/80 mmHg');
    await expect(textLeft(value, '120')!).toBeLessThan(textLeft(value, 'mmHg')!);
    const tile = canvas.getByRole('group', { name: AR.bloodPressure }).getBoundingClientRect();
    await expect(textLeft(value, '120')!).toBeGreaterThan(tile.left + tile.width / 2);
    // So does a dose in a table cell: '500 mg', at the cell's right edge.
    const cell = canvas.getByRole('cell', { name: '500 mg' });
    await expect(textLeft(cell, '500')!).toBeLessThan(textLeft(cell, 'mg')!);
    const cellBox = cell.getBoundingClientRect();
    await expect(textLeft(cell, '500')!).toBeGreaterThan(cellBox.left + cellBox.width / 2);
    // The first tab and the first column are on the right.
    const [first, second] = canvas.getAllByRole('tab');
    await expect(leftOf(first!)).toBeGreaterThan(leftOf(second!));
    const [medication, dose] = canvas.getAllByRole('columnheader');
    await expect(leftOf(medication!)).toBeGreaterThan(leftOf(dose!));
    // List bullets and the quote's bar are on the right as well.
    const list = getComputedStyle(canvasElement.querySelector('ul')!);
    await expect(px(list.paddingRight)).toBeGreaterThan(px(list.paddingLeft));
    const quote = getComputedStyle(canvasElement.querySelector('blockquote')!);
    await expect(px(quote.borderRightWidth)).toBeGreaterThan(px(quote.borderLeftWidth));
  },
};

/** The same mirrored page in the dark theme. */
export const MirroredDark: Story = {
  tags: ['desktop-only'],
  globals: { theme: 'dark' },
  play: Mirrored.play,
};
