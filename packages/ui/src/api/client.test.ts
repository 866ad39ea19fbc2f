import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { ApiError, createApiClient, parseRetryAfter } from './client';

const NOW_MS = Date.parse('2026-11-02T14:30:00Z');

describe('parseRetryAfter (RFC 9110 Retry-After)', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('30', NOW_MS)).toBe(30);
    expect(parseRetryAfter(' 0 ', NOW_MS)).toBe(0);
  });

  it('turns an HTTP date into the seconds left, never below zero', () => {
    expect(parseRetryAfter('Mon, 02 Nov 2026 14:30:45 GMT', NOW_MS)).toBe(45);
    expect(parseRetryAfter('Monday, 02-Nov-26 14:31:00 GMT', NOW_MS)).toBe(60);
    expect(parseRetryAfter('Mon, 02 Nov 2026 14:29:00 GMT', NOW_MS)).toBe(0);
  });

  it.each([null, undefined, '', '-5', '1.5', 'soon', '99999999999999999999'])(
    'gives nothing for %j',
    (value) => {
      expect(parseRetryAfter(value, NOW_MS)).toBeUndefined();
    },
  );
});

/** A client whose fetch always answers `response`. */
function clientAnswering(response: () => Response) {
  return createApiClient({ getAccessToken: async () => 'token', fetch: async () => response() });
}

const rateLimited = (
  headers: Record<string, string>,
  body = { error: 'rate_limited', message: 'Slow down.' },
) =>
  new Response(JSON.stringify(body), {
    status: 429,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('ApiError carries the wait a refusal asks for', () => {
  it('a 429 on POST /api/chat gives code rate_limited, the message and the Retry-After seconds', async () => {
    const client = clientAnswering(() => rateLimited({ 'Retry-After': '12' }));
    const stream = client.streamChat({ messages: [{ role: 'user', content: 'Hi' }] });
    const error = await failureOf(stream.next());
    expect(error).toMatchObject({
      status: 429,
      code: 'rate_limited',
      message: 'Slow down.',
      retryAfterSeconds: 12,
    });
  });

  it('a JSON call refused with 429 carries the wait too', async () => {
    const client = clientAnswering(() => rateLimited({ 'Retry-After': '3' }));
    const error = await failureOf(client.call('getMe'));
    expect(error.retryAfterSeconds).toBe(3);
  });

  it('a 429 whose body is not the contract’s still reads as rate_limited, with its wait', async () => {
    const client = clientAnswering(
      () => new Response('Too Many Requests', { status: 429, headers: { 'Retry-After': '4' } }),
    );
    const error = await failureOf(client.call('getMe'));
    expect(error).toMatchObject({
      code: 'rate_limited',
      message: DEFAULT_ERROR_MESSAGES.rate_limited,
      retryAfterSeconds: 4,
    });
  });

  it('has no wait when the answer names none', async () => {
    const client = clientAnswering(() => rateLimited({}));
    const error = await failureOf(client.call('getMe'));
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBeUndefined();
  });

  it('keeps the four-argument constructor working, with no wait', () => {
    const error = new ApiError(400, 'invalid_input', 'Bad.', { name: 'Required' });
    expect(error).toMatchObject({ status: 400, code: 'invalid_input', fields: { name: 'Required' } });
    expect(error.retryAfterSeconds).toBeUndefined();
  });
});
