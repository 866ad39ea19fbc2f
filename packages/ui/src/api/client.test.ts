import { DEFAULT_ERROR_MESSAGES } from '@sentinel/domain/contract';
import { describe, expect, it, vi } from 'vitest';
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

describe('every answer is checked against the contract (loaded with the first request, REQ-perf-routes)', () => {
  const json = (body: unknown, status = 200) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('gives a screen the answer once it fits the contract', async () => {
    const status = { available: true, provider: 'Demo model', model: 'demo', demo: true };
    const client = clientAnswering(() => json(status));
    await expect(client.call('assistantStatus')).resolves.toEqual(status);
  });

  it.each([
    ['a body of the wrong shape', () => json({ unexpected: true })],
    ['a body that is not JSON', () => new Response('<html>oops</html>', { status: 200 })],
    ['an empty body', () => new Response(null, { status: 200 })],
  ])('turns %s into an ApiError, never into a crash later on', async (_, answer) => {
    const error = await failureOf(clientAnswering(answer).call('listAppointments'));
    expect(error).toMatchObject({ status: 502, code: 'internal', message: DEFAULT_ERROR_MESSAGES.internal });
  });

  it('checks a refusal body too: a malformed one falls back to the words for its status', async () => {
    const client = clientAnswering(() => json({ error: 'not_a_code', message: 42 }, 404));
    const error = await failureOf(client.call('getMe'));
    expect(error).toMatchObject({
      status: 404,
      code: 'not_found',
      message: DEFAULT_ERROR_MESSAGES.not_found,
    });
  });

  it('reports a failed download of the checks as an unreachable server, and fetches them again next time', async () => {
    vi.resetModules();
    vi.doMock('@sentinel/domain/contract', () => Promise.reject(new TypeError('Failed to fetch')));
    const fresh = await import('./client');
    const fetch = vi.fn(async () => json({ unexpected: true }));
    const client = fresh.createApiClient({ getAccessToken: async () => 'token', fetch });
    const error: unknown = await client.call('getMe').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(fresh.ApiError);
    expect(error).toMatchObject({ status: 0, message: expect.stringContaining('Cannot reach the server') });
    expect(fetch).not.toHaveBeenCalled();

    vi.doUnmock('@sentinel/domain/contract');
    await expect(client.call('getMe')).rejects.toMatchObject({ status: 502, code: 'internal' });
    expect(fetch).toHaveBeenCalledOnce();
  });
});
