import { describe, expect, it } from 'vitest';
import { fail } from '../result';
import { ROUTE_TEXTS } from '../texts';
import { parseWith } from '../validate';
import { RecordCreateSchema } from './bodies';
import {
  DEFAULT_ERROR_MESSAGES,
  ERROR_CODES,
  ErrorBodySchema,
  MAX_ERROR_MESSAGE_LENGTH,
  errorBody,
  errorResponseFor,
  isErrorCode,
  statusForError,
} from './errors';

describe('error codes and statuses', () => {
  it.each([
    ['invalid_input', 400],
    ['unauthorized', 401],
    ['mfa_required', 401],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['payload_too_large', 413],
    ['unsupported_media_type', 415],
    ['rate_limited', 429],
    ['internal', 500],
  ] as const)('%s is answered with status %i', (code, status) => {
    expect(statusForError(code)).toBe(status);
    expect(ERROR_CODES[code]).toBe(status);
  });

  it('a code the API does not know (a domain-only code such as state_mismatch) is a 500', () => {
    expect(statusForError('state_mismatch')).toBe(500);
  });

  it('an inherited object property is not mistaken for an error code', () => {
    expect(isErrorCode('toString')).toBe(false);
    expect(statusForError('constructor')).toBe(500);
  });

  it('only the listed strings are error codes', () => {
    expect(isErrorCode('forbidden')).toBe(true);
    expect(isErrorCode('Forbidden')).toBe(false);
    expect(isErrorCode(403)).toBe(false);
    expect(isErrorCode(undefined)).toBe(false);
  });
});

describe('errorBody', () => {
  it('builds { error, message } without a fields key when no fields are given', () => {
    const body = errorBody('not_found', 'No record with this id.');
    expect(body).toStrictEqual({ error: 'not_found', message: 'No record with this id.' });
    expect('fields' in body).toBe(false);
    expect(ErrorBodySchema.parse(body)).toStrictEqual(body);
  });

  it('carries field messages for invalid input', () => {
    const body = errorBody('invalid_input', 'Invalid record.', { title: 'Too small' });
    expect(body.fields).toStrictEqual({ title: 'Too small' });
    expect(ErrorBodySchema.safeParse(body).success).toBe(true);
  });

  it('a blank message is replaced by the default message of the code', () => {
    expect(errorBody('forbidden', '   ').message).toBe(ROUTE_TEXTS.accessDeniedBody);
    expect(errorBody('rate_limited', '').message).toBe(DEFAULT_ERROR_MESSAGES.rate_limited);
  });

  it('an overlong message is cut so the body still satisfies the schema', () => {
    const body = errorBody('internal', 'x'.repeat(MAX_ERROR_MESSAGE_LENGTH + 50));
    expect(body.message).toHaveLength(MAX_ERROR_MESSAGE_LENGTH);
    expect(body.message.endsWith('…')).toBe(true);
    expect(ErrorBodySchema.safeParse(body).success).toBe(true);
  });

  it('every default message is a valid error body message', () => {
    for (const code of Object.keys(ERROR_CODES) as (keyof typeof ERROR_CODES)[]) {
      expect(ErrorBodySchema.safeParse({ error: code, message: DEFAULT_ERROR_MESSAGES[code] }).success).toBe(
        true,
      );
    }
  });
});

describe('ErrorBodySchema', () => {
  it('rejects an unknown code, an empty message and extra keys', () => {
    expect(ErrorBodySchema.safeParse({ error: 'teapot', message: 'no' }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ error: 'conflict', message: '' }).success).toBe(false);
    expect(ErrorBodySchema.safeParse({ error: 'conflict', message: 'x', stack: 'at line 1' }).success).toBe(
      false,
    );
  });

  it('rejects field messages that are not text', () => {
    expect(
      ErrorBodySchema.safeParse({ error: 'invalid_input', message: 'x', fields: { a: 1 } }).success,
    ).toBe(false);
  });
});

describe('errorResponseFor', () => {
  it("a domain refusal becomes a 403 carrying the domain's message", () => {
    const refused = fail('forbidden', 'You do not have permission to process refills');
    expect(errorResponseFor(refused.error)).toStrictEqual({
      status: 403,
      body: { error: 'forbidden', message: 'You do not have permission to process refills' },
    });
  });

  it('a schema failure becomes a 400 with its field messages', () => {
    const parsed = parseWith(RecordCreateSchema, { recordType: 'diagnosis' }, 'record');
    if (parsed.ok) throw new Error('expected a failure');
    const { status, body } = errorResponseFor(parsed.error);
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_input');
    expect(Object.keys(body.fields ?? {})).toEqual(expect.arrayContaining(['title', 'patientEmail', 'date']));
  });

  it('a domain code unknown to the API becomes a 500 that does not echo the internal message', () => {
    const { status, body } = errorResponseFor({ code: 'state_mismatch', message: 'Invalid state' });
    expect(status).toBe(500);
    expect(body).toStrictEqual({ error: 'internal', message: DEFAULT_ERROR_MESSAGES.internal });
  });
});
