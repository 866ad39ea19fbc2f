import { USER_MANAGEMENT_TEXTS } from '@sentinel/domain';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TABLE_ROW_HEIGHT_PX } from '../theme/tokens';
import { Table, type TableColumn } from './Table';

type Person = { id: string; name: string; email: string };

const people = (count: number): Person[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `u${i + 1}`,
    name: `Person ${i + 1}`,
    email: `person${i + 1}@example.com`,
  }));

const columns: TableColumn<Person>[] = [
  { key: 'name', header: 'User', render: (p) => p.name, rowHeader: true, width: '40%' },
  { key: 'email', header: 'Email', render: (p) => p.email },
];

const dataRows = () =>
  screen
    .getAllByRole('row')
    .filter((row) => row.getAttribute('aria-hidden') !== 'true')
    .slice(1);

describe('Table', () => {
  it('is a table named by its caption, with column headers and one row per item', () => {
    render(<Table caption="System users" columns={columns} rows={people(3)} rowKey={(p) => p.id} />);
    const table = screen.getByRole('table', { name: 'System users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['User', 'Email']);
    expect(within(table).getByRole('rowheader', { name: 'Person 2' })).toBeTruthy();
    expect(dataRows()).toHaveLength(3);
    expect(within(dataRows()[0]!).getByRole('cell').textContent).toBe('person1@example.com');
    expect(table.querySelector('col')?.getAttribute('style')).toContain('40%');
  });

  it('can hide its caption visually while keeping the name, and its scroll box is focusable and named', () => {
    render(
      <Table caption="System users" hideCaption columns={columns} rows={people(1)} rowKey={(p) => p.id} />,
    );
    expect(screen.getByRole('table', { name: 'System users' })).toBeTruthy();
    const region = screen.getByRole('region', { name: 'System users' });
    expect(region.tabIndex).toBe(0);
  });

  it('shows the empty slot in one cell spanning every column when there are no rows', () => {
    render(
      <Table
        caption="System users"
        columns={columns}
        rows={[]}
        rowKey={(p) => p.id}
        empty={<p>{USER_MANAGEMENT_TEXTS.emptyTitle}</p>}
      />,
    );
    const cell = screen.getByRole('cell', { name: USER_MANAGEMENT_TEXTS.emptyTitle });
    expect(cell.getAttribute('colspan')).toBe('2');
  });

  it('renders every row of a short table without virtualising', () => {
    render(<Table caption="Users" columns={columns} rows={people(50)} rowKey={(p) => p.id} />);
    expect(dataRows()).toHaveLength(50);
    expect(screen.getByRole('table').hasAttribute('aria-rowcount')).toBe(false);
  });

  it('renders far fewer rows than 10,000 and tells assistive technology the full count', () => {
    render(<Table caption="Audit log" columns={columns} rows={people(10_000)} rowKey={(p) => p.id} />);
    const table = screen.getByRole('table', { name: 'Audit log' });
    expect(table.getAttribute('aria-rowcount')).toBe('10001');
    const rendered = table.querySelectorAll('tr').length;
    expect(rendered).toBeGreaterThan(1);
    expect(rendered).toBeLessThanOrEqual(60);
    const rows = dataRows();
    expect(rows[0]?.getAttribute('aria-rowindex')).toBe('2');
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Person 1');
    expect(screen.getAllByRole('row')[0]?.getAttribute('aria-rowindex')).toBe('1');
  });

  it('keeps the scrollbar true to the whole table with a spacer row below the rendered window', () => {
    render(<Table caption="Audit log" columns={columns} rows={people(10_000)} rowKey={(p) => p.id} />);
    const spacers = screen.getByRole('table').querySelectorAll('tr[aria-hidden="true"] td');
    expect(spacers).toHaveLength(1);
    const height = parseFloat((spacers[0] as HTMLElement).style.height);
    const renderedRows = dataRows().length;
    expect(height).toBe((10_000 - renderedRows) * TABLE_ROW_HEIGHT_PX);
  });

  it('renders the rows around the scroll position after scrolling', () => {
    render(<Table caption="Audit log" columns={columns} rows={people(10_000)} rowKey={(p) => p.id} />);
    const region = screen.getByRole('region', { name: 'Audit log' });
    act(() => {
      region.scrollTop = 5_000 * TABLE_ROW_HEIGHT_PX;
      fireEvent.scroll(region);
    });
    const indexes = dataRows().map((row) => Number(row.getAttribute('aria-rowindex')));
    expect(indexes.length).toBeLessThanOrEqual(60);
    expect(indexes).toContain(5_002);
    expect(screen.getByRole('rowheader', { name: 'Person 5001' })).toBeTruthy();
    expect(screen.queryByRole('rowheader', { name: 'Person 1' })).toBeNull();
    expect(screen.getByRole('table').querySelectorAll('tr[aria-hidden="true"]')).toHaveLength(2);
  });

  it('keeps the row holding keyboard focus rendered after it scrolled out of view', () => {
    const actions: TableColumn<Person>[] = [
      ...columns,
      { key: 'open', header: 'Open', render: (p) => <button type="button">{`Open ${p.name}`}</button> },
    ];
    render(<Table caption="Audit log" columns={actions} rows={people(10_000)} rowKey={(p) => p.id} />);
    const button = screen.getByRole('button', { name: 'Open Person 3' });
    act(() => button.focus());
    const region = screen.getByRole('region', { name: 'Audit log' });
    act(() => {
      region.scrollTop = 5_000 * TABLE_ROW_HEIGHT_PX;
      fireEvent.scroll(region);
    });
    expect(screen.getByRole('rowheader', { name: 'Person 5001' })).toBeTruthy();
    expect(document.activeElement).toBe(button);
    expect(button.isConnected).toBe(true);
    // The kept row sits between spacers standing in for the rows above and below it.
    expect(screen.getByRole('table').querySelectorAll('tr[aria-hidden="true"]')).toHaveLength(3);
    expect(dataRows().length).toBeLessThanOrEqual(60);
  });

  it('lets go of a row once focus leaves the table', () => {
    const actions: TableColumn<Person>[] = [
      ...columns,
      { key: 'open', header: 'Open', render: (p) => <button type="button">{`Open ${p.name}`}</button> },
    ];
    render(<Table caption="Audit log" columns={actions} rows={people(10_000)} rowKey={(p) => p.id} />);
    act(() => screen.getByRole('button', { name: 'Open Person 3' }).focus());
    act(() => screen.getByRole('region', { name: 'Audit log' }).focus());
    const region = screen.getByRole('region', { name: 'Audit log' });
    act(() => {
      region.scrollTop = 5_000 * TABLE_ROW_HEIGHT_PX;
      fireEvent.scroll(region);
    });
    expect(screen.queryByRole('rowheader', { name: 'Person 3' })).toBeNull();
  });

  it('virtualises from a threshold the owner chooses', () => {
    render(
      <Table caption="Users" columns={columns} rows={people(5)} rowKey={(p) => p.id} virtualizeAbove={2} />,
    );
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('6');
    expect(dataRows()).toHaveLength(5);
  });
});
