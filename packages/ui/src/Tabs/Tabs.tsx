import { useId, useRef, useState, useSyncExternalStore, type KeyboardEvent, type ReactNode } from 'react';
import { Menu } from '../Menu/Menu';
import * as styles from './Tabs.css';

export type TabItem<V extends string> = {
  value: V;
  label: string;
  /** Decorative; the label names the tab. */
  icon?: ReactNode;
};

export type TabsProps<V extends string> = {
  /** Names the tab list for screen readers, e.g. 'Dashboard sections'. */
  label: string;
  items: readonly TabItem<V>[];
  /** Controlled selection. */
  value?: V;
  /** Uncontrolled starting selection; defaults to the first item. */
  defaultValue?: V;
  onChange?: (value: V) => void;
  /** Values that move from the tab list into a menu on small screens (REQ-appt and the demo). */
  overflow?: readonly V[];
  /** Name of the overflow menu button. */
  overflowLabel?: string;
  /** Renders the selected panel. */
  children: (value: V) => ReactNode;
};

const subscribeTo = (query: string) => (notify: () => void) => {
  if (typeof window === 'undefined' || !window.matchMedia) return () => undefined;
  const list = window.matchMedia(query);
  list.addEventListener('change', notify);
  return () => list.removeEventListener('change', notify);
};
const subscribeWide = subscribeTo(styles.WIDE_QUERY);
const isWide = () =>
  typeof window === 'undefined' || !window.matchMedia ? true : window.matchMedia(styles.WIDE_QUERY).matches;

/**
 * WAI-ARIA tabs with automatic activation (REQ-screen: dashboards switch screens by single-selection tabs, not by URL).
 * Arrow keys move and select (wrapping), Home/End jump; only the selected tab is in the Tab order. Tabs listed in
 * `overflow` are hidden on small screens by CSS and offered in a 'More' menu instead; the keys skip them there.
 */
export function Tabs<V extends string>({
  label,
  items,
  value,
  defaultValue,
  onChange,
  overflow = [],
  overflowLabel = 'More',
  children,
}: TabsProps<V>) {
  const baseId = useId();
  const [internal, setInternal] = useState<V | undefined>(defaultValue);
  const tabRefs = useRef(new Map<V, HTMLButtonElement>());
  const wide = useSyncExternalStore(subscribeWide, isWide, () => true);

  const requested = value ?? internal;
  const active = items.find((item) => item.value === requested)?.value ?? items[0]?.value;
  if (active === undefined) return null;

  const hiddenHere = (v: V) => !wide && overflow.includes(v);
  const reachable = items.filter((item) => !hiddenHere(item.value));
  const tabStop = hiddenHere(active) ? reachable[0]?.value : active;
  const tabId = (v: V) => `${baseId}-tab-${v}`;
  const panelId = `${baseId}-panel`;

  const select = (next: V) => {
    if (value === undefined) setInternal(next);
    if (next !== active) onChange?.(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, from: V) => {
    const current = reachable.findIndex((item) => item.value === from);
    if (current < 0) return;
    const last = reachable.length - 1;
    const moves: Record<string, number> = {
      ArrowRight: current >= last ? 0 : current + 1,
      ArrowLeft: current <= 0 ? last : current - 1,
      Home: 0,
      End: last,
    };
    const index = moves[event.key];
    const next = index === undefined ? undefined : reachable[index];
    if (!next) return;
    event.preventDefault();
    tabRefs.current.get(next.value)?.focus();
    select(next.value);
  };

  const overflowItems = items.filter((item) => overflow.includes(item.value));
  const activeOverflow = overflowItems.find((item) => item.value === active);

  return (
    <div>
      <div className={styles.bar}>
        <div role="tablist" aria-label={label} className={styles.tablist}>
          {items.map((item) => {
            const selected = item.value === active;
            return (
              <button
                key={item.value}
                ref={(node) => {
                  if (node) tabRefs.current.set(item.value, node);
                  else tabRefs.current.delete(item.value);
                }}
                id={tabId(item.value)}
                type="button"
                role="tab"
                aria-selected={selected}
                aria-controls={selected ? panelId : undefined}
                tabIndex={item.value === tabStop ? 0 : -1}
                className={overflow.includes(item.value) ? `${styles.tab} ${styles.overflowTab}` : styles.tab}
                onClick={() => select(item.value)}
                onKeyDown={(event) => onKeyDown(event, item.value)}
              >
                {item.icon ? (
                  <span aria-hidden="true" className={styles.icon}>
                    {item.icon}
                  </span>
                ) : null}
                {item.label}
              </button>
            );
          })}
        </div>
        {overflowItems.length > 0 ? (
          <div className={styles.overflowMenu}>
            <Menu
              align="end"
              label={activeOverflow ? `${overflowLabel}: ${activeOverflow.label}` : overflowLabel}
              items={overflowItems.map((item) => ({
                id: item.value,
                label: item.label,
                icon: item.icon,
                checked: item.value === active,
                onSelect: () => select(item.value),
              }))}
            />
          </div>
        ) : null}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(active)} tabIndex={0} className={styles.panel}>
        {children(active)}
      </div>
    </div>
  );
}
