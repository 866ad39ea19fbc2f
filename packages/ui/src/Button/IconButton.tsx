import { forwardRef, type ButtonHTMLAttributes, type ReactNode } from 'react';
import { SpinnerGlyph } from '../Spinner/Spinner';
import type { ButtonSize, ButtonVariant } from './Button';
import * as styles from './Button.css';

type NativeButtonProps = Omit<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'className' | 'style' | 'type' | 'disabled' | 'children' | 'aria-busy' | 'aria-label' | 'title'
>;

export type IconButtonProps = NativeButtonProps & {
  /** The accessible name, also shown as a tooltip. Required: an icon alone says nothing to a screen reader. */
  label: string;
  /** A decorative icon (an icon from ../icons without a title). */
  icon: ReactNode;
  /** ghost by default, so the icon sits quietly in a toolbar; danger for a destructive action such as Delete. */
  variant?: ButtonVariant;
  /** standard, a square 44 px touch target; small, snug around the icon, only in dense rows. */
  size?: ButtonSize;
  /** button by default, so it never submits a form by accident; submit for a form's main button. */
  type?: 'button' | 'submit' | 'reset';
  /** Busy: shows a spinner, sets aria-busy and ignores presses until the work ends. */
  loading?: boolean;
  /** Cannot be pressed and leaves the Tab order; say near it why. */
  disabled?: boolean;
};

/**
 * A button showing only an icon, named by `label` (aria-label and title).
 *
 * **When to use:** only where space is short and the icon is unmistakable (close, clear, menu); otherwise a Button
 * with words.
 *
 * **Accessibility:** `label` becomes the aria-label and the tooltip, so the button is named for screen readers and
 * explained on hover.
 *
 * **Content:** the label is a verb phrase ("Clear chat", "Close").
 */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(
  {
    label,
    icon,
    variant = 'ghost',
    size = 'standard',
    type = 'button',
    loading = false,
    disabled = false,
    ...native
  },
  ref,
) {
  return (
    <button
      {...native}
      ref={ref}
      type={type}
      aria-label={label}
      title={label}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={joinClasses(styles.base, styles.variant[variant], styles.iconOnly[size])}
    >
      {loading ? <SpinnerGlyph size={size === 'small' ? 'small' : 'standard'} /> : icon}
    </button>
  );
});

const joinClasses = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(' ');
