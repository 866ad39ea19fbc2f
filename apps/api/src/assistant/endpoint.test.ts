/**
 * The OpenAI-compatible endpoint path (the built-in demo model, llama.cpp, vLLM, Ollama ...) against a fake
 * server on a real socket, and the API on a real socket too: what the browser sees while the model is still
 * writing, and what the model sees when the browser leaves.
 */
import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { DISCLAIMER, buildAiReply, safetyNoteFor } from '@sentinel/domain';
import { parseSseEvents, type ChatStreamEvent } from '@sentinel/domain/contract';
import { buildModelServer } from '@sentinel/model';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testkit';
import { startFakeOpenAi, streamPieces, type FakeOpenAi } from './fakeOpenai';
import { chatAs, chunkFrame, replyText } from './testSupport';

let fake: FakeOpenAi;
let server: TestServer;
let origin: string;

beforeEach(async () => {
  fake = await startFakeOpenAi();
  server = await startTestServer({
    model: { kind: 'endpoint', url: fake.url, model: 'sentinel-demo', builtin: true },
  });
  origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
});
afterEach(async () => {
  await server.close();
  await fake.close();
});

async function statusOf(target: TestServer) {
  const answer = await target.app.inject({
    url: '/api/assistant/status',
    headers: { authorization: `Bearer ${await target.tokenFor('jane')}` },
  });
  return JSON.parse(answer.body) as unknown;
}

/**
 * Opens a chat over a socket and reads its events one at a time; `stop()` drops the connection as a browser's
 * Stop does. (node:http rather than fetch: after an aborted stream, fetch opens a spare keep-alive connection
 * that would hold the server's shutdown.)
 */
async function openChat(question: string) {
  const payload = JSON.stringify({ messages: [{ role: 'user', content: question }] });
  const request = httpRequest(`${origin}/api/chat`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${await server.tokenFor('jane')}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(payload),
    },
  });
  request.end(payload);
  const [response] = (await once(request, 'response')) as [IncomingMessage];
  response.setEncoding('utf8');
  const chunks = response[Symbol.asyncIterator]() as AsyncIterator<string>;
  let buffer = '';
  const queued: ChatStreamEvent[] = [];
  return {
    contentType: response.headers['content-type'],
    /** Header names as sent, lowercased. */
    headerNames: response.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase()),
    cacheControl: response.headers['cache-control'],
    stop: () => request.destroy(),
    async next(): Promise<ChatStreamEvent | undefined> {
      while (queued.length === 0) {
        const { value, done } = await chunks.next();
        if (done) return undefined;
        const parsed = parseSseEvents(buffer + value);
        buffer = parsed.rest;
        queued.push(...parsed.events);
      }
      return queued.shift();
    },
  };
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  probe.close();
  await once(probe, 'close');
  return port;
}

describe('the built-in demo model behind its OpenAI-compatible endpoint', () => {
  it('is named as the demo model and probed at most once per 10 seconds', async () => {
    expect(await statusOf(server)).toEqual({
      available: true,
      provider: 'Sentinel demo model',
      model: 'sentinel-demo',
      demo: true,
    });
    await statusOf(server);
    expect(fake.requests.filter((r) => r === 'GET /v1/models')).toHaveLength(1);
  });

  it('streams the model’s reply with the REQ-model-chat-request parameters to the endpoint’s chat completions', async () => {
    let body: Record<string, unknown> = {};
    const stream = streamPieces(['Less salt and more activity', ' help lower blood pressure.']);
    fake.setChat((request, send, response) => {
      body = request;
      return stream(request, send, response);
    });
    const question = 'How do I lower my blood pressure?';
    const answer = await chatAs(server, 'jane', question);
    expect(replyText(answer.events)).toBe(
      `Less salt and more activity help lower blood pressure.\n\n${safetyNoteFor(question)}`,
    );
    expect(answer.events.slice(-2)).toEqual([{ type: 'disclaimer', text: DISCLAIMER }, { type: 'done' }]);
    expect(fake.requests).toContain('POST /v1/chat/completions');
    expect(body).toMatchObject({
      model: 'sentinel-demo',
      stream: true,
      max_tokens: 300,
      temperature: 0.4,
      top_p: 0.9,
    });
  });

  it('sends each token to the browser while the model is still writing', async () => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    fake.setChat(async (_body, send) => {
      send(chunkFrame('Regular activity helps your heart.'));
      await released;
      send(chunkFrame(' Start slowly.'));
      send('data: [DONE]\n\n');
    });
    const chat = await openChat('How much exercise do I need?');
    expect(await chat.next()).toMatchObject({ type: 'meta' });
    // The model has not finished: this token can only have come through unbuffered.
    expect(await chat.next()).toEqual({ type: 'token', text: 'Regular activity helps your heart.' });
    release();
    expect(await chat.next()).toEqual({ type: 'token', text: ' Start slowly.' });
    const rest: ChatStreamEvent[] = [];
    for (let event = await chat.next(); event; event = await chat.next()) rest.push(event);
    expect(rest.at(-1)).toEqual({ type: 'done' });
    expect(chat.contentType).toContain('text/event-stream');
    expect(chat.cacheControl).toBe('no-store');
    expect(chat.headerNames.filter((name) => name === 'cache-control')).toHaveLength(1);
  });

  it('cancels the model request when the browser stops reading (Stop)', async () => {
    fake.setChat(async (_body, send, response) => {
      send(chunkFrame('Metformin is usually the first medicine.'));
      // Keeps writing until the API hangs up.
      while (!response.destroyed) {
        send(chunkFrame(' more'));
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    });
    const chat = await openChat('Which diabetes medication is first?');
    await chat.next();
    expect(await chat.next()).toMatchObject({ type: 'token' });
    chat.stop();
    await expect(
      Promise.race([
        fake.clientLeft().then(() => 'model request cancelled'),
        new Promise((resolve) => setTimeout(() => resolve('still streaming'), 3_000)),
      ]),
    ).resolves.toBe('model request cancelled');
  });
});

describe('an unreachable endpoint', () => {
  it('shows the assistant unavailable under the endpoint’s host, and the chat still answers canned', async () => {
    const port = await closedPort();
    const offline = await startTestServer({
      model: { kind: 'endpoint', url: `http://127.0.0.1:${port}/v1`, model: 'llama3', builtin: false },
    });
    try {
      expect(await statusOf(offline)).toEqual({
        available: false,
        provider: `127.0.0.1:${port}`,
        model: 'llama3',
        demo: false,
      });
      const question = 'How can I sleep better?';
      const answer = await chatAs(offline, 'jane', question);
      expect(answer.status).toBe(200);
      expect(replyText(answer.events)).toBe(buildAiReply(undefined, question).message);
      expect(answer.events.at(-1)).toEqual({ type: 'done' });
    } finally {
      await offline.close();
    }
  });
});

describe('the real built-in demo model (apps/model)', () => {
  // The key the stack generates at start: the model answers only callers that send it.
  const key = 'test-model-key-0123456789abcdefghijklmnop';

  it('answers a patient and a doctor from the sections each may see, cited by title and section', async () => {
    const model = await buildModelServer({ apiKey: key, tokenDelayMs: 0 });
    const modelOrigin = await model.listen({ port: 0, host: '127.0.0.1' });
    const api = await startTestServer({
      model: {
        kind: 'endpoint',
        url: `${modelOrigin}/v1`,
        model: 'sentinel-demo',
        builtin: true,
        token: key,
      },
    });
    try {
      const question = 'What treatment options exist for hypertension and diabetes?';
      const patient = replyText((await chatAs(api, 'jane', question)).events);
      const doctor = replyText((await chatAs(api, 'alice', question)).events);
      expect(patient).toContain('(Source: Type 2 Diabetes: Lifestyle Treatment › ');
      expect(patient).not.toContain('Hypertension Management in Adults');
      expect(doctor).toContain('(Source: Hypertension Management in Adults › ');
      expect(patient.endsWith(safetyNoteFor(question))).toBe(true);
    } finally {
      await api.close();
      await model.close();
    }
  });

  it('is probed with the key, and is unavailable to a server without it', async () => {
    const model = await buildModelServer({ apiKey: key, tokenDelayMs: 0 });
    const url = `${await model.listen({ port: 0, host: '127.0.0.1' })}/v1`;
    const keyed = await startTestServer({
      model: { kind: 'endpoint', url, model: 'sentinel-demo', builtin: true, token: key },
    });
    const keyless = await startTestServer({
      model: { kind: 'endpoint', url, model: 'sentinel-demo', builtin: true },
    });
    try {
      expect(await statusOf(keyed)).toMatchObject({ available: true });
      expect(await statusOf(keyless)).toMatchObject({ available: false });
    } finally {
      await keyed.close();
      await keyless.close();
      await model.close();
    }
  });
});
