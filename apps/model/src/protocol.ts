/**
 * The OpenAI-compatible wire format the demo model speaks: request schemas (lenient about fields it does not
 * use, strict about the ones it does), response and stream-chunk shapes, and error bodies. @huggingface/inference
 * validates id, created, model, choices and usage of a chat completion, and choices[0].text of a text completion.
 */
import { STREAM_DONE_MARKER, URGENCY_INSTRUCTION_MARKER, URGENCY_SCHEMA_NAME } from '@sentinel/domain';
import { z } from 'zod';
import type { Turn } from './answer';

/** Used when a request names no max_tokens. */
export const DEFAULT_MAX_TOKENS = 512;
/** The largest max_tokens accepted. */
const MAX_TOKENS_LIMIT = 8_192;
/** Bounds on outside text, well above any prompt the API builds. */
const MAX_CONTENT_CHARS = 200_000;
const MAX_MESSAGES = 500;

/** Message content: a string, or a list of parts of which the text parts are read (images are ignored). */
const ContentSchema = z.union([
  z.string().max(MAX_CONTENT_CHARS),
  z
    .array(z.looseObject({ type: z.string(), text: z.string().max(MAX_CONTENT_CHARS).optional() }))
    .max(MAX_MESSAGES),
]);

const MessageSchema = z.object({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  // Assistant turns that only called tools carry null content.
  content: ContentSchema.nullish(),
});

const SamplingSchema = {
  model: z.string().trim().min(1).max(300),
  max_tokens: z.number().int().min(1).max(MAX_TOKENS_LIMIT).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  stream: z.boolean().nullish(),
};

/** POST /v1/chat/completions. Unknown fields (seed, stop, stream_options...) are accepted and ignored. */
export const ChatCompletionRequestSchema = z.object({
  ...SamplingSchema,
  messages: z.array(MessageSchema).min(1).max(MAX_MESSAGES),
  // The newer OpenAI name for max_tokens.
  max_completion_tokens: z.number().int().min(1).max(MAX_TOKENS_LIMIT).nullish(),
  // OpenAI structured outputs: read only to recognise the API's urgency call (REQ-model-urgency).
  response_format: z
    .looseObject({
      type: z.string().max(50),
      json_schema: z.looseObject({ name: z.string().max(200) }).optional(),
    })
    .nullish(),
});
export type ChatCompletionRequest = z.infer<typeof ChatCompletionRequestSchema>;

/** POST /v1/completions (the text-generation fallback sends max_tokens, temperature, repetition_penalty...). */
export const CompletionRequestSchema = z.object({
  ...SamplingSchema,
  prompt: z.union([
    z.string().max(MAX_CONTENT_CHARS),
    z.array(z.string().max(MAX_CONTENT_CHARS)).min(1).max(MAX_MESSAGES),
  ]),
});
export type CompletionRequest = z.infer<typeof CompletionRequestSchema>;

/** The text of a message's content: the string, or its text parts joined by newlines. */
function contentText(content: z.infer<typeof ContentSchema> | null | undefined): string {
  if (content === null || content === undefined) return '';
  if (typeof content === 'string') return content;
  return content
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

/**
 * Whether a chat request is the API's urgency call (REQ-model-urgency, domain urgency.ts): `response_format` names
 * the urgency JSON schema, or, for a client that cannot send `response_format`, the first system message starts
 * with the marked urgency instruction.
 */
export function isUrgencyRequest(request: ChatCompletionRequest): boolean {
  const format = request.response_format;
  if (format?.type === 'json_schema' && format.json_schema?.name === URGENCY_SCHEMA_NAME) return true;
  const first = request.messages[0];
  return (
    first !== undefined &&
    (first.role === 'system' || first.role === 'developer') &&
    contentText(first.content).startsWith(URGENCY_INSTRUCTION_MARKER)
  );
}

export function turnsOf(request: ChatCompletionRequest): Turn[] {
  return request.messages.map((m) => ({ role: m.role, content: contentText(m.content) }));
}

export function promptOf(request: CompletionRequest): string {
  return typeof request.prompt === 'string' ? request.prompt : request.prompt.join('\n');
}

export function maxTokensOf(request: { max_tokens?: number | null; max_completion_tokens?: number | null }) {
  return request.max_tokens ?? request.max_completion_tokens ?? DEFAULT_MAX_TOKENS;
}

export type FinishReason = 'stop' | 'length';

export type Usage = { prompt_tokens: number; completion_tokens: number; total_tokens: number };

export const usage = (promptTokens: number, completionTokens: number): Usage => ({
  prompt_tokens: promptTokens,
  completion_tokens: completionTokens,
  total_tokens: promptTokens + completionTokens,
});

/** What every response and chunk of one completion shares. */
export type CompletionHead = { readonly id: string; readonly created: number; readonly model: string };

export function chatCompletion(head: CompletionHead, content: string, finish: FinishReason, used: Usage) {
  return {
    id: head.id,
    object: 'chat.completion' as const,
    created: head.created,
    model: head.model,
    choices: [{ index: 0, message: { role: 'assistant' as const, content }, finish_reason: finish }],
    usage: used,
  };
}

/** One streamed piece of a chat completion; the first carries the assistant role, the last the finish reason. */
export function chatCompletionChunk(
  head: CompletionHead,
  delta: { role?: 'assistant'; content?: string },
  finish: FinishReason | null,
) {
  return {
    id: head.id,
    object: 'chat.completion.chunk' as const,
    created: head.created,
    model: head.model,
    choices: [{ index: 0, delta, finish_reason: finish }],
  };
}

export function textCompletion(
  head: CompletionHead,
  text: string,
  finish: FinishReason | null,
  used?: Usage,
) {
  return {
    id: head.id,
    object: 'text_completion' as const,
    created: head.created,
    model: head.model,
    choices: [{ index: 0, text, logprobs: null, finish_reason: finish }],
    ...(used ? { usage: used } : {}),
  };
}

export type ErrorType = 'invalid_request_error' | 'not_found_error' | 'server_error';

/** The OpenAI error body: { error: { message, type, param, code } }. */
export function errorBody(message: string, type: ErrorType, code: string | null = null) {
  return { error: { message, type, param: null, code } };
}

/** A readable one-line summary of what was wrong with a request body. */
export function describeIssues(error: z.ZodError): string {
  const [first, ...rest] = error.issues;
  if (!first) return 'Invalid request body.';
  const where = first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  const more = rest.length > 0 ? ` (and ${rest.length} more issue${rest.length > 1 ? 's' : ''})` : '';
  return `Invalid request body: ${where}${first.message}${more}`;
}

/** One server-sent event frame: a data line followed by the blank line that ends it. */
export const sseFrame = (data: unknown): string =>
  `data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

/** The marker after the last chunk. */
export const SSE_DONE = sseFrame(STREAM_DONE_MARKER);
