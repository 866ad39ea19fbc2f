/**
 * The assistant's language model as the pipeline sees it: streamed chat, the text-generation fallback, the
 * urgency call and a status probe. apps/api implements it over Hugging Face Inference Providers or any
 * OpenAI-compatible server (the built-in demo model among them); the mock API runs without one (the domain's
 * canned answers).
 */
import type { ModelMessage } from '@sentinel/domain';
import type { AssistantStatus } from '@sentinel/domain/contract';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A model answer that is not what the protocol promises (no `choices`, a chunk that is not an object). */
export class ModelOutputError extends Error {
  override readonly name = 'ModelOutputError';
}

/** The model stopped sending for longer than the timeout (REQ-limit-http-timeout). */
export class ModelTimeoutError extends Error {
  override readonly name = 'ModelTimeoutError';
}

export type ChatModel = {
  /** What GET /api/assistant/status says about it (without `available`). */
  readonly label: Omit<AssistantStatus, 'available'>;
  /** Why the configuration cannot be used (an unsupported provider, no model name), or undefined. */
  readonly problem: string | undefined;
  /**
   * REQ-chat Chat completion, streamed: the reply's text pieces as the model sends them. Throws on any failure; stops
   * when `signal` aborts.
   */
  streamChat(messages: readonly ModelMessage[], signal: AbortSignal): AsyncGenerator<string>;
  /** REQ-chat The text-generation fallback: the generated text, or a throw. */
  generate(messages: readonly ModelMessage[], signal: AbortSignal): Promise<string>;
  /**
   * REQ-model-urgency: the urgency call (domain urgency.ts), one short non-streamed chat completion asking for the
   * strict JSON schema: the answer's text, or a throw. The caller bounds it and reads it (`parseUrgencyAnswer`).
   */
  assessUrgency(messages: readonly ModelMessage[], signal: AbortSignal): Promise<string>;
  /**
   * Whether the pipeline asks this model for an urgency level (default yes). Not the built-in demo model: it
   * answers with the same domain rules the pipeline ran already, so the call would cost a round trip before the
   * first token (about 5-10 ms) and could never change the level.
   */
  readonly assessesUrgency?: boolean;
  /** Whether the provider answers (cached); for Hugging Face, whether a token is configured. */
  probe(): Promise<boolean>;
  /** True only when a recent probe found the provider down, so a chat goes straight to the canned answer. */
  knownDown(): boolean;
};

/** A log-safe description of a failed model call: the error's class and HTTP status, never its message. */
export function describeFailure(error: unknown): { error: string; status?: number } {
  const name = error instanceof Error ? error.name : typeof error;
  const response = isRecord(error) && isRecord(error.httpResponse) ? error.httpResponse : undefined;
  return typeof response?.status === 'number' ? { error: name, status: response.status } : { error: name };
}
