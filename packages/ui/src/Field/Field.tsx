import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { visuallyHidden } from '../theme/global.css';
import * as styles from './Field.css';

export const TEXT_FIELD_TYPES = [
  'text',
  'email',
  'tel',
  'date',
  'time',
  'number',
  'search',
  'password',
] as const;
export type TextFieldType = (typeof TEXT_FIELD_TYPES)[number];

/** What every field has: a visible label, an optional hint, an optional error, a required marker. */
export type FieldBaseProps = {
  /** Always rendered as a `<label>` (visible, unless a SearchField asks to hide it). */
  label: string;
  /** Help text under the label, announced with the control. */
  hint?: string;
  /** Error text; marks the control invalid and is announced with it. */
  error?: string;
  required?: boolean;
};

type Reserved = 'className' | 'style' | 'children' | 'aria-invalid' | 'id';

type ShellProps = FieldBaseProps & {
  id: string | undefined;
  hideLabel?: boolean;
  describedBy: string | undefined;
  children: (control: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
};

/** Label, hint, control and error in that order, wired together by ids. */
function FieldShell({
  id: givenId,
  label,
  hint,
  error,
  required,
  hideLabel,
  describedBy,
  children,
}: ShellProps) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const described = [hintId, errorId, describedBy].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={hideLabel ? visuallyHidden : styles.label}>
        {label}
        {required ? (
          <span aria-hidden="true" className={styles.requiredMark}>
            *
          </span>
        ) : null}
      </label>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {children({ id, describedBy: described, invalid: Boolean(error) })}
      {error ? (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, Reserved | 'type'> &
  FieldBaseProps & {
    /** The kind of input; it picks the phone keyboard (email, tel, number) and the browser's own checks. */
    type?: TextFieldType;
    /** The input's id; one is made when none is given, so the label is always tied to the input. */
    id?: string;
  };

/**
 * A labelled single-line input (text, email, tel, date, time, number, search, password).
 *
 * **When to use:** any single-line input: text, e-mail, phone, date, time, number, password.
 *
 * **Accessibility:** the visible label is tied to the input; the hint and the error are linked with
 * aria-describedby; an error sets aria-invalid; the required mark is hidden from assistive technology, which hears
 * `required` instead.
 *
 * **Content:** the label is a noun ("Email", "Phone"); a hint gives the expected format ("e.g. 120/80"); an error
 * says how to fix it, not only what is wrong.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, hint, error, required, id, type = 'text', 'aria-describedby': describedBy, ...input },
  ref,
) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} describedBy={describedBy}>
      {(control) => (
        <input
          {...input}
          ref={ref}
          id={control.id}
          type={type}
          required={required}
          aria-invalid={control.invalid || undefined}
          aria-describedby={control.describedBy}
          className={styles.control}
        />
      )}
    </FieldShell>
  );
});

export type SelectOption = { value: string; label: string };

export type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, Reserved | 'multiple'> &
  FieldBaseProps & { options: readonly SelectOption[]; id?: string };

/**
 * A labelled native `<select>`.
 *
 * **When to use:** choosing one value from a short fixed list (a role, a status filter). For actions use Menu.
 *
 * **Accessibility:** a native `<select>`, labelled like TextField; arrow keys change the value.
 *
 * **Content:** options in Title case ("All Users", "Lab Tech"), never raw values.
 */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { label, hint, error, required, id, options, 'aria-describedby': describedBy, ...select },
  ref,
) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} describedBy={describedBy}>
      {(control) => (
        <select
          {...select}
          ref={ref}
          id={control.id}
          required={required}
          aria-invalid={control.invalid || undefined}
          aria-describedby={control.describedBy}
          className={styles.control}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
});

export type TextareaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Reserved> &
  FieldBaseProps & { id?: string };

/**
 * A labelled multi-line input; onKeyDown passes through (the chat sends on Enter, Shift+Enter adds a line).
 *
 * **When to use:** free text over more than one line (a record's description, a chat message).
 *
 * **Accessibility:** labelled like TextField; onKeyDown passes through so a chat can send on Enter while
 * Shift+Enter adds a line.
 */
export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea(
  { label, hint, error, required, id, rows = 3, 'aria-describedby': describedBy, ...textarea },
  ref,
) {
  return (
    <FieldShell id={id} label={label} hint={hint} error={error} required={required} describedBy={describedBy}>
      {(control) => (
        <textarea
          {...textarea}
          ref={ref}
          id={control.id}
          rows={rows}
          required={required}
          aria-invalid={control.invalid || undefined}
          aria-describedby={control.describedBy}
          className={`${styles.control} ${styles.textarea}`}
        />
      )}
    </FieldShell>
  );
});

export type SearchFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, Reserved | 'type' | 'onSubmit'> &
  Omit<FieldBaseProps, 'required'> & {
    id?: string;
    /** Keep the label for screen readers only (the placeholder never replaces it). */
    hideLabel?: boolean;
    /** Called with the current text when the user presses Enter (the knowledge base searches on Enter). */
    onSubmit?: (value: string) => void;
  };

/**
 * A search input that submits on Enter.
 *
 * **When to use:** searching a list on this page.
 *
 * **Accessibility:** a search input with a label (visually hidden with `hideLabel`, still read out); Enter
 * submits.
 *
 * **Content:** the placeholder says what can be searched ("Search by medication, patient or prescriber...").
 */
export const SearchField = forwardRef<HTMLInputElement, SearchFieldProps>(function SearchField(
  { label, hint, error, id, hideLabel, onSubmit, onKeyDown, 'aria-describedby': describedBy, ...input },
  ref,
) {
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented || event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (onSubmit) {
      event.preventDefault();
      onSubmit(event.currentTarget.value);
    }
  };
  return (
    <FieldShell
      id={id}
      label={label}
      hint={hint}
      error={error}
      hideLabel={hideLabel}
      describedBy={describedBy}
    >
      {(control) => (
        <input
          enterKeyHint="search"
          {...input}
          ref={ref}
          id={control.id}
          type="search"
          onKeyDown={handleKeyDown}
          aria-invalid={control.invalid || undefined}
          aria-describedby={control.describedBy}
          className={styles.control}
        />
      )}
    </FieldShell>
  );
});
