import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it, vi } from 'vitest';
import { ErrorState, RETRY_LABEL } from './ErrorState';

it('announces the failure as an alert and offers to try again', async () => {
  const onRetry = vi.fn();
  render(<ErrorState message="Cannot reach the server." onRetry={onRetry} />);
  expect(screen.getByRole('alert').textContent).toContain('Cannot reach the server.');
  await userEvent.click(screen.getByRole('button', { name: RETRY_LABEL }));
  expect(onRetry).toHaveBeenCalledTimes(1);
});

it('offers no retry without a handler', () => {
  render(<ErrorState message="Gone." />);
  expect(screen.queryByRole('button')).toBeNull();
});
