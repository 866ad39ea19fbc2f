import { ADMIN_TEXTS } from '@sentinel/domain';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UsersIcon } from '../icons/icons';
import { StatTile } from './StatTile';

describe('StatTile', () => {
  it('is a group named by its label that holds the value (REQ-screen-admin-overview: Total Users 1,247)', () => {
    render(<StatTile label={ADMIN_TEXTS.overviewCards[0]} value="1,247" icon={<UsersIcon />} />);
    const tile = screen.getByRole('group', { name: 'Total Users' });
    expect(within(tile).getByText('1,247')).toBeDefined();
  });

  it('shows a number value as given, formatting nothing itself', () => {
    render(<StatTile label="Security Alerts" value={0} tone="positive" toneValue />);
    expect(within(screen.getByRole('group', { name: 'Security Alerts' })).getByText('0')).toBeDefined();
  });

  it('shows a hint under the value when given', () => {
    render(
      <StatTile
        label="Patient records breached annually"
        value="45M+"
        hint="Industry figure"
        tone="critical"
      />,
    );
    expect(screen.getByRole('group', { name: 'Patient records breached annually' }).textContent).toBe(
      'Patient records breached annually45M+Industry figure',
    );
  });

  it('can read the value before the label (REQ-screen-landing-stats: 45M+ patient records breached annually)', () => {
    render(<StatTile label="patient records breached annually" value="45M+" valueFirst />);
    expect(screen.getByRole('group', { name: 'patient records breached annually' }).textContent).toBe(
      '45M+patient records breached annually',
    );
  });

  it('keeps its icon decorative', () => {
    render(<StatTile label="Active Sessions" value="89" icon={<UsersIcon />} />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});
