import { render, screen } from '@testing-library/react';
import { PRODUCT_NAME, ROUTE_TEXTS } from '@sentinel/domain';
import { expect, it } from 'vitest';
import { LoadingScreen } from './LoadingScreen';

it('shows the product name and the loading text while sign-in loads', () => {
  render(<LoadingScreen />);
  expect(screen.getByRole('heading', { name: PRODUCT_NAME })).toBeTruthy();
  expect(screen.getByRole('status').textContent).toContain(ROUTE_TEXTS.loading);
});
