import { Box } from '../Box/Box';
import type { Sprinkles } from '../theme/sprinkles.css';
import { StatTile, type StatTileProps } from './StatTile';

export type StatGridProps = {
  /** Names the tiles together for assistive technology, e.g. 'System status'. */
  label: string;
  /**
   * What the tiles are to assistive technology: a list of figures (a dashboard's overview), a group (a screen's
   * summary above its list) or a section of the page.
   */
  as: 'list' | 'group' | 'section';
  /** Tiles per row at each breakpoint. */
  columns: Sprinkles['gridTemplateColumns'];
  /** The space between tiles, from the spacing scale. */
  gap?: Sprinkles['gap'];
  /** The tiles, in reading order; each label is unique within the grid. */
  tiles: readonly StatTileProps[];
};

/**
 * The stat tiles of an overview or a screen's summary, laid out as one responsive grid.
 *
 * **When to use:** two or more StatTiles side by side.
 *
 * **Accessibility:** as a list, a group or a section named by `label`, so the tiles are announced as one set.
 */
export function StatGrid({ label, as, columns, gap = 'medium', tiles }: StatGridProps) {
  if (as === 'list') {
    return (
      <Box as="ul" aria-label={label} display="grid" gridTemplateColumns={columns} gap={gap}>
        {tiles.map((tile) => (
          <li key={tile.label}>
            <StatTile {...tile} />
          </li>
        ))}
      </Box>
    );
  }
  const items = tiles.map((tile) => <StatTile key={tile.label} {...tile} />);
  return as === 'group' ? (
    <Box role="group" aria-label={label} display="grid" gridTemplateColumns={columns} gap={gap}>
      {items}
    </Box>
  ) : (
    <Box as="section" aria-label={label} display="grid" gridTemplateColumns={columns} gap={gap}>
      {items}
    </Box>
  );
}
