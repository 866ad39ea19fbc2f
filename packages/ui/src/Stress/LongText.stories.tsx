import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { Badge } from '../Badge/Badge';
import { Button } from '../Button/Button';
import { Card } from '../Card/Card';
import { Dialog } from '../Dialog/Dialog';
import { RecordDetails } from '../MedicalRecords/RecordDetails';
import { Stack } from '../Stack/Stack';
import { StatGrid } from '../StatTile/StatGrid';
import { Table, type TableColumn } from '../Table/Table';
import { Tabs } from '../Tabs/Tabs';
import { Text } from '../Text/Text';
import {
  STRESS_BADGES,
  STRESS_BUTTONS,
  STRESS_DIALOG_DESCRIPTION,
  STRESS_DIALOG_TITLE,
  STRESS_PATIENT_NAME,
  STRESS_RECORD,
  STRESS_TABLE_COLUMNS,
  STRESS_TABLE_ROWS,
  STRESS_TABS,
  STRESS_TILES,
  type StressTableRow,
} from './Stress.fixtures';
import { boxesOutside, overflowingBoxes, pageScrollsSideways } from './Stress.utils';

const PHONE = { viewport: { value: 'mobile1', isRotated: false } } as const;

const columns: TableColumn<StressTableRow>[] = [
  {
    key: 'medication',
    header: STRESS_TABLE_COLUMNS.medication,
    render: (r) => r.medication,
    rowHeader: true,
  },
  { key: 'instructions', header: STRESS_TABLE_COLUMNS.instructions, render: (r) => r.instructions },
  { key: 'prescriber', header: STRESS_TABLE_COLUMNS.prescriber, render: (r) => r.prescriber },
  {
    key: 'status',
    header: STRESS_TABLE_COLUMNS.status,
    render: (r) => <Badge tone="caution">{r.status}</Badge>,
  },
];

/** Every primitive that holds a label, filled with the German for it. */
function LongLabels() {
  return (
    <Stack space="large">
      <Card title={STRESS_PATIENT_NAME} description={STRESS_RECORD.patientEmail} tone="info">
        <Stack direction="horizontal" space="small" wrap>
          {STRESS_BADGES.map((badge) => (
            <Badge key={badge.german} tone="caution">
              {badge.german}
            </Badge>
          ))}
        </Stack>
        <Stack direction="horizontal" space="small" wrap>
          {STRESS_BUTTONS.map((button, index) => (
            <Button key={button.german} variant={index === 0 ? 'primary' : 'secondary'}>
              {button.german}
            </Button>
          ))}
        </Stack>
      </Card>
      <Tabs
        label="Patientenbereich"
        items={STRESS_TABS.map((tab, index) => ({ value: `tab-${index}`, label: tab.german }))}
        defaultValue="tab-2"
        overflowLabel="Weitere"
      >
        {() => <Text>{STRESS_TABLE_ROWS[0]!.instructions}</Text>}
      </Tabs>
      <StatGrid
        label="Übersicht"
        as="list"
        columns={{ mobile: 1, tablet: 2, desktop: 4 }}
        tiles={STRESS_TILES.map((tile) => ({ label: tile.german, value: tile.value, hint: tile.hint }))}
      />
      <Table
        caption="Aktuelle Verschreibungen mit Dosierungsanweisungen"
        columns={columns}
        rows={STRESS_TABLE_ROWS}
        rowKey={(r) => r.id}
      />
    </Stack>
  );
}

const meta = {
  title: 'Stress/Long text',
  component: LongLabels,
} satisfies Meta<typeof LongLabels>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * Every labelled box with German-length text keeps it inside: it wraps (buttons, badges, tiles, card titles,
 * table cells) or ends in an ellipsis with the whole name still its accessible name (tabs). The table alone may
 * scroll sideways, inside its own frame.
 */
async function labelsStayInside({ canvasElement }: { canvasElement: HTMLElement }) {
  const canvas = within(canvasElement);
  const card = canvas.getByRole('region', { name: STRESS_PATIENT_NAME });
  const boxes: Element[] = [
    ...STRESS_BUTTONS.map((b) => canvas.getByRole('button', { name: b.german })),
    ...STRESS_BADGES.map((b) => within(card).getByText(b.german)),
    ...STRESS_TILES.map((t) => canvas.getByRole('group', { name: t.german })),
    card,
    canvas.getByRole('heading', { name: STRESS_PATIENT_NAME }),
    canvas.getByRole('tablist', { name: 'Patientenbereich' }),
  ];
  await expect(overflowingBoxes(boxes).join('; ')).toBe('');
  await expect(boxesOutside(boxes, canvasElement).join('; ')).toBe('');
  // The selected tab's whole German name is its accessible name, even where the bar shows it cut short.
  await expect(canvas.getByRole('tab', { selected: true })).toHaveAccessibleName(STRESS_TABS[2]!.german);
  const table = canvas.getByRole('table', { name: /Aktuelle Verschreibungen/ });
  await expect(boxesOutside([table.parentElement!], canvasElement).join('; ')).toBe('');
  await expect(pageScrollsSideways(canvasElement.ownerDocument)).toBe(false);
}

export const Components: Story = { play: labelsStayInside };

/** The same at 320 pixels: tiles stack, tabs move into the menu, buttons and badges wrap their words. */
export const ComponentsOnPhone: Story = { globals: PHONE, play: labelsStayInside };

/** A dialog whose title is one long German sentence with a 58-letter compound; the title wraps in the header. */
function LongTitleDialog() {
  return (
    <Dialog
      open
      onClose={fn()}
      title={STRESS_DIALOG_TITLE.german}
      description={STRESS_DIALOG_DESCRIPTION}
      footer={
        <>
          <Button variant="secondary">Abbrechen</Button>
          <Button>{STRESS_BUTTONS[2]!.german}</Button>
        </>
      }
    >
      <Text>{STRESS_TABLE_ROWS[0]!.instructions}</Text>
    </Dialog>
  );
}

async function dialogFits({ canvasElement }: { canvasElement: HTMLElement }) {
  const view = canvasElement.ownerDocument.defaultView!;
  const page = within(canvasElement.ownerDocument.body);
  const dialog = await page.findByRole('dialog', { name: STRESS_DIALOG_TITLE.german });
  const parts = [
    dialog,
    within(dialog).getByRole('heading', { name: STRESS_DIALOG_TITLE.german }),
    ...within(dialog).getAllByRole('button'),
  ];
  await expect(overflowingBoxes(parts).join('; ')).toBe('');
  await expect(boxesOutside(parts, new DOMRect(0, 0, view.innerWidth, view.innerHeight)).join('; ')).toBe('');
}

export const DialogTitle: Story = { render: () => <LongTitleDialog />, play: dialogFits };
export const DialogTitleOnPhone: Story = {
  globals: PHONE,
  render: () => <LongTitleDialog />,
  play: dialogFits,
};

/**
 * A record with a 2,000-word note and a 60-character patient name (the API takes at most 10,000 characters of
 * description, so this is longer than any stored record can be): the dialog stays inside the window and its
 * body scrolls, so the note's last paragraph can be reached rather than clipped.
 */
function LongRecord() {
  return (
    <RecordDetails
      summary={STRESS_RECORD}
      record={STRESS_RECORD}
      loading={false}
      showPatientName
      canEdit
      onClose={fn()}
      onEdit={fn()}
    />
  );
}

async function noteScrolls({ canvasElement }: { canvasElement: HTMLElement }) {
  const view = canvasElement.ownerDocument.defaultView!;
  const page = within(canvasElement.ownerDocument.body);
  const dialog = await page.findByRole('dialog', { name: STRESS_RECORD.title });
  const name = within(dialog).getByText(STRESS_PATIENT_NAME);
  await expect(name).toBeVisible();
  await expect(overflowingBoxes([dialog, name]).join('; ')).toBe('');
  await expect(boxesOutside([dialog], new DOMRect(0, 0, view.innerWidth, view.innerHeight)).join('; ')).toBe(
    '',
  );
  const paragraphs = STRESS_RECORD.description.split('\n\n').length;
  const last = within(dialog).getByText(new RegExp(`Absatz ${paragraphs}\\.`));
  const scroller = [...dialog.querySelectorAll('*')].find(
    (el) =>
      el.contains(last) && el.scrollHeight > el.clientHeight + 1 && getComputedStyle(el).overflowY === 'auto',
  );
  await expect(scroller, 'the note scrolls inside the dialog').toBeDefined();
}

export const RecordNote: Story = { render: () => <LongRecord />, play: noteScrolls };
export const RecordNoteOnPhone: Story = { globals: PHONE, render: () => <LongRecord />, play: noteScrolls };
