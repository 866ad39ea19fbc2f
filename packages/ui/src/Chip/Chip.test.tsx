import { CHAT_TEXTS } from '@sentinel/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Chip } from './Chip';

function CategoryFilter() {
  const [category, setCategory] = useState('all');
  return (
    <>
      {['all', 'diagnostic', 'treatment', 'medication'].map((c) => (
        <Chip key={c} selected={category === c} onClick={() => setCategory(c)}>
          {c}
        </Chip>
      ))}
    </>
  );
}

describe('Chip', () => {
  it('as a filter is a toggle button whose aria-pressed follows the selection (REQ-kb-categories)', async () => {
    render(<CategoryFilter />);
    const all = screen.getByRole('button', { name: 'all' });
    const medication = screen.getByRole('button', { name: 'medication' });
    expect(all.getAttribute('aria-pressed')).toBe('true');
    expect(medication.getAttribute('aria-pressed')).toBe('false');
    await userEvent.click(medication);
    expect(medication.getAttribute('aria-pressed')).toBe('true');
    expect(all.getAttribute('aria-pressed')).toBe('false');
  });

  it('marks the selected chip with a check, not only a colour', () => {
    render(
      <>
        <Chip selected onClick={() => undefined}>
          on
        </Chip>
        <Chip selected={false} onClick={() => undefined}>
          off
        </Chip>
      </>,
    );
    expect(screen.getByRole('button', { name: 'on' }).querySelector('svg')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'off' }).querySelector('svg')).toBeNull();
  });

  it('as an action is a plain button that calls onClick (REQ-chat-quick-actions)', async () => {
    const onClick = vi.fn();
    render(<Chip onClick={onClick}>{CHAT_TEXTS.quickActions[0]}</Chip>);
    const chip = screen.getByRole('button', { name: 'Diabetes medications' });
    expect(chip.getAttribute('aria-pressed')).toBeNull();
    await userEvent.click(chip);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('when disabled ignores presses', async () => {
    const onClick = vi.fn();
    render(
      <Chip onClick={onClick} disabled>
        Browse documents
      </Chip>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Browse documents' }));
    expect(onClick).not.toHaveBeenCalled();
  });

  it('as a static label is not a control', () => {
    render(<Chip>read:patients</Chip>);
    expect(screen.getByText('read:patients').tagName).toBe('SPAN');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('when removable offers a remove button named after the chip', async () => {
    const onRemove = vi.fn();
    render(<Chip onRemove={onRemove}>cardiology</Chip>);
    await userEvent.click(screen.getByRole('button', { name: 'Remove cardiology' }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });

  it('uses a given name for the remove button', () => {
    render(
      <Chip onRemove={() => undefined} removeLabel="Clear filter: cardiology">
        cardiology
      </Chip>,
    );
    expect(screen.getByRole('button', { name: 'Clear filter: cardiology' })).toBeDefined();
  });
});
