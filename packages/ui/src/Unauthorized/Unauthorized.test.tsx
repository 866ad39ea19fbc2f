import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTE_TEXTS } from '@sentinel/domain';
import { expect, it, vi } from 'vitest';
import { Unauthorized } from './Unauthorized';

it("shows 'Access Denied' and the spec's explanation", () => {
  render(<Unauthorized />);
  expect(screen.getByRole('heading', { name: ROUTE_TEXTS.accessDeniedTitle })).toBeTruthy();
  expect(screen.getByText(ROUTE_TEXTS.accessDeniedBody)).toBeTruthy();
  expect(screen.queryByRole('button')).toBeNull();
});

it("leads back to the user's own dashboard", async () => {
  const onNavigate = vi.fn();
  render(<Unauthorized homePath="/doctor-dashboard" onNavigate={onNavigate} />);
  await userEvent.click(screen.getByRole('button', { name: 'Go to my dashboard' }));
  expect(onNavigate).toHaveBeenCalledWith('/doctor-dashboard');
});
