/**
 * Rules of the model-hub inference client: which requests are valid, when to retry, what an error says, how a
 * streamed reply is read, and the request bodies for chat completion and its text-generation fallback.
 * REQ-model (request checks, chat-completion model, errors, retry) and REQ-limit-retry-stream.
 */
import { z } from 'zod';
import { frameData, readSseFrames } from './sse';
import {
  CHAT_COMPLETION_PARAMS,
  INFERENCE_RETRY_STATUS,
  STREAM_DONE_MARKER,
  TEXT_GENERATION_PARAMS,
} from './constants';
import { fail, ok, type Result } from './result';
import { ASSISTANT_ERRORS, INFERENCE_ERRORS } from './texts';
import { parseWith } from './validate';

/** The tasks we may ask of a provider. */
export const INFERENCE_TASKS = [
  'conversational',
  'text-generation',
  'feature-extraction',
  'text-to-image',
  'automatic-speech-recognition',
] as const;
export type InferenceTask = (typeof INFERENCE_TASKS)[number];

/**
 * REQ-model-request-checks "The provider must support the task": a small table of the providers we configure.
 * 'auto' lets the hub route to any provider serving the model, so it supports every task.
 */
export const PROVIDER_TASKS = {
  auto: INFERENCE_TASKS,
  'hf-inference': ['conversational', 'text-generation', 'feature-extraction', 'automatic-speech-recognition'],
  together: ['conversational', 'text-generation', 'text-to-image'],
  'fireworks-ai': ['conversational'],
  'fal-ai': ['text-to-image', 'automatic-speech-recognition'],
  openai: ['conversational'],
} as const satisfies Record<string, readonly InferenceTask[]>;
export type InferenceProvider = keyof typeof PROVIDER_TASKS;

/**
 * REQ-model-request-checks Closed providers are called directly, not through the hub's model mapping, so the
 * model id must name them: 'openai/gpt-4o-mini' for provider 'openai'. The prefix is removed before the call.
 */
export const CLOSED_PROVIDERS: readonly InferenceProvider[] = ['openai'];

/** REQ-model The one provider with an audio restriction, and the audio types it takes. */
export const AUDIO_PROVIDER: InferenceProvider = 'fal-ai';
export const AUDIO_CONTENT_TYPES = ['audio/mpeg', 'audio/mp4', 'audio/wav', 'audio/x-wav'] as const;

const InferenceRequestInputSchema = z.object({
  endpointUrl: z.url({ protocol: /^https?$/ }).optional(),
  provider: z.string().trim().min(1).max(100).optional(),
  model: z.string().trim().min(1).max(300).optional(),
  task: z.enum(INFERENCE_TASKS),
  audioContentType: z.string().max(200).optional(),
});

export type InferenceRequest = {
  readonly endpointUrl?: string;
  readonly provider?: InferenceProvider;
  readonly model?: string;
  readonly task: InferenceTask;
  readonly audioContentType?: string;
};

const isProvider = (name: string): name is InferenceProvider => Object.hasOwn(PROVIDER_TASKS, name);
const inputError = (message: string) => fail('invalid_input', message);

/**
 * REQ-model-request-checks: an endpoint URL and a provider together are rejected; a model is required when
 * the provider is auto (the default when neither an endpoint nor a provider is given); a closed provider's
 * model must carry its prefix; the provider must support the task; audio for fal-ai must be mpeg, mp4, wav or
 * x-wav. An unknown provider is refused as unsupported (REQ-model-request-checks).
 */
export function validateInferenceRequest(input: unknown): Result<InferenceRequest> {
  const parsed = parseWith(InferenceRequestInputSchema, input, 'inference request');
  if (!parsed.ok) return parsed;
  const { endpointUrl, model, task, audioContentType } = parsed.value;
  if (endpointUrl !== undefined) {
    if (parsed.value.provider !== undefined) return inputError(INFERENCE_ERRORS.endpointWithProvider);
    return ok({ endpointUrl, model, task, audioContentType });
  }
  const provider = parsed.value.provider ?? 'auto';
  if (!isProvider(provider))
    return fail('unsupported_provider', ASSISTANT_ERRORS.unsupportedProvider(provider));
  if (provider === 'auto' && model === undefined) return inputError(INFERENCE_ERRORS.modelRequiredForAuto);
  if (CLOSED_PROVIDERS.includes(provider) && !model?.startsWith(`${provider}/`)) {
    return inputError(INFERENCE_ERRORS.modelNeedsPrefix(provider));
  }
  if (!(PROVIDER_TASKS[provider] as readonly string[]).includes(task)) {
    return inputError(INFERENCE_ERRORS.taskNotSupported(provider, task));
  }
  if (provider === AUDIO_PROVIDER && task === 'automatic-speech-recognition') {
    const type = (audioContentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!(AUDIO_CONTENT_TYPES as readonly string[]).includes(type)) {
      return inputError(INFERENCE_ERRORS.audioType(audioContentType ?? ''));
    }
  }
  return ok({ ...parsed.value, provider });
}

/**
 * REQ-model-retry, REQ-limit-retry-stream Only a 503 status (model loading or overloaded) triggers a retry.
 */
export function shouldRetryInference(status: number): boolean {
  return status === INFERENCE_RETRY_STATUS;
}

/**
 * REQ-model-errors Statuses on which a chat-completion failure means the provider does not serve chat for the
 * model.
 */
export const CHAT_UNSUPPORTED_STATUSES: readonly number[] = [400, 404, 422, 500];

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const nonBlank = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The provider's own error text from a response body: a string, or error / error.message / message / detail. */
function providerErrorText(body: unknown): string | undefined {
  if (nonBlank(body)) return body.trim();
  if (!isRecord(body)) return undefined;
  const nested = isRecord(body.error) ? body.error.message : undefined;
  return [body.error, nested, body.message, body.detail].find(nonBlank);
}

/**
 * REQ-model-errors Chat-completion failure message: on 400, 404, 422 or 500 the provider does not seem to
 * support chat completion for the model; otherwise 'Failed to perform inference' with the provider's error
 * text, or a generic message when the body has none.
 */
export function chatCompletionErrorMessage(
  status: number,
  model: string,
  provider: string,
  body: unknown,
): string {
  if (CHAT_UNSUPPORTED_STATUSES.includes(status)) return INFERENCE_ERRORS.chatNotSupported(model, provider);
  const text = providerErrorText(body);
  return text === undefined ? INFERENCE_ERRORS.noReadableBody(status) : INFERENCE_ERRORS.failed(text);
}

/** REQ-model-stream A streamed reply must come as an event stream. */
export function checkEventStreamContentType(contentType: string | null | undefined): Result<string> {
  const type = contentType ?? '';
  return type.toLowerCase().startsWith('text/event-stream')
    ? ok(type)
    : fail('provider_output_error', INFERENCE_ERRORS.notEventStream(type));
}

/** One event of a stream: a JSON payload, or the [DONE] end marker. */
export type StreamEvent = { readonly kind: 'data'; readonly data: unknown } | { readonly kind: 'done' };

/**
 * REQ-model-stream Reads one event-stream frame (the lines before a blank line). Data lines are joined;
 * comments and other fields are ignored, so a keep-alive frame yields no event. '[DONE]' ends the stream; a
 * payload with an `error` is a stream error; data that is not JSON is a malformed provider output.
 */
export function parseSseFrame(frame: string): Result<StreamEvent | undefined> {
  return parsePayload(frameData(frame));
}

function parsePayload(text: string | undefined): Result<StreamEvent | undefined> {
  if (text === undefined) return ok(undefined);
  if (text.trim() === STREAM_DONE_MARKER) return ok({ kind: 'done' });
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return fail(
      'provider_output_error',
      INFERENCE_ERRORS.failed('the stream sent an event that is not JSON'),
    );
  }
  if (isRecord(payload) && payload.error !== undefined && payload.error !== null) {
    const message = providerErrorText({ error: payload.error }) ?? JSON.stringify(payload.error);
    return fail('stream_error', INFERENCE_ERRORS.streamError(message));
  }
  return ok({ kind: 'data', data: payload });
}

export type SseChunk = {
  /** The payloads of the complete frames, in order. */
  readonly events: unknown[];
  /** True once the [DONE] marker was read; frames after it are ignored. */
  readonly done: boolean;
  /** The unfinished tail, to be put in front of the next chunk. */
  readonly rest: string;
};

/**
 * REQ-model-stream Reads the complete frames of a buffered event stream (frames end with a blank line) and
 * returns the unfinished tail. Stops at the first error or at [DONE].
 */
export function parseSseChunk(buffer: string): Result<SseChunk> {
  const { data, rest } = readSseFrames(buffer);
  const events: unknown[] = [];
  for (const text of data) {
    const event = parsePayload(text);
    if (!event.ok) return event;
    if (event.value?.kind === 'done') return ok({ events, done: true, rest: '' });
    if (event.value) events.push(event.value.data);
  }
  return ok({ events, done: false, rest });
}

export type ModelMessage = { readonly role: 'system' | 'user' | 'assistant'; readonly content: string };

/** REQ-model-chat-request Chat-completion request: the messages (role, content) with max_tokens 300, temperature 0.4, top_p 0.9. */
export function buildChatCompletionRequest(messages: readonly ModelMessage[]) {
  return { messages: messages.map(({ role, content }) => ({ role, content })), ...CHAT_COMPLETION_PARAMS };
}

/**
 * REQ-model-textgen-request Text-generation fallback: inputs and parameters (max_new_tokens 200, temperature
 * 0.4, repetition_penalty 1.1); wait_for_model and no cache go in `options`, where the hub's text-generation
 * API reads them.
 */
export function buildTextGenerationRequest(prompt: string) {
  const { wait_for_model, use_cache, ...parameters } = TEXT_GENERATION_PARAMS;
  return { inputs: prompt, parameters, options: { wait_for_model, use_cache } };
}

/** REQ-chat-fallback The text-generation fallback needs one prompt: the conversation as labelled turns, ending on the assistant. */
export function promptFromMessages(messages: readonly ModelMessage[]): string {
  const label = { system: 'System', user: 'User', assistant: 'Assistant' } as const;
  return [...messages.map((m) => `${label[m.role]}: ${m.content}`), 'Assistant:'].join('\n');
}

/**
 * REQ-model-response Response fields read: choices[0].message.content (chat completion), else generated_text
 * (text generation, as an object or the first element of a list). Anything else reads as no text.
 */
export function readModelText(response: unknown): string | undefined {
  if (isRecord(response) && Array.isArray(response.choices)) {
    const first: unknown = response.choices[0];
    const message = isRecord(first) ? first.message : undefined;
    if (isRecord(message) && typeof message.content === 'string') return message.content;
  }
  const generated: unknown = Array.isArray(response) ? response[0] : response;
  if (isRecord(generated) && typeof generated.generated_text === 'string') return generated.generated_text;
  return undefined;
}
