import type { MouseEventHandler, ReactNode } from 'react';
import { CheckIcon, CloseIcon } from '../icons/icons';
import * as styles from './Chip.css';

export type ChipProps = {
  /** The chip's text (also its accessible name). */
  children: string;
  /** A decorative icon before the text. */
  icon?: ReactNode;
  /**
   * Makes the chip a toggle button (aria-pressed): a filter such as the knowledge categories. Leave it out for
   * an action chip (a plain button, e.g. the chat's quick actions) or a static label.
   */
  selected?: boolean;
  /** Pressing the chip; with `selected` it toggles, without it it acts. */
  onClick?: MouseEventHandler<HTMLButtonElement>;
  /** Makes the chip removable: a static label with its own remove button. */
  onRemove?: () => void;
  /** Accessible name of the remove button; defaults to 'Remove {text}'. */
  removeLabel?: string;
  /** Cannot be pressed (a suggestion while a reply is pending). */
  disabled?: boolean;
};

const join = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(' ');

/**
 * A compact label in four forms, chosen by the props given: toggle (selected + onClick, aria-pressed),
 * action (onClick), removable (onRemove) and static (neither, e.g. the permission chips of the user view).
 *
 * **When to use:** toggling a filter on and off (knowledge categories), a suggested question to send (action), a
 * removable selection, or a static tag (permissions).
 *
 * **Accessibility:** a toggle chip is a button with aria-pressed; an action chip is a button; a static chip is
 * text. All show focus and are reached with Tab.
 *
 * **Content:** one to three words, or the whole question for a suggestion.
 */
export function Chip({
  children,
  icon,
  selected,
  onClick,
  onRemove,
  removeLabel,
  disabled = false,
}: ChipProps) {
  if (onRemove) {
    return (
      <span className={join(styles.base, styles.removable)}>
        {icon}
        {children}
        <button
          type="button"
          className={styles.remove}
          aria-label={removeLabel ?? `Remove ${children}`}
          title={removeLabel ?? `Remove ${children}`}
          disabled={disabled}
          onClick={onRemove}
        >
          <CloseIcon size="small" />
        </button>
      </span>
    );
  }
  if (onClick || selected !== undefined) {
    const isToggle = selected !== undefined;
    return (
      <button
        type="button"
        className={join(styles.base, styles.interactive, selected && styles.selected)}
        aria-pressed={isToggle ? selected : undefined}
        disabled={disabled}
        onClick={onClick}
      >
        {selected ? <CheckIcon size="small" /> : icon}
        {children}
      </button>
    );
  }
  return (
    <span className={styles.base}>
      {icon}
      {children}
    </span>
  );
}
