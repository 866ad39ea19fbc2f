/**
 * `POST /api/chat`: the request body and the server-sent event stream of the reply (REQ-arch,
 * "How a request flows" step 4). REQ-model-stream: streaming calls expect an event stream ending with a
 * [DONE] marker.
 */
import { z } from 'zod';
import { readSseFrames } from '../sse';
import { MAX_CHAT_MESSAGE_LENGTH, MAX_CHAT_MESSAGES, STREAM_DONE_MARKER } from '../constants';
import { ChatActionSchema, KnowledgeRefSchema } from '../entities';
import { ErrorCodeSchema, MAX_ERROR_MESSAGE_LENGTH } from './errors';
import { ChatToolEventSchema } from './pillars';
import type { TriageLevel } from '../triage';

// Defined with the other constants, outside the contract's schemas: the browser's chat state needs them for its
// first paint, and taking them from this module would bring zod and every schema along (REQ-perf budgets).
export { MAX_CHAT_MESSAGES, MAX_CHAT_MESSAGE_LENGTH, SSE_CONTENT_TYPE } from '../constants';

/**
 * One turn of the conversation the browser sends. REQ-chat-send: a message must not be empty after trimming.
 * `system` turns are the server's own and are never accepted from outside.
 */
export const ChatTurnSchema = z.strictObject({
  role: z.enum(['user', 'assistant']),
  content: z
    .string()
    .max(MAX_CHAT_MESSAGE_LENGTH)
    .refine((s) => s.trim().length > 0, { message: 'A message must not be empty.' }),
});
export type ChatTurn = z.infer<typeof ChatTurnSchema>;

/**
 * A chat session id: 1 to 64 ASCII letters, digits and hyphens (a UUID fits). It is stored as the audit row's
 * resource and may reach logs, so nothing else (line breaks, spaces, path or markup characters) is accepted
 * (REQ-sec).
 */
export const SESSION_ID_PATTERN = /^[A-Za-z0-9-]{1,64}$/;
export const SESSION_ID_MESSAGE = 'A session id is 1 to 64 letters, digits or hyphens.';

/** The chat request: 1 to 50 turns, the last one the user's question, and the session it belongs to if any. */
export const ChatRequestSchema = z.strictObject({
  messages: z
    .array(ChatTurnSchema)
    .min(1)
    .max(MAX_CHAT_MESSAGES)
    .refine((turns) => turns.at(-1)?.role === 'user', { message: 'The last message must be from the user.' }),
  sessionId: z.string().regex(SESSION_ID_PATTERN, { message: SESSION_ID_MESSAGE }).optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/**
 * The triage levels a reply's metadata names (domain `TRIAGE_LEVELS`, which the mock chat test compares this
 * with): spelled out here so that the browser's contract does not bring the triage rules into its bundle.
 */
const META_TRIAGE_LEVELS = [
  'emergency',
  'crisis',
  'poison',
  'urgent',
  'none',
] as const satisfies readonly TriageLevel[];

/**
 * Reply metadata, sent first: the actions taken (REQ-data-chat-action), the knowledge cited, the source
 * titles, how many matching items the user may not see (never which), whether the emergency disclaimer
 * applies, and the suggested follow-ups (REQ-data-ai-reply).
 */
export const ChatMetaEventSchema = z.strictObject({
  type: z.literal('meta'),
  actions: z.array(ChatActionSchema).max(20),
  knowledgeRefs: z.array(KnowledgeRefSchema).max(20),
  sources: z.array(z.string().max(300)).max(20),
  withheldCount: z.number().int().nonnegative(),
  emergency: z.boolean(),
  /**
   * REQ-triage: the conversation's triage level (domain `triage`), which picks the panel's banner; `emergency` is
   * true exactly for the emergency, crisis and poison levels. Optional for replies from before triage.
   */
  triage: z.enum(META_TRIAGE_LEVELS).optional(),
  /**
   * REQ-data-ai-reply: follow-up questions for the topic, which the panel offers as chips after the reply.
   */
  suggestedActions: z.array(z.string().min(1).max(200)).max(10).optional(),
});
/** A piece of the reply text, in order. */
export const ChatTokenEventSchema = z.strictObject({
  type: z.literal('token'),
  text: z.string().max(20_000),
});
/** REQ-chat-disclaimer-delay: the disclaimer message, which the panel shows 1000 ms after the reply. */
export const ChatDisclaimerEventSchema = z.strictObject({
  type: z.literal('disclaimer'),
  text: z.string().min(1).max(2_000),
});
/**
 * The reply failed after the stream started; the panel shows its technical-difficulties message
 * (REQ-err-chat-failure).
 */
export const ChatErrorEventSchema = z.strictObject({
  type: z.literal('error'),
  error: ErrorCodeSchema,
  message: z.string().min(1).max(MAX_ERROR_MESSAGE_LENGTH),
});
/** The end of the reply; on the wire it is the [DONE] marker. */
export const ChatDoneEventSchema = z.strictObject({ type: z.literal('done') });

export const ChatStreamEventSchema = z.discriminatedUnion('type', [
  ChatMetaEventSchema,
  ChatToolEventSchema,
  ChatTokenEventSchema,
  ChatDisclaimerEventSchema,
  ChatErrorEventSchema,
  ChatDoneEventSchema,
]);
export type ChatStreamEvent = z.infer<typeof ChatStreamEventSchema>;
export type ChatStreamEventType = ChatStreamEvent['type'];

/**
 * REQ-chat-server, REQ-limit-retry-stream: encodes one event as a server-sent-event frame; `done` becomes the
 * `[DONE]` end marker.
 */
export function encodeSseEvent(event: ChatStreamEvent): string {
  const data = event.type === 'done' ? STREAM_DONE_MARKER : JSON.stringify(event);
  return `data: ${data}\n\n`;
}

/** Message of the error event that stands in for a frame that is not a valid chat event. */
export const MALFORMED_FRAME_MESSAGE = 'The assistant sent a malformed stream event.';

function malformed(detail: string): ChatStreamEvent {
  return { type: 'error', error: 'internal', message: `${MALFORMED_FRAME_MESSAGE} ${detail}`.slice(0, 500) };
}

/** Reads one frame's data as a chat event. */
function eventFromData(payload: string): ChatStreamEvent {
  if (payload === STREAM_DONE_MARKER) return { type: 'done' };
  let json: unknown;
  try {
    json = JSON.parse(payload);
  } catch {
    return malformed('(not JSON)');
  }
  const parsed = ChatStreamEventSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'event'}: ${issue.message}`);
  return malformed(`(${issues.join('; ')})`);
}

/**
 * REQ-chat-server: parses the complete server-sent-event frames at the start of `buffer` and returns them
 * with the unconsumed remainder (a frame still arriving), which the caller prepends to the next chunk. Never
 * throws: a frame that is not a valid chat event becomes an `error` event; frames without data (keep-alive
 * comments) yield nothing.
 */
export function parseSseEvents(buffer: string): { events: ChatStreamEvent[]; rest: string } {
  const { data, rest } = readSseFrames(buffer);
  return { events: data.map(eventFromData), rest };
}
