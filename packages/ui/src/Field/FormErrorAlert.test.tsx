import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormErrorAlert } from './FormErrorAlert';

describe('FormErrorAlert', () => {
  it('keeps an empty alert region while the form has no error, so a later message is announced', () => {
    render(<FormErrorAlert message={undefined} />);
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it("shows the form's error inside that region, with the same node kept across renders", () => {
    const view = render(<FormErrorAlert message={undefined} />);
    const region = screen.getByRole('alert');
    view.rerender(<FormErrorAlert message="You do not have permission to create records." />);
    expect(screen.getByRole('alert')).toBe(region);
    expect(region.textContent).toBe('You do not have permission to create records.');
  });
});
