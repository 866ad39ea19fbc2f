import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { ChevronDownIcon } from '../icons/icons';
import { Menu } from '../Menu/Menu';
import { trigger as menuTrigger } from '../Menu/Menu.css';
import * as styles from './Tabs.css';
import { tabsThatFit } from './Tabs.utils';

export type TabItem<V extends string> = {
  value: V;
  label: string;
  /** Decorative; the label names the tab. */
  icon?: ReactNode;
};

export type TabsProps<V extends string> = {
  /** Names the tab list for screen readers, e.g. 'Dashboard sections'. */
  label: string;
  /** The tabs, in order: each one's value and label. */
  items: readonly TabItem<V>[];
  /** Controlled selection. */
  value?: V;
  /** Uncontrolled starting selection; defaults to the first item. */
  defaultValue?: V;
  /** Called with the value of the tab the user selected (click, arrow keys, or the overflow menu). */
  onChange?: (value: V) => void;
  /**
   * Values that sit in the overflow menu on small screens even when they would fit (the patient's appointments
   * and demo, REQ-screen-patient-small); the other tabs go there only when they do not fit.
   */
  overflow?: readonly V[];
  /** Text and name of the overflow menu button. */
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

const px = (value: string) => Number.parseFloat(value) || 0;

/** The tabs that fit a narrow bar, measured from the bar's invisible copy of the tabs and of the menu button. */
function measureFit(
  bar: HTMLElement,
  list: HTMLElement,
  measure: HTMLElement,
  selected: number,
  inMenu: boolean[],
) {
  const tabs = [...measure.querySelectorAll<HTMLElement>('[data-tabs-measure="tab"]')];
  const more = measure.querySelector<HTMLElement>('[data-tabs-measure="more"]');
  const listStyle = getComputedStyle(list);
  const widths = tabs.map((tab) => tab.getBoundingClientRect().width);
  const barWidth = bar.getBoundingClientRect().width;
  return tabsThatFit({
    widths,
    gap: px(listStyle.columnGap),
    // A pixel to spare for sub-pixel rounding, so the last tab is never cut off (none before layout).
    available: barWidth > 0 ? barWidth - px(listStyle.paddingLeft) - px(listStyle.paddingRight) - 1 : 0,
    moreWidth: (more?.getBoundingClientRect().width ?? 0) + px(getComputedStyle(bar).columnGap),
    selected,
    inMenu,
  });
}

/**
 * WAI-ARIA tabs with automatic activation (REQ-screen: dashboards switch screens by single-selection tabs, not by
 * URL). Arrow keys move and select (wrapping), Home/End jump; only the selected tab is in the Tab order. Below
 * tablet width the bar keeps to one line: the tabs that do not fit (and those listed in `overflow`) move into a
 * menu, the selected tab always stays in the list, and the keys move among the tabs in the list.
 *
 * **When to use:** switching between views of one page (the dashboards). Not for steps of a process or for site
 * navigation.
 *
 * **Accessibility:** see above: tablist, tab and tabpanel roles, arrow keys and Home/End, only the selected tab in
 * the Tab order.
 *
 * **Content:** short nouns ("Appointments", "Records"); counts in parentheses load after the page
 * (REQ-screen-deferred-counts).
 */
export function Tabs<V extends string>({
  label,
  items,
  value,
  defaultValue,
  onChange,
  overflow = [],
  overflowLabel = 'More tabs',
  children,
}: TabsProps<V>) {
  const baseId = useId();
  const [internal, setInternal] = useState<V | undefined>(defaultValue);
  const tabRefs = useRef(new Map<V, HTMLButtonElement>());
  const barRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const focusAfterRender = useRef<V | undefined>(undefined);
  const wide = useSyncExternalStore(subscribeWide, isWide, () => true);
  const [fitting, setFitting] = useState<readonly number[] | undefined>(undefined);

  const requested = value ?? internal;
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.value === requested),
  );
  const active = items[activeIndex]?.value;
  const inMenuKey = items.map((item) => (overflow.includes(item.value) ? 1 : 0)).join('');

  const refit = useCallback(() => {
    const [bar, list, measure] = [barRef.current, listRef.current, measureRef.current];
    if (!bar || !list || !measure) return;
    const inMenu = [...inMenuKey].map((flag) => flag === '1');
    const next = measureFit(bar, list, measure, activeIndex, inMenu);
    setFitting((previous) =>
      previous?.length === next.length && previous.every((index, i) => index === next[i]) ? previous : next,
    );
  }, [activeIndex, inMenuKey]);

  // Measured before paint, so a phone never shows the tabs wrapping first.
  useLayoutEffect(() => {
    if (wide) return undefined;
    refit();
    const [bar, measure] = [barRef.current, measureRef.current];
    if (!bar || !measure || typeof ResizeObserver === 'undefined') return undefined;
    // The bar's width changes with the window; the copy's when a web font arrives or the text is zoomed.
    const observer = new ResizeObserver(refit);
    observer.observe(bar);
    observer.observe(measure);
    return () => observer.disconnect();
  }, [wide, refit, items]);

  // Once the tab picked from the menu has joined the list (a refit may take one more render), it takes focus.
  useEffect(() => {
    const target = focusAfterRender.current;
    if (target === undefined) return;
    const index = items.findIndex((item) => item.value === target);
    if (!wide && fitting !== undefined && !fitting.includes(index)) return;
    tabRefs.current.get(target)?.focus();
    focusAfterRender.current = undefined;
  });

  if (active === undefined) return null;

  const shown = (index: number) => wide || fitting === undefined || fitting.includes(index);
  const reachable = items.filter((_, index) => shown(index));
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

  const menuItems = items.filter((_, index) => !shown(index));

  return (
    <div>
      <div ref={barRef} className={styles.bar} data-tabs-bar="">
        <div ref={listRef} role="tablist" aria-label={label} className={styles.tablist}>
          {items.map((item, index) => {
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
                tabIndex={selected ? 0 : -1}
                className={shown(index) ? styles.tab : `${styles.tab} ${styles.hiddenTab}`}
                onClick={() => select(item.value)}
                onKeyDown={(event) => onKeyDown(event, item.value)}
              >
                <TabContent item={item} />
              </button>
            );
          })}
        </div>
        {menuItems.length > 0 ? (
          <div className={styles.overflowMenu}>
            <Menu
              align="end"
              label={overflowLabel}
              items={menuItems.map((item) => ({
                id: item.value,
                label: item.label,
                icon: item.icon,
                checked: false,
                onSelect: () => {
                  // The chosen tab joins the list; focus goes to it, where the arrow keys carry on.
                  focusAfterRender.current = item.value;
                  select(item.value);
                },
              }))}
            />
          </div>
        ) : null}
        {wide ? null : (
          <div ref={measureRef} aria-hidden="true" className={styles.measure}>
            {items.map((item) => (
              <span key={item.value} data-tabs-measure="tab" className={`${styles.tab} ${styles.measureTab}`}>
                <TabContent item={item} />
              </span>
            ))}
            <span data-tabs-measure="more" className={menuTrigger}>
              {overflowLabel}
              <ChevronDownIcon size="small" />
            </span>
          </div>
        )}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(active)} tabIndex={0} className={styles.panel}>
        {children(active)}
      </div>
    </div>
  );
}

function TabContent<V extends string>({ item }: { item: TabItem<V> }) {
  return (
    <>
      {item.icon ? (
        <span aria-hidden="true" className={styles.icon}>
          {item.icon}
        </span>
      ) : null}
      <span className={styles.tabLabel}>{item.label}</span>
    </>
  );
}
