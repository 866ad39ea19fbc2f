/**
 * The API's real model client path, offline: @huggingface/inference with `endpointUrl` pointing at the demo
 * model, as the API calls it (REQ-model parameters), for chat completion, streaming and the text-generation fallback.
 */
import type { AddressInfo } from 'node:net';
import { InferenceClient, InferenceClientProviderApiError } from '@huggingface/inference';
import {
  CHAT_COMPLETION_PARAMS,
  buildTextGenerationRequest,
  promptFromMessages,
  readModelText,
  type ModelMessage,
} from '@sentinel/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MODEL_NAME, buildModelServer } from './server';
import {
  FIRST_AID,
  HYPERTENSION,
  HYPERTENSION_QUESTION,
  METFORMIN,
  citedTitles,
  conversation,
} from './testFixtures';

const PROVIDED = [METFORMIN, HYPERTENSION, FIRST_AID];
const messages = conversation(HYPERTENSION_QUESTION, PROVIDED) as ModelMessage[];
// A 503 would otherwise be retried without limit.
const options = { retry_on_error: false } as const;

/** The key the API sends, as any OpenAI-compatible client sends its API key. */
const KEY = 'test-model-key-0123456789abcdefghijklmnop';
let app: FastifyInstance;
let endpointUrl: string;
const client = new InferenceClient(KEY);

beforeAll(async () => {
  app = await buildModelServer({ apiKey: KEY, tokenDelayMs: 1 });
  await app.listen({ port: 0, host: 'localhost' });
  endpointUrl = `http://localhost:${(app.server.address() as AddressInfo).port}/v1`;
});
afterAll(() => app.close());

describe('the API model client against the demo model', () => {
  it('gets a chat completion that cites a provided source, and only provided ones', async () => {
    const output = await client.chatCompletion(
      { endpointUrl, model: DEMO_MODEL_NAME, messages, ...CHAT_COMPLETION_PARAMS },
      options,
    );
    const text = readModelText(output) ?? '';
    expect(output.model).toBe(DEMO_MODEL_NAME);
    expect(output.usage.completion_tokens).toBeLessThanOrEqual(CHAT_COMPLETION_PARAMS.max_tokens);
    // citedTitles throws on a citation of anything not provided.
    expect(citedTitles(text, PROVIDED)).toEqual([HYPERTENSION.title]);
  });

  it('streams the same answer in several deltas', async () => {
    const deltas: string[] = [];
    let finish: string | null | undefined;
    for await (const chunk of client.chatCompletionStream(
      { endpointUrl, model: DEMO_MODEL_NAME, messages, ...CHAT_COMPLETION_PARAMS },
      options,
    )) {
      const choice = chunk.choices[0];
      if (choice?.delta.content) deltas.push(choice.delta.content);
      finish = choice?.finish_reason ?? finish;
    }
    expect(deltas.length).toBeGreaterThan(10);
    expect(finish).toBe('stop');
    const whole = await client.chatCompletion(
      { endpointUrl, model: DEMO_MODEL_NAME, messages, ...CHAT_COMPLETION_PARAMS },
      options,
    );
    expect(deltas.join('')).toBe(readModelText(whole));
  });

  it('answers the text-generation fallback with the same grounded answer', async () => {
    const { inputs, parameters } = buildTextGenerationRequest(promptFromMessages(messages));
    const output = await client.textGeneration(
      { endpointUrl, model: DEMO_MODEL_NAME, inputs, parameters },
      options,
    );
    expect(citedTitles(output.generated_text, PROVIDED)).toEqual([HYPERTENSION.title]);
    const chat = await client.chatCompletion(
      { endpointUrl, model: DEMO_MODEL_NAME, messages, ...CHAT_COMPLETION_PARAMS },
      options,
    );
    expect(output.generated_text).toBe(readModelText(chat));
  });

  it('refuses another model name with a 404 the client surfaces, streaming or not', async () => {
    const args = { endpointUrl, model: 'gpt-4o', messages, ...CHAT_COMPLETION_PARAMS };
    const error: unknown = await client.chatCompletion(args, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    const { httpResponse } = error as InferenceClientProviderApiError;
    expect(httpResponse.status).toBe(404);
    expect(httpResponse.body).toMatchObject({ error: { code: 'model_not_found' } });
    const streamed = (async () => {
      for await (const chunk of client.chatCompletionStream(args, options)) void chunk;
    })();
    await expect(streamed).rejects.toThrow(/Failed to perform inference: The model 'gpt-4o' does not exist/);
  });

  it('refuses a client without the key with a 401 the client surfaces', async () => {
    const args = { endpointUrl, model: DEMO_MODEL_NAME, messages, ...CHAT_COMPLETION_PARAMS };
    const error: unknown = await new InferenceClient().chatCompletion(args, options).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InferenceClientProviderApiError);
    const { httpResponse } = error as InferenceClientProviderApiError;
    expect(httpResponse.status).toBe(401);
    expect(httpResponse.body).toMatchObject({ error: { code: 'invalid_api_key' } });
  });
});
