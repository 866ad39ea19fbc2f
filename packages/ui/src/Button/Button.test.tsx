import { CHAT_TEXTS, USER_MANAGEMENT_TEXTS } from '@sentinel/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PlusIcon, RefreshIcon, TrashIcon } from '../icons/icons';
import { Button, IconButton } from './Button';

describe('Button', () => {
  it('is a plain button (never a submit by accident) named by its label', () => {
    render(<Button>{USER_MANAGEMENT_TEXTS.addUser}</Button>);
    const button = screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser });
    expect(button.getAttribute('type')).toBe('button');
  });

  it('submits a form when asked to', async () => {
    const onSubmit = vi.fn((e: SubmitEvent) => e.preventDefault());
    render(
      <form onSubmit={(e) => onSubmit(e.nativeEvent as SubmitEvent)}>
        <Button type="submit">{CHAT_TEXTS.send}</Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: CHAT_TEXTS.send }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('calls onClick when pressed with the mouse or the keyboard', async () => {
    const onClick = vi.fn();
    render(<Button onClick={onClick}>Save</Button>);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard(' ');
    expect(onClick).toHaveBeenCalledTimes(3);
  });

  it('while loading is busy, disabled, shows a spinner and ignores presses', async () => {
    const onClick = vi.fn();
    render(
      <Button loading onClick={onClick} icon={<PlusIcon />}>
        Save
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.disabled).toBe(true);
    expect(button.querySelectorAll('svg')).toHaveLength(1);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('is not busy when not loading', () => {
    render(<Button>Save</Button>);
    expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBeNull();
  });

  it('when disabled ignores presses', async () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick} variant="danger">
        {USER_MANAGEMENT_TEXTS.delete}
      </Button>,
    );
    const button = screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.delete }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });

  it('keeps its name from the label when it has a decorative icon', () => {
    render(
      <Button icon={<PlusIcon />} variant="secondary" size="small" fullWidth>
        {USER_MANAGEMENT_TEXTS.addUser}
      </Button>,
    );
    const button = screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.addUser });
    expect(button.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('passes its ref to the button element, so dialogs can return focus to it', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<Button ref={ref}>Open</Button>);
    expect(ref.current).toBe(screen.getByRole('button', { name: 'Open' }));
  });

  it('passes ARIA attributes through (menu buttons)', () => {
    render(
      <Button variant="ghost" aria-expanded={false} aria-haspopup="menu">
        More
      </Button>,
    );
    expect(screen.getByRole('button', { name: 'More' }).getAttribute('aria-expanded')).toBe('false');
  });
});

describe('IconButton', () => {
  it('is named by its label and shows the label as a tooltip', () => {
    render(<IconButton label="Clear chat" icon={<RefreshIcon />} />);
    const button = screen.getByRole('button', { name: 'Clear chat' });
    expect(button.getAttribute('title')).toBe('Clear chat');
    expect(button.getAttribute('type')).toBe('button');
  });

  it('calls onClick when pressed', async () => {
    const onClick = vi.fn();
    render(
      <IconButton
        label={USER_MANAGEMENT_TEXTS.delete}
        icon={<TrashIcon />}
        variant="danger"
        size="small"
        onClick={onClick}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: USER_MANAGEMENT_TEXTS.delete }));
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('while loading is busy and disabled but keeps its name', () => {
    render(<IconButton label="Refresh" icon={<RefreshIcon />} loading />);
    const button = screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('passes its ref to the button element', () => {
    const ref = createRef<HTMLButtonElement>();
    render(<IconButton ref={ref} label="Close" icon={<PlusIcon />} disabled />);
    expect(ref.current?.disabled).toBe(true);
  });
});
