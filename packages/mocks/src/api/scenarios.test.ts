import { CANNED_ANSWERS } from '@sentinel/domain';
import {
  DEFAULT_ERROR_MESSAGES,
  ERROR_CODES,
  KnowledgeListResponseSchema,
  deniedMessageFor,
  parseSseEvents,
} from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { authorizationFor } from './auth';
import { EMPTYABLE_ROUTES, createScenarios, errorCodeFor, scenario } from './scenarios';
import { BASE_URL, call, urlOf, useMockApi } from '../../test/testkit';

const ctx = useMockApi();
const scenarios = createScenarios({ baseUrl: BASE_URL });

describe('story scenarios', () => {
  it('error: the route answers 500 with the contract’s error body by default', async () => {
    ctx.server.use(...scenarios.error('listAppointments'));
    const answer = await call('jane', 'listAppointments');
    expect(answer.status).toBe(500);
    expect(answer.json).toStrictEqual({
      error: 'internal',
      message: 'Something went wrong on our side. Please try again later.',
    });
    expect((await call('jane', 'listRecords')).status).toBe(200);
  });

  it.each(Object.values(ERROR_CODES))('error: any contract status (%i) with its own code', async (status) => {
    ctx.server.use(...scenarios.error('getMe', status));
    const answer = await call('jane', 'getMe');
    expect(answer.status).toBe(status);
    expect(answer.json).toMatchObject({ error: errorCodeFor(status) });
  });

  it.each(EMPTYABLE_ROUTES)('empty: %s answers an empty list that satisfies the contract', async (name) => {
    ctx.server.use(...scenarios.empty(name));
    const answer = await call('sam', name, name === 'searchKnowledge' ? { query: { q: 'diabetes' } } : {});
    expect(answer.status).toBe(200);
    expect((answer.json as { items: unknown[] }).items).toStrictEqual([]);
  });

  it('empty: the knowledge list has zero stats and no categories', async () => {
    ctx.server.use(...scenarios.empty('listKnowledge'));
    const body = KnowledgeListResponseSchema.parse((await call('sam', 'listKnowledge')).json);
    expect(body.stats).toStrictEqual({
      totalItems: 0,
      accessibleItems: 0,
      accessPercentage: 0,
      restrictedBy: [],
    });
    expect(body.summary).toStrictEqual({
      totalKnowledge: 0,
      accessibleKnowledge: 0,
      accessibleCategories: [],
      restrictedCategories: [],
    });
  });

  it('slow: the route never answers, so the loading state stays', async () => {
    ctx.server.use(...scenarios.slow('listPrescriptions'));
    const controller = new AbortController();
    const pending = fetch(urlOf('listPrescriptions'), {
      headers: { Authorization: authorizationFor('jane') },
      signal: controller.signal,
    }).then(
      () => 'answered',
      () => 'aborted',
    );
    const winner = await Promise.race([
      pending,
      new Promise((resolve) => setTimeout(resolve, 50, 'still waiting')),
    ]);
    expect(winner).toBe('still waiting');
    controller.abort();
  });

  it('forbidden: the route refuses with the spec’s alert for it', async () => {
    ctx.server.use(...scenarios.forbidden('createPrescription'));
    const answer = await call('alice', 'createPrescription', { body: {} });
    expect(answer.status).toBe(403);
    expect(answer.json).toStrictEqual({
      error: 'forbidden',
      message: deniedMessageFor('createPrescription'),
    });
  });

  it('rateLimited: the route answers 429 with the contract’s body and Retry-After in seconds', async () => {
    ctx.server.use(...scenarios.rateLimited('chat', 7));
    const response = await fetch(urlOf('chat'), {
      method: 'POST',
      headers: { Authorization: authorizationFor('jane'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Hello' }] }),
    });
    expect(response.status).toBe(ERROR_CODES.rate_limited);
    expect(response.headers.get('Retry-After')).toBe('7');
    expect(await response.json()).toStrictEqual({
      error: 'rate_limited',
      message: DEFAULT_ERROR_MESSAGES.rate_limited,
    });
    expect((await call('jane', 'listRecords')).status).toBe(200);
  });

  it('rateLimited: asks for 30 seconds unless told otherwise', async () => {
    ctx.server.use(...scenarios.rateLimited('listRecords'));
    const response = await fetch(urlOf('listRecords'), {
      headers: { Authorization: authorizationFor('jane') },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('30');
  });

  it('assistantUnavailable: the status says the assistant is not available', async () => {
    ctx.server.use(...scenarios.assistantUnavailable());
    expect((await call('jane', 'assistantStatus')).json).toStrictEqual({
      available: false,
      provider: 'Sentinel demo model',
      demo: true,
    });
  });

  it('chatDrops: meta and a few tokens arrive, then the body ends without disclaimer or done (a reply cut off)', async () => {
    ctx.server.use(...scenarios.chatDrops());
    const response = await fetch(urlOf('chat'), {
      method: 'POST',
      headers: { Authorization: authorizationFor('jane'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Hello' }] }),
    });
    expect(response.status).toBe(200);
    // The body ends cleanly (a failing body loses unread bytes in the browser): reading it never throws.
    const text = await response.text();
    const { events, rest } = parseSseEvents(text);
    expect(rest).toBe('');
    expect(events.map((e) => e.type)).toStrictEqual(['meta', 'token', 'token', 'token', 'token']);
    expect(events.map((e) => (e.type === 'token' ? e.text : '')).join('')).toBe(
      CANNED_ANSWERS.general.split(' ').slice(0, 4).join(' ') + ' ',
    );
  });

  it('chatStalls: meta and a few tokens arrive, then the stream stays open until the user stops it', async () => {
    ctx.server.use(...scenarios.chatStalls());
    const controller = new AbortController();
    const response = await fetch(urlOf('chat'), {
      method: 'POST',
      headers: { Authorization: authorizationFor('jane'), 'Content-Type': 'application/json' },
      body: JSON.stringify({ messages: [{ role: 'user', content: 'Hello' }] }),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    if (!reader) throw new Error('a stream body');
    const decoder = new TextDecoder();
    let text = '';
    while (parseSseEvents(text).events.length < 5) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error('the stream closed');
      text += decoder.decode(chunk.value, { stream: true });
    }
    expect(parseSseEvents(text).events.map((e) => e.type)).toStrictEqual([
      'meta',
      'token',
      'token',
      'token',
      'token',
    ]);
    const next = await Promise.race([
      reader.read().then(() => 'more'),
      new Promise((resolve) => setTimeout(resolve, 50, 'still open')),
    ]);
    expect(next).toBe('still open');
    // The user's Stop. (Not awaited: after the 'slow' test's abandoned request, node's fetch can be slow to
    // settle a cancel, and what matters here is only that the stream was still open.)
    controller.abort();
  });

  it('the default scenarios use same-origin paths, as the stories’ browser worker needs', () => {
    const [handler] = scenario.error('listUsers');
    expect(handler?.info.path).toBe('/api/users');
  });

  it('an unknown status falls back to the internal error code', () => {
    expect(errorCodeFor(418 as never)).toBe('internal');
  });
});
