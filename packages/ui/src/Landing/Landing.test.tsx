import { act, render, screen } from '@testing-library/react';
import { FEATURE_ROTATION_MS } from '@sentinel/domain';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { LANDING_FEATURES, LandingScreen } from './Landing';

const activeTitle = () =>
  screen
    .getAllByRole('listitem')
    .find((li) => li.getAttribute('data-active') === 'true')
    ?.querySelector('h3')?.textContent;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

it('rotates the highlighted feature every 4 seconds', () => {
  render(<LandingScreen onLogin={() => undefined} />);
  expect(activeTitle()).toBe(LANDING_FEATURES[0].title);
  act(() => vi.advanceTimersByTime(FEATURE_ROTATION_MS - 1));
  expect(activeTitle()).toBe(LANDING_FEATURES[0].title);
  act(() => vi.advanceTimersByTime(1));
  expect(activeTitle()).toBe(LANDING_FEATURES[1].title);
  act(() => vi.advanceTimersByTime(2 * FEATURE_ROTATION_MS));
  expect(activeTitle()).toBe(LANDING_FEATURES[0].title);
});

it('stays still when rotation is off', () => {
  render(<LandingScreen onLogin={() => undefined} rotate={false} initialFeature={2} />);
  act(() => vi.advanceTimersByTime(3 * FEATURE_ROTATION_MS));
  expect(activeTitle()).toBe(LANDING_FEATURES[2].title);
});
