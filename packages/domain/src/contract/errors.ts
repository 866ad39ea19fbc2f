/**
 * The API's error answers (REQ-arch; REQ-err-body): every failure is
 * a status plus a JSON body `{ error, message }`, with `fields` (field path -> message) for invalid input.
 */
import { z } from 'zod';
import type { DomainError } from '../result';
import { ROUTE_TEXTS } from '../texts';

/** Every error code the API answers with, and its HTTP status. Domain `Result` codes use the same names. */
export const ERROR_CODES = {
  invalid_input: 400,
  unauthorized: 401,
  /** Signed in, but without the second factor the caller's role needs (mfa.ts): sign in again with it. */
  mfa_required: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  internal: 500,
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode];
export const ERROR_CODE_NAMES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
export const ErrorCodeSchema = z.enum(ERROR_CODE_NAMES);

/** Longest message or field message the API sends; longer text is a bug, not a message. */
export const MAX_ERROR_MESSAGE_LENGTH = 2_000;

export const ErrorBodySchema = z.strictObject({
  error: ErrorCodeSchema,
  message: z.string().min(1).max(MAX_ERROR_MESSAGE_LENGTH),
  fields: z.record(z.string().max(500), z.string().max(MAX_ERROR_MESSAGE_LENGTH)).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

/**
 * Default messages per code, for answers the spec gives no words for. A 403 uses the spec's access-denied
 * sentence (REQ-nav-unauthorized /unauthorized); routes with a spec alert use that instead (see
 * `deniedMessageFor`).
 */
export const DEFAULT_ERROR_MESSAGES: Readonly<Record<ErrorCode, string>> = {
  invalid_input: 'The request is not valid.',
  unauthorized: 'Sign in to continue.',
  mfa_required: 'Sign in again with your authentication code to continue.',
  forbidden: ROUTE_TEXTS.accessDeniedBody,
  not_found: 'Not found.',
  conflict: 'The request conflicts with the current state of the resource.',
  payload_too_large: 'The request body is too large.',
  unsupported_media_type: 'Send the request body as application/json.',
  rate_limited: 'Too many requests. Please wait a moment and try again.',
  internal: 'Something went wrong on our side. Please try again later.',
};

/** Narrows outside text to a known error code. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

/** The HTTP status for an error code; a code the API does not know is a server fault (500). */
export function statusForError(code: string): ErrorStatus {
  return isErrorCode(code) ? ERROR_CODES[code] : ERROR_CODES.internal;
}

/**
 * Builds an error body that always satisfies `ErrorBodySchema`: a blank message becomes the code's default,
 * an overlong one is cut, and `fields` is included only when it is given.
 */
export function errorBody(
  code: ErrorCode,
  message: string,
  fields?: Readonly<Record<string, string>>,
): ErrorBody {
  const text = !message.trim()
    ? DEFAULT_ERROR_MESSAGES[code]
    : message.length > MAX_ERROR_MESSAGE_LENGTH
      ? `${message.slice(0, MAX_ERROR_MESSAGE_LENGTH - 1)}…`
      : message;
  return fields ? { error: code, message: text, fields: { ...fields } } : { error: code, message: text };
}

/**
 * Turns a domain `Result` error into the status and body the API sends. Domain codes outside the API's list
 * (e.g. `state_mismatch`) are internal faults: the body says so without echoing internals.
 */
export function errorResponseFor(error: DomainError): { status: ErrorStatus; body: ErrorBody } {
  if (!isErrorCode(error.code)) {
    return { status: ERROR_CODES.internal, body: errorBody('internal', DEFAULT_ERROR_MESSAGES.internal) };
  }
  return { status: ERROR_CODES[error.code], body: errorBody(error.code, error.message, error.fields) };
}
