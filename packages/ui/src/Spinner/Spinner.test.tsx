import { PRODUCT_NAME, ROUTE_TEXTS } from '@sentinel/domain';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SPINNER_LABEL, FullScreenSpinner, Spinner } from './Spinner';

describe('Spinner', () => {
  it('announces "Loading..." as a status when no label is given', () => {
    render(<Spinner />);
    expect(screen.getByRole('status').textContent).toBe(DEFAULT_SPINNER_LABEL);
  });

  it('announces the label it is given', () => {
    render(<Spinner label="Loading medical knowledge base..." />);
    expect(screen.getByRole('status').textContent).toBe('Loading medical knowledge base...');
  });

  it('keeps a hidden label in the status so screen readers still hear it', () => {
    render(<Spinner label="Saving" hideLabel />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Saving');
    expect(status.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('hides its ring from assistive technology', () => {
    render(<Spinner size="large" layout="stacked" />);
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('FullScreenSpinner', () => {
  it('shows the product name as the page heading and announces the loading text (REQ-nav-loading)', () => {
    render(<FullScreenSpinner label={ROUTE_TEXTS.loading} />);
    expect(screen.getByRole('heading', { level: 1, name: PRODUCT_NAME })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe(ROUTE_TEXTS.loading);
  });
});
