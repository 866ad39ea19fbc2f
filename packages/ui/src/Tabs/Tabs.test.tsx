import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hiddenTab } from './Tabs.css';
import { Tabs, type TabItem } from './Tabs';

type Section = 'overview' | 'chat' | 'records' | 'appointments' | 'challenge-demo';

const items: TabItem<Section>[] = [
  { value: 'overview', label: 'Health Overview' },
  { value: 'chat', label: 'AI Assistant' },
  { value: 'records', label: 'Medical Records' },
  { value: 'appointments', label: 'Appointments' },
  { value: 'challenge-demo', label: 'Demo' },
];

const panel = (value: Section) => <p>Panel {value}</p>;

/** A viewport whose width can change while the component is mounted. */
function fakeViewport(wide: boolean) {
  const listeners = new Set<() => void>();
  const state = { wide };
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media: string) =>
      ({
        media,
        get matches() {
          return state.wide;
        },
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return (next: boolean) => {
    state.wide = next;
    act(() => listeners.forEach((listener) => listener()));
  };
}

/**
 * A layout: the tab bar is `barWidth` pixels wide and every tab (and the More tabs button) is 10 pixels per
 * character of its text, as the bar measures them.
 */
function fakeLayout(barWidth: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
    const width = this.hasAttribute('data-tabs-bar')
      ? barWidth
      : this.hasAttribute('data-tabs-measure')
        ? (this.textContent?.length ?? 0) * 10
        : 0;
    return { width, height: 0, top: 0, left: 0, right: width, bottom: 0, x: 0, y: 0, toJSON: () => ({}) };
  });
}

const visibleTabNames = () =>
  screen
    .getAllByRole('tab')
    .filter((tab) => !tab.className.includes(hiddenTab))
    .map((tab) => tab.textContent);

afterEach(() => vi.restoreAllMocks());

const selectedName = () => screen.getByRole('tab', { selected: true }).textContent;

describe('Tabs', () => {
  it('shows a labelled tab list with the first tab selected and its panel', () => {
    render(
      <Tabs label="Dashboard sections" items={items}>
        {panel}
      </Tabs>,
    );
    expect(screen.getByRole('tablist', { name: 'Dashboard sections' })).toBeTruthy();
    const selected = screen.getByRole('tab', { name: 'Health Overview' });
    expect(selected.getAttribute('aria-selected')).toBe('true');
    const tabpanel = screen.getByRole('tabpanel', { name: 'Health Overview' });
    expect(selected.getAttribute('aria-controls')).toBe(tabpanel.id);
    expect(tabpanel.textContent).toBe('Panel overview');
    expect(screen.getByRole('tab', { name: 'AI Assistant' }).getAttribute('aria-selected')).toBe('false');
  });

  it('keeps only the selected tab in the Tab order (roving tabindex)', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <Tabs label="Sections" items={items} defaultValue="records">
          {panel}
        </Tabs>
      </>,
    );
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, 0, -1, -1]);
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Medical Records' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('tabpanel'));
  });

  it('moves and selects with the arrow keys, wrapping at both ends', async () => {
    const user = userEvent.setup();
    render(
      <Tabs label="Sections" items={items}>
        {panel}
      </Tabs>,
    );
    await user.click(screen.getByRole('tab', { name: 'Health Overview' }));
    await user.keyboard('{ArrowRight}');
    expect(selectedName()).toBe('AI Assistant');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'AI Assistant' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('Panel chat');
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    expect(selectedName()).toBe('Demo');
    await user.keyboard('{ArrowRight}');
    expect(selectedName()).toBe('Health Overview');
  });

  it('jumps to the last tab with End and the first with Home', async () => {
    const user = userEvent.setup();
    render(
      <Tabs label="Sections" items={items}>
        {panel}
      </Tabs>,
    );
    screen.getByRole('tab', { name: 'Health Overview' }).focus();
    await user.keyboard('{End}');
    expect(selectedName()).toBe('Demo');
    await user.keyboard('{Home}');
    expect(selectedName()).toBe('Health Overview');
  });

  it('ignores other keys', async () => {
    const user = userEvent.setup();
    render(
      <Tabs label="Sections" items={items}>
        {panel}
      </Tabs>,
    );
    screen.getByRole('tab', { name: 'Health Overview' }).focus();
    await user.keyboard('{ArrowDown}a');
    expect(selectedName()).toBe('Health Overview');
  });

  it('selects a tab on click and reports each change once', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(
      <Tabs label="Sections" items={items} onChange={onChange}>
        {panel}
      </Tabs>,
    );
    await user.click(screen.getByRole('tab', { name: 'Medical Records' }));
    await user.click(screen.getByRole('tab', { name: 'Medical Records' }));
    expect(onChange.mock.calls).toEqual([['records']]);
    expect(screen.getByRole('tabpanel', { name: 'Medical Records' }).textContent).toBe('Panel records');
  });

  it('when controlled, shows what the owner says and asks the owner to change', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <Tabs label="Sections" items={items} value="chat" onChange={onChange}>
        {panel}
      </Tabs>,
    );
    await user.click(screen.getByRole('tab', { name: 'Demo' }));
    expect(onChange).toHaveBeenCalledWith('challenge-demo');
    expect(selectedName()).toBe('AI Assistant');
    rerender(
      <Tabs label="Sections" items={items} value="challenge-demo" onChange={onChange}>
        {panel}
      </Tabs>,
    );
    expect(selectedName()).toBe('Demo');
  });

  it('falls back to the first tab when the value is not one of the items, and renders nothing without items', () => {
    const { rerender, container } = render(
      <Tabs label="Sections" items={items} value={'billing' as Section}>
        {panel}
      </Tabs>,
    );
    expect(selectedName()).toBe('Health Overview');
    rerender(
      <Tabs label="Sections" items={[]}>
        {panel}
      </Tabs>,
    );
    expect(container.innerHTML).toBe('');
  });

  it('shows icons as decoration only', () => {
    render(
      <Tabs
        label="Sections"
        items={[{ value: 'chat', label: 'AI Assistant', icon: <svg data-testid="bot" /> }]}
      >
        {panel}
      </Tabs>,
    );
    expect(screen.getByTestId('bot').parentElement?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('tab', { name: 'AI Assistant' })).toBeTruthy();
  });

  describe('with an overflow menu (REQ-screen-patient-small: appointments and the demo sit in an overflow menu on small screens)', () => {
    const overflow: Section[] = ['appointments', 'challenge-demo'];

    it('on a wide screen the arrow keys reach every tab', async () => {
      fakeViewport(true);
      const user = userEvent.setup();
      render(
        <Tabs label="Sections" items={items} overflow={overflow}>
          {panel}
        </Tabs>,
      );
      screen.getByRole('tab', { name: 'Medical Records' }).focus();
      await user.keyboard('{ArrowRight}');
      expect(selectedName()).toBe('Appointments');
    });

    it('on a small screen the arrow keys skip the overflow tabs', async () => {
      fakeViewport(false);
      const user = userEvent.setup();
      render(
        <Tabs label="Sections" items={items} overflow={overflow}>
          {panel}
        </Tabs>,
      );
      screen.getByRole('tab', { name: 'Medical Records' }).focus();
      await user.keyboard('{ArrowRight}');
      expect(selectedName()).toBe('Health Overview');
      await user.keyboard('{End}');
      expect(selectedName()).toBe('Medical Records');
    });

    it('offers the overflow tabs in the More menu and selects the chosen one', async () => {
      fakeViewport(false);
      const user = userEvent.setup();
      render(
        <Tabs label="Sections" items={items} overflow={overflow}>
          {panel}
        </Tabs>,
      );
      await user.click(screen.getByRole('button', { name: 'More tabs' }));
      expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual([
        'Appointments',
        'Demo',
      ]);
      await user.click(screen.getByRole('menuitemradio', { name: 'Appointments' }));
      expect(selectedName()).toBe('Appointments');
      expect(screen.getByRole('tabpanel').textContent).toBe('Panel appointments');
    });

    it('on a small screen keeps the selected tab in the list, with the roving tab stop on it', () => {
      fakeViewport(false);
      render(
        <Tabs label="Sections" items={items} overflow={overflow} defaultValue="challenge-demo">
          {panel}
        </Tabs>,
      );
      expect(visibleTabNames()).toEqual(['Health Overview', 'AI Assistant', 'Medical Records', 'Demo']);
      expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, -1, -1, -1, 0]);
    });

    it('follows the viewport when it changes size', () => {
      const resize = fakeViewport(true);
      render(
        <Tabs label="Sections" items={items} overflow={overflow}>
          {panel}
        </Tabs>,
      );
      expect(visibleTabNames()).toHaveLength(5);
      expect(screen.queryByRole('button', { name: 'More tabs' })).toBeNull();
      resize(false);
      expect(visibleTabNames()).toEqual(['Health Overview', 'AI Assistant', 'Medical Records']);
      expect(screen.getByRole('button', { name: 'More tabs' })).toBeTruthy();
    });
  });

  describe('below tablet width, every tab bar moves the tabs that do not fit into a More tabs menu', () => {
    it('shows the tabs that fit beside the menu button and offers the rest in the menu', async () => {
      fakeViewport(false);
      fakeLayout(410);
      const user = userEvent.setup();
      render(
        <Tabs label="Sections" items={items}>
          {panel}
        </Tabs>,
      );
      expect(visibleTabNames()).toEqual(['Health Overview', 'AI Assistant']);
      await user.click(screen.getByRole('button', { name: 'More tabs' }));
      expect(screen.getAllByRole('menuitemradio').map((item) => item.textContent)).toEqual([
        'Medical Records',
        'Appointments',
        'Demo',
      ]);
    });

    it('picking a tab from the menu selects it, shows it in the list and moves focus to it', async () => {
      fakeViewport(false);
      fakeLayout(410);
      const onChange = vi.fn();
      const user = userEvent.setup();
      render(
        <Tabs label="Sections" items={items} onChange={onChange}>
          {panel}
        </Tabs>,
      );
      await user.click(screen.getByRole('button', { name: 'More tabs' }));
      await user.click(screen.getByRole('menuitemradio', { name: 'Demo' }));
      expect(onChange).toHaveBeenCalledWith('challenge-demo');
      expect(selectedName()).toBe('Demo');
      expect(screen.getByRole('tabpanel', { name: 'Demo' }).textContent).toBe('Panel challenge-demo');
      expect(visibleTabNames()).toEqual(['Health Overview', 'AI Assistant', 'Demo']);
      expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Demo' }));
    });

    it('the arrow keys move among the tabs in the list only', async () => {
      fakeViewport(false);
      fakeLayout(410);
      const user = userEvent.setup();
      render(
        <Tabs label="Sections" items={items}>
          {panel}
        </Tabs>,
      );
      await user.click(screen.getByRole('tab', { name: 'AI Assistant' }));
      await user.keyboard('{ArrowRight}');
      expect(selectedName()).toBe('Health Overview');
      await user.keyboard('{End}');
      expect(selectedName()).toBe('AI Assistant');
    });

    it('shows every tab and no menu when they all fit', () => {
      fakeViewport(false);
      fakeLayout(1000);
      render(
        <Tabs label="Sections" items={items}>
          {panel}
        </Tabs>,
      );
      expect(visibleTabNames()).toHaveLength(5);
      expect(screen.queryByRole('button', { name: 'More tabs' })).toBeNull();
    });

    it('on a wide screen shows every tab however narrow the bar', () => {
      fakeViewport(true);
      fakeLayout(200);
      render(
        <Tabs label="Sections" items={items}>
          {panel}
        </Tabs>,
      );
      expect(visibleTabNames()).toHaveLength(5);
      expect(screen.queryByRole('button', { name: 'More tabs' })).toBeNull();
    });
  });

  it('keeps its own state when uncontrolled across re-renders of the owner', async () => {
    function Owner() {
      const [count, setCount] = useState(0);
      return (
        <>
          <button type="button" onClick={() => setCount(count + 1)}>
            Rerender {count}
          </button>
          <Tabs label="Sections" items={items}>
            {panel}
          </Tabs>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Owner />);
    await user.click(screen.getByRole('tab', { name: 'AI Assistant' }));
    await user.click(screen.getByRole('button', { name: /Rerender/ }));
    expect(selectedName()).toBe('AI Assistant');
  });
});
