import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ICONS } from './icons';

/** The icons REQ-screen-icons lists under "Icons used by screens". */
const SPEC_ICONS = [
  'BookIcon',
  'CalendarIcon',
  'ChartIcon',
  'CheckIcon',
  'LockIcon',
  'ShieldIcon',
  'PillIcon',
  'SearchIcon',
  'UsersIcon',
  'TrophyIcon',
  'DocumentIcon',
  'WarningIcon',
  'EyeIcon',
  'ExternalLinkIcon',
  'BotIcon',
];

const entries = Object.entries(ICONS);

describe('icons', () => {
  it('include every icon the spec lists for the screens', () => {
    expect(SPEC_ICONS.filter((name) => !(name in ICONS))).toEqual([]);
  });

  it.each(entries)('%s with a title is an image named by that title', (name, Icon) => {
    render(<Icon title={`${name} title`} />);
    const image = screen.getByRole('img', { name: `${name} title` });
    expect(image.tagName.toLowerCase()).toBe('svg');
    expect(image.getAttribute('aria-hidden')).toBeNull();
  });

  it.each(entries)('%s without a title is decorative and hidden from assistive technology', (_name, Icon) => {
    const { container } = render(<Icon />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.queryByRole('img')).toBeNull();
    expect(svg?.querySelector('title')).toBeNull();
  });

  it('draws on the 24x24 grid with the current text colour', () => {
    const { container } = render(<ICONS.CheckIcon size="large" />);
    const svg = container.querySelector('svg');
    expect(svg?.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg?.getAttribute('stroke')).toBe('currentColor');
    expect(svg?.getAttribute('stroke-width')).toBe('2');
  });

  it('gives two titled copies of an icon distinct names', () => {
    render(
      <>
        <ICONS.LockIcon title="Encrypted" />
        <ICONS.LockIcon title="Restricted" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Encrypted' })).toBeDefined();
    expect(screen.getByRole('img', { name: 'Restricted' })).toBeDefined();
  });
});
