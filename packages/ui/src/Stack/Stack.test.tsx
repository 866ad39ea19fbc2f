import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Stack } from './Stack';

describe('Stack', () => {
  it('renders a div holding its children by default', () => {
    const { container } = render(
      <Stack>
        <span>Heart rate</span>
        <span>Blood pressure</span>
      </Stack>,
    );
    const root = container.firstElementChild;
    expect(root?.tagName).toBe('DIV');
    expect(root?.children).toHaveLength(2);
  });

  it('keeps list semantics when rendered as a list, so screen readers count the items', () => {
    render(
      <Stack as="ul" aria-label="Quick actions">
        <li>Book appointment</li>
        <li>View records</li>
      </Stack>,
    );
    const list = screen.getByRole('list', { name: 'Quick actions' });
    expect(list.tagName).toBe('UL');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('renders a named section landmark when asked', () => {
    render(
      <Stack
        as="section"
        aria-label="Vitals"
        direction="horizontal"
        wrap
        space="large"
        justify="spaceBetween"
      >
        <span>72 bpm</span>
      </Stack>,
    );
    expect(screen.getByRole('region', { name: 'Vitals' })).toBeDefined();
  });

  it('gives a horizontal row different layout classes from a vertical column', () => {
    const { container } = render(
      <>
        <Stack direction="vertical">a</Stack>
        <Stack direction="horizontal">b</Stack>
      </>,
    );
    const [column, row] = Array.from(container.children);
    expect(column?.className).not.toBe(row?.className);
  });

  it('accepts a different direction and gap per breakpoint', () => {
    const { container } = render(
      <Stack
        direction={{ mobile: 'vertical', tablet: 'horizontal' }}
        space={{ mobile: 'small', desktop: 'large' }}
        align={{ mobile: 'start' }}
      >
        x
      </Stack>,
    );
    const fixed = render(
      <Stack direction="vertical" space="small" align="start">
        x
      </Stack>,
    ).container;
    expect(container.firstElementChild?.className.split(' ').length).toBeGreaterThan(
      fixed.firstElementChild?.className.split(' ').length ?? 0,
    );
  });
});
