import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatGrid } from './StatGrid';

const TILES = [
  { label: 'Total Users', value: '1,247' },
  { label: 'Security Alerts', value: 0, tone: 'positive' },
] as const;

describe('StatGrid', () => {
  it('as a list, holds one list item per tile, in order, each tile named by its label', () => {
    render(<StatGrid as="list" label="System status" columns={{ mobile: 2, desktop: 4 }} tiles={TILES} />);
    const items = within(screen.getByRole('list', { name: 'System status' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('group').getAttribute('aria-labelledby'))).toHaveLength(
      2,
    );
    expect(within(items[0]!).getByRole('group', { name: 'Total Users' }).textContent).toContain('1,247');
    expect(within(items[1]!).getByRole('group', { name: 'Security Alerts' }).textContent).toContain('0');
  });

  it('as a group, is one named group around the tiles, without list semantics', () => {
    render(<StatGrid as="group" label="Record statistics" columns={{ mobile: 2 }} tiles={TILES} />);
    const grid = screen.getByRole('group', { name: 'Record statistics' });
    expect(within(grid).getByRole('group', { name: 'Total Users' })).toBeDefined();
    expect(within(grid).getByRole('group', { name: 'Security Alerts' })).toBeDefined();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('as a section, is a region of the page named by its label', () => {
    render(<StatGrid as="section" label="Summary" columns={{ mobile: 2 }} tiles={TILES} />);
    const region = screen.getByRole('region', { name: 'Summary' });
    expect(
      within(region)
        .getAllByRole('group')
        .map((g) => g.textContent),
    ).toEqual(['Total Users1,247', 'Security Alerts0']);
  });
});
