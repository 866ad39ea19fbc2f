import { describe, expect, it } from 'vitest';
import { CHAT_COMPLETION_PARAMS } from './constants';
import { ASSISTANT_ERRORS, INFERENCE_ERRORS } from './texts';
import {
  AUDIO_CONTENT_TYPES,
  buildChatCompletionRequest,
  buildTextGenerationRequest,
  chatCompletionErrorMessage,
  checkEventStreamContentType,
  parseSseChunk,
  parseSseFrame,
  promptFromMessages,
  readModelText,
  shouldRetryInference,
  validateInferenceRequest,
} from './inference';

const inputError = (message: string) => ({ ok: false, error: { code: 'invalid_input', message } });

describe('inference request validation (REQ-model-request-checks)', () => {
  it('accepts a chat model on the hub with automatic provider routing', () => {
    expect(
      validateInferenceRequest({ model: 'meta-llama/Llama-3.1-8B-Instruct', task: 'conversational' }),
    ).toEqual({
      ok: true,
      value: { model: 'meta-llama/Llama-3.1-8B-Instruct', task: 'conversational', provider: 'auto' },
    });
  });

  it('rejects an endpoint URL together with a provider', () => {
    expect(
      validateInferenceRequest({
        endpointUrl: 'https://models.example/v1',
        provider: 'together',
        task: 'conversational',
      }),
    ).toEqual(inputError(INFERENCE_ERRORS.endpointWithProvider));
  });

  it('accepts an endpoint URL alone, without a model', () => {
    const result = validateInferenceRequest({
      endpointUrl: 'https://models.example/v1',
      task: 'conversational',
    });
    expect(result).toMatchObject({ ok: true, value: { endpointUrl: 'https://models.example/v1' } });
  });

  it('refuses an endpoint URL that is not http or https', () => {
    const result = validateInferenceRequest({ endpointUrl: 'file:///etc/passwd', task: 'conversational' });
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fields: { endpointUrl: expect.any(String) } },
    });
  });

  it('requires a model when the provider is auto, given or by default', () => {
    expect(validateInferenceRequest({ provider: 'auto', task: 'conversational' })).toEqual(
      inputError(INFERENCE_ERRORS.modelRequiredForAuto),
    );
    expect(validateInferenceRequest({ task: 'text-generation' })).toEqual(
      inputError(INFERENCE_ERRORS.modelRequiredForAuto),
    );
  });

  it('requires the openai/ prefix on models for the closed openai provider', () => {
    expect(
      validateInferenceRequest({ provider: 'openai', model: 'gpt-4o-mini', task: 'conversational' }),
    ).toEqual(inputError(INFERENCE_ERRORS.modelNeedsPrefix('openai')));
    expect(validateInferenceRequest({ provider: 'openai', task: 'conversational' })).toEqual(
      inputError(INFERENCE_ERRORS.modelNeedsPrefix('openai')),
    );
    expect(
      validateInferenceRequest({ provider: 'openai', model: 'openai/gpt-4o-mini', task: 'conversational' })
        .ok,
    ).toBe(true);
  });

  it('refuses a task the provider does not support', () => {
    expect(validateInferenceRequest({ provider: 'fireworks-ai', model: 'm', task: 'text-to-image' })).toEqual(
      inputError(INFERENCE_ERRORS.taskNotSupported('fireworks-ai', 'text-to-image')),
    );
  });

  it('refuses an unknown provider as unsupported', () => {
    expect(validateInferenceRequest({ provider: 'toString', model: 'm', task: 'conversational' })).toEqual({
      ok: false,
      error: { code: 'unsupported_provider', message: ASSISTANT_ERRORS.unsupportedProvider('toString') },
    });
  });

  it('refuses an unknown task through the schema', () => {
    expect(validateInferenceRequest({ model: 'm', task: 'mind-reading' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', fields: { task: expect.any(String) } },
    });
  });

  it.each(AUDIO_CONTENT_TYPES)('accepts %s audio for fal-ai speech recognition', (type) => {
    const request = { provider: 'fal-ai', model: 'fal-ai/whisper', task: 'automatic-speech-recognition' };
    expect(validateInferenceRequest({ ...request, audioContentType: type }).ok).toBe(true);
  });

  it('reads the audio type without its parameters and case', () => {
    const request = { provider: 'fal-ai', model: 'm', task: 'automatic-speech-recognition' };
    expect(validateInferenceRequest({ ...request, audioContentType: 'Audio/WAV; codecs=1' }).ok).toBe(true);
  });

  it('refuses other or missing audio types for fal-ai speech recognition', () => {
    const request = { provider: 'fal-ai', model: 'm', task: 'automatic-speech-recognition' };
    expect(validateInferenceRequest({ ...request, audioContentType: 'audio/ogg' })).toEqual(
      inputError(INFERENCE_ERRORS.audioType('audio/ogg')),
    );
    expect(validateInferenceRequest(request)).toEqual(inputError(INFERENCE_ERRORS.audioType('')));
  });

  it('does not restrict audio types for another provider', () => {
    const request = {
      provider: 'hf-inference',
      model: 'm',
      task: 'automatic-speech-recognition',
      audioContentType: 'audio/ogg',
    };
    expect(validateInferenceRequest(request).ok).toBe(true);
  });
});

describe('retries (REQ-model-retry)', () => {
  it('retries only on 503', () => {
    expect(shouldRetryInference(503)).toBe(true);
    expect(shouldRetryInference(500)).toBe(false);
    expect(shouldRetryInference(429)).toBe(false);
  });
});

describe('chat-completion error messages (REQ-model-errors)', () => {
  it.each([400, 404, 422, 500])(
    'on %i says the provider does not seem to support chat for the model',
    (status) => {
      expect(chatCompletionErrorMessage(status, 'm1', 'together', { error: 'x' })).toBe(
        INFERENCE_ERRORS.chatNotSupported('m1', 'together'),
      );
    },
  );

  it("otherwise reports 'Failed to perform inference' with the provider's error text", () => {
    expect(chatCompletionErrorMessage(401, 'm', 'p', { error: 'Invalid token' })).toBe(
      INFERENCE_ERRORS.failed('Invalid token'),
    );
    expect(chatCompletionErrorMessage(401, 'm', 'p', { error: { message: 'Bad key' } })).toBe(
      INFERENCE_ERRORS.failed('Bad key'),
    );
    expect(chatCompletionErrorMessage(429, 'm', 'p', { message: 'Slow down' })).toBe(
      INFERENCE_ERRORS.failed('Slow down'),
    );
    expect(chatCompletionErrorMessage(403, 'm', 'p', { detail: 'Forbidden' })).toBe(
      INFERENCE_ERRORS.failed('Forbidden'),
    );
    expect(chatCompletionErrorMessage(502, 'm', 'p', ' Bad gateway ')).toBe(
      INFERENCE_ERRORS.failed('Bad gateway'),
    );
  });

  it('uses the generic message when the body has no readable error', () => {
    expect(chatCompletionErrorMessage(502, 'm', 'p', undefined)).toBe(INFERENCE_ERRORS.noReadableBody(502));
    expect(chatCompletionErrorMessage(502, 'm', 'p', { error: '  ' })).toBe(
      INFERENCE_ERRORS.noReadableBody(502),
    );
    expect(chatCompletionErrorMessage(502, 'm', 'p', ['x'])).toBe(INFERENCE_ERRORS.noReadableBody(502));
  });
});

describe('event streams (REQ-model-stream)', () => {
  it('accepts an event-stream content type and refuses any other', () => {
    expect(checkEventStreamContentType('text/event-stream; charset=utf-8').ok).toBe(true);
    expect(checkEventStreamContentType('application/json')).toEqual({
      ok: false,
      error: { code: 'provider_output_error', message: INFERENCE_ERRORS.notEventStream('application/json') },
    });
    expect(checkEventStreamContentType(null)).toMatchObject({
      error: { message: INFERENCE_ERRORS.notEventStream('') },
    });
  });

  it('reads a data frame as its JSON payload', () => {
    expect(parseSseFrame('data: {"choices":[{"delta":{"content":"Hi"}}]}')).toEqual({
      ok: true,
      value: { kind: 'data', data: { choices: [{ delta: { content: 'Hi' } }] } },
    });
  });

  it('joins multi-line data and ignores comments and other fields', () => {
    expect(parseSseFrame(': keep-alive\nevent: message\ndata: {"a":\ndata:1}')).toEqual({
      ok: true,
      value: { kind: 'data', data: { a: 1 } },
    });
  });

  it('yields no event for a frame without data', () => {
    expect(parseSseFrame(': ping')).toEqual({ ok: true, value: undefined });
  });

  it('recognises the [DONE] marker', () => {
    expect(parseSseFrame('data: [DONE]')).toEqual({ ok: true, value: { kind: 'done' } });
  });

  it('turns an event carrying an error into a stream error', () => {
    expect(parseSseFrame('data: {"error":"model overloaded"}')).toEqual({
      ok: false,
      error: { code: 'stream_error', message: INFERENCE_ERRORS.streamError('model overloaded') },
    });
    expect(parseSseFrame('data: {"error":{"message":"bad request"}}')).toMatchObject({
      error: { message: INFERENCE_ERRORS.streamError('bad request') },
    });
    expect(parseSseFrame('data: {"error":{"code":42}}')).toMatchObject({
      error: { message: INFERENCE_ERRORS.streamError('{"code":42}') },
    });
  });

  it('treats a null error field as no error', () => {
    expect(parseSseFrame('data: {"error":null,"x":1}')).toMatchObject({ ok: true, value: { kind: 'data' } });
  });

  it('refuses data that is not JSON as malformed provider output', () => {
    expect(parseSseFrame('data: not json')).toMatchObject({
      ok: false,
      error: { code: 'provider_output_error' },
    });
  });

  it('reads the complete frames of a chunk and keeps the unfinished tail', () => {
    expect(parseSseChunk('data: {"n":1}\r\n\r\n: ping\n\ndata: {"n":2}\n\ndata: {"n"')).toEqual({
      ok: true,
      value: { events: [{ n: 1 }, { n: 2 }], done: false, rest: 'data: {"n"' },
    });
  });

  it('returns the whole buffer as the tail while no frame is complete', () => {
    expect(parseSseChunk('data: {"n":1}\n')).toEqual({
      ok: true,
      value: { events: [], done: false, rest: 'data: {"n":1}\n' },
    });
  });

  it('stops at [DONE] and ignores anything after it', () => {
    expect(parseSseChunk('data: {"n":1}\n\ndata: [DONE]\n\ndata: {"n":2}\n\n')).toEqual({
      ok: true,
      value: { events: [{ n: 1 }], done: true, rest: '' },
    });
  });

  it('stops at the first error', () => {
    expect(parseSseChunk('data: {"n":1}\n\ndata: {"error":"boom"}\n\n')).toMatchObject({
      ok: false,
      error: { code: 'stream_error' },
    });
  });
});

describe('request bodies (REQ-model-chat-request, REQ-model-textgen-request)', () => {
  it('sends the messages with max_tokens 300, temperature 0.4 and top_p 0.9', () => {
    const messages = [{ role: 'user', content: 'Hi', id: 'extra' } as const];
    expect(buildChatCompletionRequest(messages)).toEqual({
      messages: [{ role: 'user', content: 'Hi' }],
      max_tokens: 300,
      temperature: 0.4,
      top_p: 0.9,
    });
    expect(buildChatCompletionRequest([])).toMatchObject(CHAT_COMPLETION_PARAMS);
  });

  it('falls back to text generation with 200 new tokens, waiting for the model and without cache', () => {
    expect(buildTextGenerationRequest('Hi')).toEqual({
      inputs: 'Hi',
      parameters: { max_new_tokens: 200, temperature: 0.4, repetition_penalty: 1.1 },
      options: { wait_for_model: true, use_cache: false },
    });
  });

  it('writes the conversation as labelled turns ending on the assistant', () => {
    expect(
      promptFromMessages([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hi' },
        { role: 'assistant', content: 'Hello' },
      ]),
    ).toBe('System: Be brief.\nUser: Hi\nAssistant: Hello\nAssistant:');
  });
});

describe('reading model text (REQ-model-response)', () => {
  it('reads choices[0].message.content', () => {
    expect(readModelText({ choices: [{ message: { role: 'assistant', content: 'Stay hydrated.' } }] })).toBe(
      'Stay hydrated.',
    );
  });

  it('reads generated_text from an object or the first element of a list', () => {
    expect(readModelText({ generated_text: 'Walk daily.' })).toBe('Walk daily.');
    expect(readModelText([{ generated_text: 'Sleep well.' }])).toBe('Sleep well.');
  });

  it('falls back to generated_text when the choices carry no text', () => {
    expect(readModelText({ choices: [{ message: {} }], generated_text: 'x' })).toBe('x');
    expect(readModelText({ choices: [] })).toBeUndefined();
    expect(readModelText({ choices: ['odd'] })).toBeUndefined();
  });

  it('reads nothing from anything else', () => {
    expect(readModelText(null)).toBeUndefined();
    expect(readModelText('text')).toBeUndefined();
    expect(readModelText([])).toBeUndefined();
  });
});
