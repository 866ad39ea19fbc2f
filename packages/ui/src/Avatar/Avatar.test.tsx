import { PERSONAS } from '@sentinel/mocks';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar } from './Avatar';

const jane = PERSONAS.jane;
const alice = PERSONAS.alice;
const PICTURE = '/avatars/jane.png';

describe('Avatar', () => {
  it("shows the picture with the person's name as its alternative text", () => {
    render(<Avatar name={jane.name} picture={PICTURE} />);
    const img = screen.getByRole('img', { name: 'Jane Doe' });
    expect(img.tagName).toBe('IMG');
    expect(img.getAttribute('src')).toBe(PICTURE);
  });

  it('shows initials named by the person when there is no picture (REQ-users-table)', () => {
    render(<Avatar name={alice.name} size="large" />);
    const avatar = screen.getByRole('img', { name: 'Dr. Alice Smith' });
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar.textContent).toBe('AS');
  });

  it('falls back to initials when the picture fails to load', () => {
    render(<Avatar name={jane.name} picture="/broken.png" />);
    fireEvent.error(screen.getByRole('img', { name: 'Jane Doe' }));
    const avatar = screen.getByRole('img', { name: 'Jane Doe' });
    expect(avatar.tagName).toBe('SPAN');
    expect(avatar.textContent).toBe('JD');
  });

  it('tries a new picture after an earlier one failed', () => {
    const { rerender } = render(<Avatar name={jane.name} picture="/broken.png" />);
    fireEvent.error(screen.getByRole('img', { name: 'Jane Doe' }));
    rerender(<Avatar name={jane.name} picture={PICTURE} />);
    expect(screen.getByRole('img', { name: 'Jane Doe' }).tagName).toBe('IMG');
  });

  it('stays silent when decorative, because the name is written beside it', () => {
    const { container, rerender } = render(<Avatar name={jane.name} picture={PICTURE} decorative />);
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(screen.queryByRole('img', { name: 'Jane Doe' })).toBeNull();
    rerender(<Avatar name={jane.name} decorative />);
    expect(container.querySelector('span')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.textContent).toBe('JD');
  });
});
