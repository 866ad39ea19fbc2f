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
  variant?: ButtonVariant;
  size?: ButtonSize;
  type?: 'button' | 'submit' | 'reset';
  /** Busy: shows a spinner, sets aria-busy and ignores presses until the work ends. */
  loading?: boolean;
  disabled?: boolean;
  /** A decorative leading icon (an icon from ../icons without a title). */
  icon?: ReactNode;
  fullWidth?: boolean;
};

const join = (...classes: (string | false | undefined)[]) => classes.filter(Boolean).join(' ');

/** The product's button. Defaults to type="button" so it never submits a form by accident. */
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

export type IconButtonProps = Omit<NativeButtonProps, 'aria-label' | 'title'> & {
  /** The accessible name, also shown as a tooltip. Required: an icon alone says nothing to a screen reader. */
  label: string;
  /** A decorative icon (an icon from ../icons without a title). */
  icon: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  type?: 'button' | 'submit' | 'reset';
  loading?: boolean;
  disabled?: boolean;
};

/** A button showing only an icon, named by `label` (aria-label and title). */
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
      className={join(styles.base, styles.variant[variant], styles.iconOnly[size])}
    >
      {loading ? <SpinnerGlyph size={size === 'small' ? 'small' : 'standard'} /> : icon}
    </button>
  );
});
