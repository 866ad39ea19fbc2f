import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Menu, type MenuItem } from './Menu';

function setup(extra: Partial<MenuItem> = {}) {
  const selected: string[] = [];
  const items: MenuItem[] = ['Appointments', 'Demo', 'Security'].map((label) => ({
    id: label.toLowerCase(),
    label,
    onSelect: () => selected.push(label),
    ...extra,
  }));
  const user = userEvent.setup();
  render(
    <>
      <button type="button">Before</button>
      <Menu label="More" items={items} />
      <button type="button">After</button>
    </>,
  );
  return { user, selected, button: screen.getByRole('button', { name: 'More' }) };
}

const focusedName = () => document.activeElement?.textContent;

describe('Menu', () => {
  it('is a closed menu button until pressed, then focuses the first item', async () => {
    const { user, button } = setup();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('menu')).toBeNull();
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'More' });
    expect(button.getAttribute('aria-controls')).toBe(menu.id);
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Appointments',
      'Demo',
      'Security',
    ]);
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Appointments' }));
  });

  it('moves with the arrow keys (wrapping) and jumps with Home and End', async () => {
    const { user, button } = setup();
    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(focusedName()).toBe('Appointments');
    await user.keyboard('{ArrowDown}');
    expect(focusedName()).toBe('Demo');
    await user.keyboard('{End}');
    expect(focusedName()).toBe('Security');
    await user.keyboard('{ArrowDown}');
    expect(focusedName()).toBe('Appointments');
    await user.keyboard('{ArrowUp}');
    expect(focusedName()).toBe('Security');
    await user.keyboard('{Home}');
    expect(focusedName()).toBe('Appointments');
  });

  it('opens on ArrowUp with the last item focused', async () => {
    const { user, button } = setup();
    button.focus();
    await user.keyboard('{ArrowUp}');
    expect(focusedName()).toBe('Security');
  });

  it('closes on Escape and returns focus to the button', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('keeps Escape from reaching a surrounding dialog', async () => {
    const outer = vi.fn();
    const user = userEvent.setup();
    render(
      // eslint-disable-next-line jsx-a11y/no-static-element-interactions
      <div onKeyDown={(e) => outer(e.key)}>
        <Menu label="More" items={[{ id: 'a', label: 'A', onSelect: () => undefined }]} />
      </div>,
    );
    await user.click(screen.getByRole('button', { name: 'More' }));
    await user.keyboard('{Escape}');
    expect(outer).not.toHaveBeenCalledWith('Escape');
  });

  it('activates the focused item with Enter, closes, and returns focus to the button', async () => {
    const { user, button, selected } = setup();
    button.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(selected).toEqual(['Demo']);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('activates the focused item with Space', async () => {
    const { user, button, selected } = setup();
    button.focus();
    await user.keyboard('{ArrowUp}[Space]');
    expect(selected).toEqual(['Security']);
  });

  it('activates an item on click', async () => {
    const { user, button, selected } = setup();
    await user.click(button);
    await user.click(screen.getByRole('menuitem', { name: 'Demo' }));
    expect(selected).toEqual(['Demo']);
  });

  it('closes on a click outside without choosing anything', async () => {
    const { user, button, selected } = setup();
    await user.click(button);
    await user.click(document.body);
    expect(screen.queryByRole('menu')).toBeNull();
    expect(selected).toEqual([]);
  });

  it('closes when the button is pressed again', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.click(button);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('closes on Tab and lets focus move on past the button', async () => {
    const { user, button } = setup();
    await user.click(button);
    await user.tab();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
  });

  it('offers a single choice as radio items with the current one checked', async () => {
    const user = userEvent.setup();
    render(
      <Menu
        label="More"
        items={[
          { id: 'a', label: 'Appointments', onSelect: () => undefined, checked: true },
          { id: 'b', label: 'Demo', onSelect: () => undefined, checked: false },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'More' }));
    expect(screen.getByRole('menuitemradio', { name: 'Appointments' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('menuitemradio', { name: 'Demo' }).getAttribute('aria-checked')).toBe('false');
  });

  it('keeps the label as the name when only the icon is shown, and does not open when empty', async () => {
    const user = userEvent.setup();
    render(<Menu label="Row actions" hideLabel icon={<svg />} items={[]} />);
    const button = screen.getByRole('button', { name: 'Row actions' });
    await user.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });
});
