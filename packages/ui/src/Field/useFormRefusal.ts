import { useCallback, useEffect, useRef, useState } from 'react';

/** A field's message by the field's name; a field without one is valid. */
export type FieldErrors = Readonly<Partial<Record<string, string>>>;

/**
 * What a form shows after it was refused, by its own checks or by the server: the fields' messages, the
 * message for the whole form (FormErrorAlert), and focus on the first invalid field after each refusal, so a
 * keyboard or screen-reader user lands where the fix is (each refusal moves it, even with the same fields).
 */
export function useFormRefusal<E extends FieldErrors>(noErrors: E) {
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<E>(noErrors);
  const [formError, setFormError] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (attempt === 0) return;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempt]);

  const refuse = useCallback((fields: E, message?: string) => {
    setErrors(fields);
    setFormError(message);
    setAttempt((n) => n + 1);
  }, []);
  /** Clears the messages of an earlier refusal (the form is being sent again). */
  const clear = useCallback(() => {
    setErrors(noErrors);
    setFormError(undefined);
  }, [noErrors]);

  return { formRef, errors, formError, refuse, clear };
}
