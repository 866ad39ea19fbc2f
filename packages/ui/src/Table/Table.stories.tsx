import { USER_MANAGEMENT_TEXTS } from '@sentinel/domain';
import { PERSONA_LIST, type Persona } from '@sentinel/mocks';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { Badge } from '../Badge/Badge';
import { EmptyState } from '../EmptyState/EmptyState';
import { Text } from '../Text/Text';
import { Table, type TableColumn } from './Table';

const personaColumns: TableColumn<Persona>[] = [
  { key: 'name', header: 'User', render: (p) => p.name, rowHeader: true, width: '30%' },
  {
    key: 'email',
    header: 'Email',
    render: (p) => (
      <Text size="small" tone="muted">
        {p.email}
      </Text>
    ),
  },
  { key: 'role', header: 'Role', render: (p) => <Badge>{p.role}</Badge> },
  {
    key: 'department',
    header: 'Department',
    render: (p) => p.department || USER_MANAGEMENT_TEXTS.emptyDepartment,
  },
];

type AuditRow = { id: string; index: number; user: string; item: string; granted: boolean };

const ITEMS = ['diabetes-diagnostics', 'hypertension-management', 'metformin', 'diabetes-lifestyle'] as const;

/** 10,000 deterministic rows: each row is a pure function of its index. */
const auditRows: AuditRow[] = Array.from({ length: 10_000 }, (_, index) => {
  const persona = PERSONA_LIST[index % PERSONA_LIST.length]!;
  return {
    id: `audit-${index + 1}`,
    index: index + 1,
    user: persona.name,
    item: ITEMS[index % ITEMS.length]!,
    granted: index % 3 !== 0,
  };
});

const auditColumns: TableColumn<AuditRow>[] = [
  { key: 'index', header: '#', render: (r) => r.index, rowHeader: true, width: '10%' },
  { key: 'user', header: 'User', render: (r) => r.user },
  { key: 'item', header: 'Item', render: (r) => r.item },
  {
    key: 'granted',
    header: 'Access',
    render: (r) => (
      <Badge tone={r.granted ? 'positive' : 'critical'}>{r.granted ? 'Granted' : 'Denied'}</Badge>
    ),
  },
];

/** The generic table, fixed to persona rows for the args table. */
const PersonaTable = Table<Persona>;

const meta = {
  title: 'Primitives/Table',
  component: PersonaTable,
  tags: ['autodocs'],
  args: { caption: 'System users', columns: personaColumns, rows: PERSONA_LIST, rowKey: (p) => p.key },
  argTypes: { columns: { control: false }, rows: { control: false }, rowKey: { control: false } },
} satisfies Meta<typeof PersonaTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'System users' });
    await expect(within(table).getAllByRole('row')).toHaveLength(PERSONA_LIST.length + 1);
    await expect(within(table).getByRole('rowheader', { name: 'Jane Doe' })).toBeVisible();
  },
};

export const HiddenCaption: Story = { args: { hideCaption: true } };

export const Empty: Story = {
  args: {
    rows: [],
    empty: (
      <EmptyState
        title={USER_MANAGEMENT_TEXTS.emptyTitle}
        description={USER_MANAGEMENT_TEXTS.emptySearchHint}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(USER_MANAGEMENT_TEXTS.emptyTitle)).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(2);
  },
};

/** 10,000 rows: only the rows in view (plus a few) are in the DOM; screen readers are told the full count. */
export const Virtualised10k: Story = {
  render: () => (
    <Table caption="Knowledge access log" columns={auditColumns} rows={auditRows} rowKey={(r) => r.id} />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Knowledge access log' });
    await expect(table).toHaveAttribute('aria-rowcount', '10001');
    await expect(table.querySelectorAll('tr').length).toBeLessThan(80);
    const region = canvas.getByRole('region', { name: 'Knowledge access log' });
    await expect(region).toHaveAttribute('tabindex', '0');
    region.scrollTop = region.scrollHeight;
    await waitFor(() => expect(within(table).getByRole('rowheader', { name: '10000' })).toBeInTheDocument());
    await expect(table.querySelectorAll('tr').length).toBeLessThan(80);
  },
};
