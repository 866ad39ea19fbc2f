import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { CheckIcon, ChevronDownIcon } from '../icons/icons';
import { visuallyHidden } from '../theme/global.css';
import * as styles from './Menu.css';

export const MENU_ALIGNS = styles.MENU_ALIGNS;
export type MenuAlign = (typeof MENU_ALIGNS)[number];

export type MenuItem = {
  id: string;
  label: string;
  onSelect: () => void;
  /** Decorative; the label is the item's name. */
  icon?: ReactNode;
  /** Set on every item of a single-choice menu: the items become menuitemradio with aria-checked. */
  checked?: boolean;
};

export type MenuProps = {
  /** The button's text and accessible name, e.g. 'More'. */
  label: string;
  /** The actions, in order: id, label and what each does. */
  items: readonly MenuItem[];
  /** Decorative icon before the label. */
  icon?: ReactNode;
  /** Show only the icon; the label stays as the accessible name. */
  hideLabel?: boolean;
  /** Which edge of the button the menu lines up with. */
  align?: MenuAlign;
};

type Opening = { open: false } | { open: true; focus: number };

/**
 * A WAI-ARIA menu button: the button opens a menu of actions. ArrowUp/ArrowDown move (wrapping), Home/End jump,
 * Enter/Space activate, Escape closes and returns focus to the button, Tab or a click outside closes.
 *
 * **When to use:** a short list of actions behind one button (the tabs that do not fit on a phone, row actions).
 * Not for choosing a value (Select) or for site navigation.
 *
 * **Accessibility:** see above: the button has aria-haspopup and aria-expanded, the menu and its items have menu
 * roles, and focus returns to the button on close.
 *
 * **Content:** items are verbs or destinations in Title case.
 */
export function Menu({ label, items, icon, hideLabel, align = 'start' }: MenuProps) {
  const [state, setState] = useState<Opening>({ open: false });
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const buttonId = useId();
  const menuId = useId();
  const focusIndex = state.open ? state.focus : -1;

  useEffect(() => {
    if (focusIndex >= 0) itemRefs.current[focusIndex]?.focus();
  }, [focusIndex]);

  useEffect(() => {
    if (!state.open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && rootRef.current?.contains(event.target)) return;
      setState({ open: false });
    };
    document.addEventListener('pointerdown', closeOnOutside, true);
    return () => document.removeEventListener('pointerdown', closeOnOutside, true);
  }, [state.open]);

  const openAt = (focus: number) => {
    if (items.length > 0) setState({ open: true, focus });
  };
  const close = () => {
    setState({ open: false });
    buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onItemKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (!state.open) return;
    const last = items.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: state.focus >= last ? 0 : state.focus + 1,
      ArrowUp: state.focus <= 0 ? last : state.focus - 1,
      Home: 0,
      End: last,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setState({ open: true, focus: next });
    } else if (event.key === 'Escape') {
      // Stop here so a surrounding dialog stays open: Escape closes the innermost layer only.
      event.preventDefault();
      event.stopPropagation();
      close();
    } else if (event.key === 'Tab') {
      // Closing from the button lets the browser's own Tab move on from where the menu was opened.
      close();
    }
  };

  const select = (item: MenuItem) => {
    close();
    item.onSelect();
  };

  const radio = items.some((item) => item.checked !== undefined);

  return (
    <div ref={rootRef} className={styles.root}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={state.open}
        aria-controls={state.open ? menuId : undefined}
        onClick={() => (state.open ? setState({ open: false }) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {icon ? (
          <span aria-hidden="true" className={styles.icon}>
            {icon}
          </span>
        ) : null}
        <span className={hideLabel ? visuallyHidden : undefined}>{label}</span>
        <ChevronDownIcon size="small" />
      </button>
      {state.open ? (
        <div id={menuId} role="menu" aria-labelledby={buttonId} className={styles.menu[align]}>
          {items.map((item, index) => (
            <button
              key={item.id}
              ref={(node) => {
                itemRefs.current[index] = node;
              }}
              type="button"
              role={radio ? 'menuitemradio' : 'menuitem'}
              aria-checked={radio ? Boolean(item.checked) : undefined}
              tabIndex={-1}
              className={styles.item}
              onClick={() => select(item)}
              onKeyDown={onItemKeyDown}
              onFocus={() => {
                if (state.focus !== index) setState({ open: true, focus: index });
              }}
            >
              {radio ? (
                <span aria-hidden="true" className={styles.check}>
                  {item.checked ? <CheckIcon size="small" /> : null}
                </span>
              ) : null}
              {item.icon ? (
                <span aria-hidden="true" className={styles.icon}>
                  {item.icon}
                </span>
              ) : null}
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
