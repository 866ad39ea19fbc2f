import { CANNED_ANSWERS } from '@sentinel/domain';
import {
  DEFAULT_ERROR_MESSAGES,
  ERROR_CODES,
  KnowledgeListResponseSchema,
  ROUTES,
  ROUTE_NAMES,
  deniedMessageFor,
  parseSseEvents,
  type RouteName,
} from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { authorizationFor } from './auth';
import {
  API_SCENARIOS,
  EMPTYABLE_ROUTES,
  SESSION_ROUTES,
  createScenarios,
  errorCodeFor,
  isApiScenario,
  scenario,
} from './scenarios';
import { BASE_URL, call, urlOf, useMockApi, type CallOptions } from '../../test/testkit';

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

/** Every route but the ones that say who the caller is: the routes a whole-API scenario takes over. */
const DATA_ROUTES = ROUTE_NAMES.filter((name) => !(SESSION_ROUTES as readonly RouteName[]).includes(name));

/** A call to any route with path parameters filled in, so it reaches the route (the body does not matter). */
const anyCall = (name: RouteName): CallOptions => {
  const params = Object.fromEntries(
    [...ROUTES[name].path.matchAll(/:(\w+)/g)].map(([, key]) => [key ?? '', 'x-1']),
  );
  return {
    params,
    ...(ROUTES[name].method === 'GET' || ROUTES[name].method === 'DELETE' ? {} : { body: {} }),
  };
};

/** Whether a request is still unanswered after a short wait (the request is then aborted). */
async function unanswered(name: RouteName): Promise<boolean> {
  const controller = new AbortController();
  const options = anyCall(name);
  const pending = fetch(urlOf(name, options), {
    method: ROUTES[name].method,
    headers: { Authorization: authorizationFor('jane'), 'Content-Type': 'application/json' },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    signal: controller.signal,
  }).then(
    () => false,
    () => false,
  );
  const winner = await Promise.race([
    pending,
    new Promise<boolean>((resolve) => setTimeout(resolve, 30, true)),
  ]);
  controller.abort();
  return winner;
}

describe('whole-API scenarios (the Storybook toolbar’s Scenario)', () => {
  it('names six scenarios, and tells a scenario name from any other text', () => {
    expect(API_SCENARIOS).toStrictEqual([
      'normal',
      'empty',
      'error',
      'slow',
      'forbidden',
      'modelUnavailable',
    ]);
    expect(API_SCENARIOS.every(isApiScenario)).toBe(true);
    expect(isApiScenario('broken')).toBe(false);
    expect(isApiScenario(undefined)).toBe(false);
  });

  it('normal puts nothing in front of the mock API', () => {
    expect(scenarios.everywhere('normal')).toStrictEqual([]);
  });

  it('error: every data route answers 500 with the contract’s body, while /api/me still names the user', async () => {
    ctx.server.use(...scenarios.everywhere('error'));
    for (const name of DATA_ROUTES) {
      const answer = await call('jane', name, anyCall(name));
      expect({ name, status: answer.status, json: answer.json }).toStrictEqual({
        name,
        status: 500,
        json: { error: 'internal', message: DEFAULT_ERROR_MESSAGES.internal },
      });
    }
    const me = await call('jane', 'getMe');
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ user: { name: 'Jane Doe' } });
  });

  it('forbidden: every data route refuses with 403 and that route’s own alert', async () => {
    ctx.server.use(...scenarios.everywhere('forbidden'));
    for (const name of DATA_ROUTES) {
      const answer = await call('sam', name, anyCall(name));
      expect({ name, status: answer.status, json: answer.json }).toStrictEqual({
        name,
        status: 403,
        json: { error: 'forbidden', message: deniedMessageFor(name) },
      });
    }
    expect((await call('sam', 'getMe')).status).toBe(200);
  });

  it('empty: every list route answers an empty list; other routes answer as usual', async () => {
    ctx.server.use(...scenarios.everywhere('empty'));
    for (const name of EMPTYABLE_ROUTES) {
      const answer = await call('sam', name, name === 'searchKnowledge' ? { query: { q: 'diabetes' } } : {});
      expect({ name, status: answer.status }).toStrictEqual({ name, status: 200 });
      expect((answer.json as { items: unknown[] }).items).toStrictEqual([]);
    }
    const status = await call('jane', 'assistantStatus');
    expect(status.json).toMatchObject({ available: true });
    expect((await call('jane', 'getMe')).status).toBe(200);
  });

  it('slow: every data route never answers, while /api/me answers at once', async () => {
    ctx.server.use(...scenarios.everywhere('slow'));
    for (const name of [
      'listAppointments',
      'listRecords',
      'assistantStatus',
      'createPrescription',
    ] as const) {
      expect({ name, unanswered: await unanswered(name) }).toStrictEqual({ name, unanswered: true });
    }
    expect((await call('jane', 'getMe')).status).toBe(200);
  });

  it('modelUnavailable: the assistant says it is not available; the data routes answer as usual', async () => {
    ctx.server.use(...scenarios.everywhere('modelUnavailable'));
    expect((await call('jane', 'assistantStatus')).json).toMatchObject({ available: false });
    expect((await call('jane', 'listRecords')).status).toBe(200);
  });

  it('a story’s own route override still wins when it is put in front of a whole-API scenario', async () => {
    ctx.server.use(...scenarios.empty('listRecords'), ...scenarios.everywhere('error'));
    const answer = await call('jane', 'listRecords');
    expect(answer.status).toBe(200);
    expect((answer.json as { items: unknown[] }).items).toStrictEqual([]);
  });

  it('refuses a scenario it does not know with a clear error', () => {
    expect(() => scenarios.everywhere('broken' as never)).toThrow('Unknown API scenario "broken"');
  });
});
