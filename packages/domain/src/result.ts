/**
 * Every domain function that takes outside data returns a Result instead of throwing, so screen and server
 * code can show a clear message (REQ-err-body; foundation issue, "Bad input").
 */
export type DomainError = {
  /** Stable machine-readable code, e.g. `invalid_input`, `forbidden`, `state_mismatch`. */
  readonly code: string;
  /** A sentence a person can read; the specification's words where it gives them. */
  readonly message: string;
  /** Field errors by path, when the input failed a schema. */
  readonly fields?: Readonly<Record<string, string>>;
};

export type Result<T, E extends DomainError = DomainError> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): { readonly ok: true; readonly value: T } => ({ ok: true, value });

export const fail = (
  code: string,
  message: string,
  fields?: Record<string, string>,
): { readonly ok: false; readonly error: DomainError } => ({
  ok: false,
  error: fields ? { code, message, fields } : { code, message },
});
