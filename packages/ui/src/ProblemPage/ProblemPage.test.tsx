import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { WarningIcon } from '../icons/icons';
import { ProblemPage } from './ProblemPage';

it('names the problem in a page heading and announces the message when asked', () => {
  render(<ProblemPage icon={<WarningIcon />} title="Login failed" message="Wrong state." announce />);
  expect(screen.getByRole('heading', { level: 1, name: 'Login failed' })).toBeTruthy();
  expect(screen.getByRole('alert').textContent).toBe('Wrong state.');
});

it('reads the message in order when not announced', () => {
  render(<ProblemPage icon={<WarningIcon />} title="Access Denied" message="No." />);
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.getByText('No.')).toBeTruthy();
});
