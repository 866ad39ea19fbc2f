import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import {
  CANNED_ANSWERS,
  URGENCY_INSTRUCTION,
  URGENCY_RESPONSE_FORMAT,
  parseUrgencyAnswer,
  promptFromMessages,
  readSseFrames,
  urgencyMessages,
} from '@sentinel/domain';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { composeAnswer } from './answer';
import { DEMO_MODEL_NAME, buildModelServer, type ModelServerOptions } from './server';
import { HYPERTENSION, HYPERTENSION_QUESTION, METFORMIN, conversation } from './testFixtures';

const NOW = new Date('2026-11-21T10:00:00Z');
/** The API's key (access.test.ts shows the refusals without it). */
const KEY = 'test-model-key-0123456789abcdefghijklmnop';
const AUTH = { authorization: `Bearer ${KEY}` };
const messages = conversation(HYPERTENSION_QUESTION, [METFORMIN, HYPERTENSION]);
const chatBody = (extra: Record<string, unknown> = {}) => ({
  model: DEMO_MODEL_NAME,
  messages,
  max_tokens: 300,
  temperature: 0.4,
  top_p: 0.9,
  ...extra,
});

let apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.map((app) => app.close()));
  apps = [];
});

async function server(options: Partial<ModelServerOptions> = {}) {
  const app = await buildModelServer({ apiKey: KEY, now: () => NOW, tokenDelayMs: 0, ...options });
  apps.push(app);
  return app;
}

/** A server on a real socket; its log lines are collected. */
async function listening(options: Partial<ModelServerOptions> = {}) {
  const logs: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = await server({ logger: { level: 'info', stream }, ...options });
  await app.listen({ port: 0, host: 'localhost' });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://localhost:${port}`, logs };
}

/** The data of each frame of an event stream, checking that every frame ends with a blank line. */
function framesOf(body: string): string[] {
  const { data, rest } = readSseFrames(body);
  expect(rest).toBe('');
  return data;
}

const post = (app: FastifyInstance, url: string, payload: unknown) =>
  app.inject({ method: 'POST', url, headers: AUTH, payload: payload as Record<string, unknown> });

describe('chat completions', () => {
  it('answers with a complete OpenAI chat.completion object', async () => {
    const app = await server();
    const response = await post(app, '/v1/chat/completions', chatBody());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    const content = composeAnswer(messages);
    expect(body).toEqual({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      created: NOW.getTime() / 1000,
      model: DEMO_MODEL_NAME,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: expect.any(Number),
        completion_tokens: content.split(/\s+/).length,
        total_tokens: body.usage.prompt_tokens + body.usage.completion_tokens,
      },
    });
    expect(content).toContain(`(Source: ${HYPERTENSION.title})`);
  });

  it('gives every completion its own id', async () => {
    const app = await server();
    const first = (await post(app, '/v1/chat/completions', chatBody())).json();
    const second = (await post(app, '/v1/chat/completions', chatBody())).json();
    expect(first.id).not.toBe(second.id);
    expect(first.choices).toEqual(second.choices);
  });

  it('keeps the answer within max_tokens words and says it stopped for length', async () => {
    const app = await server();
    const body = (await post(app, '/v1/chat/completions', chatBody({ max_tokens: 12 }))).json();
    expect(body.choices[0].finish_reason).toBe('length');
    expect(body.usage.completion_tokens).toBeLessThanOrEqual(12);
    expect(body.choices[0].message.content.split(/\s+/).length).toBe(body.usage.completion_tokens);
  });

  it('reads text parts of list content and ignores fields it does not use', async () => {
    const app = await server();
    const response = await post(app, '/v1/chat/completions', {
      model: DEMO_MODEL_NAME,
      messages: [
        {
          role: 'user',
          content: [{ type: 'text', text: 'How much water should I drink?' }, { type: 'image_url' }],
        },
      ],
      seed: 7,
      stream_options: { include_usage: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().choices[0].message.content).toBe(CANNED_ANSWERS.hydration);
  });
});

describe('streamed chat completions', () => {
  it('streams word tokens as chat.completion.chunk events, then a stop chunk, then [DONE]', async () => {
    const app = await server();
    const response = await post(app, '/v1/chat/completions', chatBody({ stream: true }));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/event-stream/);
    const frames = framesOf(response.body);
    expect(frames.at(-1)).toBe('[DONE]');
    const chunks = frames.slice(0, -1).map((data) => JSON.parse(data));
    const id = chunks[0].id as string;
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ id, object: 'chat.completion.chunk', created: NOW.getTime() / 1000 });
      expect(chunk.model).toBe(DEMO_MODEL_NAME);
    }
    const last = chunks.at(-1);
    expect(last.choices).toEqual([{ index: 0, delta: {}, finish_reason: 'stop' }]);
    const deltas = chunks.slice(0, -1);
    expect(deltas.length).toBeGreaterThan(20);
    expect(deltas[0].choices[0].delta.role).toBe('assistant');
    for (const chunk of deltas) expect(chunk.choices[0].finish_reason).toBeNull();
    const streamed = deltas.map((chunk) => chunk.choices[0].delta.content as string).join('');
    const whole = (await post(app, '/v1/chat/completions', chatBody())).json();
    expect(streamed).toBe(whole.choices[0].message.content);
  });

  it('ends a cut stream with finish_reason length after at most max_tokens deltas', async () => {
    const app = await server();
    const frames = framesOf(
      (await post(app, '/v1/chat/completions', chatBody({ stream: true, max_tokens: 5 }))).body,
    );
    const chunks = frames.slice(0, -1).map((data) => JSON.parse(data));
    expect(chunks).toHaveLength(6);
    expect(chunks.at(-1).choices[0].finish_reason).toBe('length');
  });

  it('paces the tokens so the stream is visible as it is written', async () => {
    const { url } = await listening({ tokenDelayMs: 25 });
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH },
      body: JSON.stringify(chatBody({ stream: true, max_tokens: 9 })),
    });
    const arrivals: number[] = [];
    const reader = response.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read())
      arrivals.push(performance.now());
    expect(arrivals.length).toBeGreaterThan(1);
    // 9 tokens: 8 pauses of 25 ms between the first and the last.
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual(8 * 25 * 0.8);
  });

  it('stops writing when the client goes away, and keeps serving', async () => {
    const { app, url, logs } = await listening({ tokenDelayMs: 20 });
    const controller = new AbortController();
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH },
      body: JSON.stringify(chatBody({ stream: true })),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect
      .poll(() => logs.find((line) => line.msg === 'stream stopped: the client went away'))
      .toBeDefined();
    const stopped = logs.find((line) => line.msg === 'stream stopped: the client went away')!;
    expect(stopped.tokens).toBeLessThan(stopped.of as number);
    expect(logs.some((line) => line.msg === 'stream completed')).toBe(false);
    expect((await fetch(`${url}/health`)).status).toBe(200);
    const again = await post(app, '/v1/chat/completions', chatBody());
    expect(again.statusCode).toBe(200);
  });

  it('ends open streams when the server closes instead of waiting for them', async () => {
    const { app, url } = await listening({ tokenDelayMs: 1_000 });
    const response = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...AUTH },
      body: JSON.stringify(chatBody({ stream: true })),
    });
    const reader = response.body!.getReader();
    await reader.read();
    const started = performance.now();
    await app.close();
    expect(performance.now() - started).toBeLessThan(900);
    await expect(
      (async () => {
        for (let read = await reader.read(); !read.done; read = await reader.read());
      })(),
    ).rejects.toThrow();
  });
});

describe('text completions (the text-generation fallback)', () => {
  it('answers a labelled prompt with an OpenAI text_completion object', async () => {
    const app = await server();
    const prompt = promptFromMessages(
      messages.map((m) => ({ ...m, role: m.role as 'system' | 'user' | 'assistant' })),
    );
    const response = await post(app, '/v1/completions', {
      model: DEMO_MODEL_NAME,
      prompt,
      max_tokens: 200,
      temperature: 0.4,
      repetition_penalty: 1.1,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^cmpl-/),
      object: 'text_completion',
      created: NOW.getTime() / 1000,
      model: DEMO_MODEL_NAME,
      choices: [{ index: 0, text: composeAnswer(messages), logprobs: null, finish_reason: 'stop' }],
      usage: {
        prompt_tokens: prompt.split(/\s+/).length,
        completion_tokens: expect.any(Number),
        total_tokens: expect.any(Number),
      },
    });
    expect(body.choices[0].text).toContain(`(Source: ${HYPERTENSION.title})`);
  });

  it('streams text_completion chunks ending with [DONE] when asked', async () => {
    const app = await server();
    const response = await post(app, '/v1/completions', {
      model: DEMO_MODEL_NAME,
      prompt: 'How much water should I drink?',
      stream: true,
    });
    const frames = framesOf(response.body);
    expect(frames.at(-1)).toBe('[DONE]');
    const chunks = frames.slice(0, -1).map((data) => JSON.parse(data));
    expect(chunks.at(-1).choices[0]).toMatchObject({ text: '', finish_reason: 'stop' });
    expect(chunks.map((c) => c.choices[0].text).join('')).toBe(CANNED_ANSWERS.hydration);
  });
});

describe('models and health', () => {
  it('lists the one demo model', async () => {
    const app = await server();
    const response = await app.inject({ method: 'GET', url: '/v1/models', headers: AUTH });
    expect(response.json()).toEqual({
      object: 'list',
      data: [{ id: 'sentinel-demo', object: 'model', created: 0, owned_by: 'sentinel' }],
    });
  });

  it('reports its health and model name', async () => {
    const app = await server();
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toEqual({
      status: 'ok',
      model: 'sentinel-demo',
    });
  });
});

describe('refusals, as OpenAI error bodies', () => {
  const openAiError = { error: { message: expect.any(String), type: 'invalid_request_error' } };

  it.each([
    ['no messages', { model: DEMO_MODEL_NAME, messages: [] }, /messages/],
    ['no model', { messages }, /model/],
    ['an unknown role', { model: DEMO_MODEL_NAME, messages: [{ role: 'wizard', content: 'hi' }] }, /role/],
    [
      'content that is a number',
      { model: DEMO_MODEL_NAME, messages: [{ role: 'user', content: 42 }] },
      /content/,
    ],
    ['a temperature above 2', chatBody({ temperature: 3 }), /temperature/],
    ['a fractional max_tokens', chatBody({ max_tokens: 1.5 }), /max_tokens/],
    ['a body that is a list', [1, 2, 3], /Invalid request body/],
  ])('answers 400 to %s', async (_name, payload, message) => {
    const app = await server();
    const response = await post(app, '/v1/chat/completions', payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(openAiError);
    expect(response.json().error.message).toMatch(message);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const app = await server();
    const response = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { 'content-type': 'application/json', ...AUTH },
      payload: '{"model": "sentinel-demo", "messages": [',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject(openAiError);
  });

  it('answers 400 to a text completion without a prompt', async () => {
    const app = await server();
    const response = await post(app, '/v1/completions', { model: DEMO_MODEL_NAME });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toMatch(/prompt/);
  });

  it('answers 415 to a form body and 400 to a plain-text one', async () => {
    const app = await server();
    const form = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...AUTH },
      payload: 'model=sentinel-demo',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toMatchObject(openAiError);
    const text = await app.inject({
      method: 'POST',
      url: '/v1/chat/completions',
      headers: { 'content-type': 'text/plain', ...AUTH },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject(openAiError);
  });

  it('answers 404 model_not_found to another model name', async () => {
    const app = await server();
    const response = await post(app, '/v1/chat/completions', chatBody({ model: 'gpt-4o' }));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: {
        message: expect.stringContaining("'gpt-4o'"),
        type: 'invalid_request_error',
        param: null,
        code: 'model_not_found',
      },
    });
  });

  it('answers 404 to an unknown route', async () => {
    const app = await server();
    const response = await app.inject({ method: 'GET', url: '/v1/engines', headers: AUTH });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'unknown_url' } });
  });

  it('serves the model name it is configured with', async () => {
    const app = await server({ modelName: 'local-llama' });
    expect((await post(app, '/v1/chat/completions', chatBody({ model: 'local-llama' }))).statusCode).toBe(
      200,
    );
    expect((await post(app, '/v1/chat/completions', chatBody())).statusCode).toBe(404);
  });
});

describe('the urgency call (REQ-model-urgency)', () => {
  const urgencyBody = (text: string, extra: Record<string, unknown> = {}) => ({
    model: DEMO_MODEL_NAME,
    messages: urgencyMessages([{ role: 'user', content: text }]),
    max_tokens: 60,
    temperature: 0,
    response_format: URGENCY_RESPONSE_FORMAT,
    ...extra,
  });
  const levelOf = (body: string) => {
    const content = (JSON.parse(body) as { choices: [{ message: { content: string } }] }).choices[0].message
      .content;
    return parseUrgencyAnswer(content);
  };

  it('answers the JSON schema with the domain rules’ level, as one chat.completion', async () => {
    const app = await server();
    const emergency = await post(
      app,
      '/v1/chat/completions',
      urgencyBody('my face is drooping and I cannot lift my arm'),
    );
    expect(emergency.statusCode).toBe(200);
    expect(levelOf(emergency.body)).toEqual({ ok: true, value: { level: 'emergency' } });
    const none = await post(app, '/v1/chat/completions', urgencyBody('What is a healthy breakfast?'));
    expect(levelOf(none.body)).toEqual({ ok: true, value: { level: 'none' } });
  });

  it('recognises the marked instruction without response_format, for clients that cannot send it', async () => {
    const app = await server();
    const body = urgencyBody('I want to end my life', { response_format: undefined });
    expect(body.messages[0]?.content).toBe(URGENCY_INSTRUCTION);
    const answer = await post(app, '/v1/chat/completions', body);
    expect(levelOf(answer.body)).toEqual({ ok: true, value: { level: 'crisis' } });
  });

  it('reads only the user messages, not an assistant turn that names an emergency', async () => {
    const app = await server();
    const answer = await post(app, '/v1/chat/completions', {
      ...urgencyBody(''),
      messages: [
        { role: 'system', content: URGENCY_INSTRUCTION },
        { role: 'assistant', content: 'Call 911 if you have crushing chest pain.' },
        { role: 'user', content: 'thanks, what should I eat for lunch?' },
      ],
    });
    expect(levelOf(answer.body)).toEqual({ ok: true, value: { level: 'none' } });
  });

  it('answers an ordinary chat as before even when it mentions urgency', async () => {
    const app = await server();
    const answer = await post(app, '/v1/chat/completions', chatBody({ response_format: { type: 'text' } }));
    expect(answer.statusCode).toBe(200);
    expect(levelOf(answer.body).ok).toBe(false);
  });
});
