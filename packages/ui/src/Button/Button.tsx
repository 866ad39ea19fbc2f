import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { SpinnerGlyph } from '../Spinner/Spinner';
import * as styles from './Button.css';

export const BUTTON_VARIANTS = styles.BUTTON_VARIANTS;
export const BUTTON_SIZES = styles.BUTTON_SIZES;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];
export type ButtonSize = (typeof BUTTON_SIZES)[number];

type NativeButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'className' | 'style' | 'type' | 'disabled' | 'children' | 'aria-busy'
>;

export type ButtonProps = NativeButtonProps & {
  /** The visible label, which is also the accessible name. */
  children: ReactNode;
  /**
   * primary for the main action of a view, secondary for the others, danger for destructive actions, ghost
   * for low emphasis.
   */
  variant?: ButtonVariant;
  /** standard, with the 44 px touch target; small only in dense rows and toolbars. */
  size?: ButtonSize;
  /** button by default, so it never submits a form by accident; submit for a form's main button. */
  type?: 'button' | 'submit' | 'reset';
  /** Busy: shows a spinner, sets aria-busy and ignores presses until the work ends. */
  loading?: boolean;
  /** Cannot be pressed and leaves the Tab order; say near it why. */
  disabled?: boolean;
  /** A decorative leading icon (an icon from ../icons without a title). */
  icon?: ReactNode;
  /** Fills its container's width (a phone's form buttons). */
  fullWidth?: boolean;
};

const join = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(' ');

/**
 * The product's button. Defaults to type="button" so it never submits a form by accident.
 *
 * **When to use:** any action the user triggers on this page. `primary` for the one main action of a view,
 * `secondary` for the others, `danger` for destructive actions (behind a ConfirmDialog), `ghost` for low-emphasis
 * actions in toolbars. To go to another page, use a link.
 *
 * **Accessibility:** a native `<button>`: Tab reaches it, Enter and Space press it, and its text is its accessible
 * name. `loading` sets aria-busy and ignores presses; a disabled button leaves the Tab order, so say near it why
 * the action is unavailable.
 *
 * **Content:** a verb that names the outcome ("Refill", "Add User", "Try again"), never "OK" or "Submit".
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  {
    children,
    variant = 'primary',
    size = 'standard',
    type = 'button',
    loading = false,
    disabled = false,
    icon,
    fullWidth = false,
    ...native
  },
  ref,
) {
  return (
    <button
      {...native}
      ref={ref}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={join(styles.base, styles.variant[variant], styles.size[size], fullWidth && styles.fullWidth)}
    >
      {loading ? <SpinnerGlyph size="small" /> : icon}
      {children}
    </button>
  );
});

// IconButton lives in a file of its own: docgen reads one set of defaults per file, and the two differ.
export { IconButton, type IconButtonProps } from './IconButton';
