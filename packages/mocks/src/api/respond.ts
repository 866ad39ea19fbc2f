/**
 * How the mock API answers. The runner checked its answers against the contract itself (`runRoute`); a
 * scenario's own bodies are checked here, and one that does not fit becomes a 500 naming the route, so the
 * mocks cannot drift from the contract unnoticed. Errors are `{ error, message }` (REQ-err-body).
 */
import {
  ChatStreamEventSchema,
  ERROR_CODES,
  JSON_CONTENT_TYPE,
  SSE_CONTENT_TYPE,
  encodeSseEvent,
  errorBody,
  type ChatStreamEvent,
  type ErrorCode,
  type RouteDefinition,
} from '@sentinel/domain/contract';
import type { Answer } from '@sentinel/service';
import { HttpResponse } from 'msw';

/** A 401 tells the client which scheme to sign in with (RFC 6750). */
const headersFor = (status: number): Record<string, string> =>
  status === ERROR_CODES.unauthorized ? { 'WWW-Authenticate': 'Bearer realm="sentinel-health"' } : {};

/** An error answer with the contract's body; a blank message becomes the code's default. */
export function errorResponse(code: ErrorCode, message = '') {
  const status = ERROR_CODES[code];
  return HttpResponse.json(errorBody(code, message), { status, headers: headersFor(status) });
}

/** The 500 a scenario answers when its own body breaks the contract: a bug in the mocks, named precisely. */
function driftResponse(
  route: RouteDefinition,
  error: { readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[] },
) {
  const issues = error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
  return errorResponse(
    'internal',
    `The mock answer of ${route.name} (${route.method} ${route.path}) does not match the API contract: ${issues}`,
  );
}

/**
 * A success answer of a JSON or no-content route, checked against the route's response schema and sent with
 * the route's status. A 204 carries no body.
 */
export function contractResponse(route: RouteDefinition, value: unknown) {
  const parsed = route.response.safeParse(value);
  if (!parsed.success) return driftResponse(route, parsed.error);
  if (route.responseType === 'none') return new HttpResponse(null, { status: route.status });
  return HttpResponse.json(parsed.data as Record<string, unknown>, { status: route.status });
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * A `text/event-stream` answer of chat events (REQ-chat), each checked against the contract's event schema
 * first. The body ends cleanly after the last event: events without a `done` among them are a reply cut off,
 * which is how a page is shown a dropped connection (scenario `chatDrops`).
 */
export function eventStreamResponse(
  route: RouteDefinition,
  events: readonly ChatStreamEvent[],
  options: StreamOptions = {},
) {
  const parsed = ChatStreamEventSchema.array().safeParse(events);
  if (!parsed.success) return driftResponse(route, parsed.error);
  return streamResponse(parsed.data.values(), route.status, options);
}

export type StreamOptions = {
  /** Pause before each event after the first; 0 sends everything at once. */
  readonly tokenDelayMs?: number | undefined;
  /** Keep the body open after the last event, as a stalled connection does, until the reader cancels. */
  readonly stall?: boolean;
};

/** The body of an event stream: one event per read, so a browser sees the tokens arrive. */
function streamResponse(
  events: Iterator<ChatStreamEvent> | AsyncIterator<ChatStreamEvent>,
  status: number,
  { tokenDelayMs: delayMs = 0, stall = false }: StreamOptions,
) {
  const encoder = new TextEncoder();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent > 0 && delayMs > 0) await pause(delayMs);
      try {
        const next = await events.next();
        if (next.done && stall) return await new Promise<never>(() => undefined);
        if (next.done) return controller.close();
        sent += 1;
        controller.enqueue(encoder.encode(encodeSseEvent(next.value)));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await events.return?.();
    },
  });
  return new HttpResponse(body, {
    status,
    headers: { 'Content-Type': SSE_CONTENT_TYPE, 'Cache-Control': 'no-cache' },
  });
}

/** The runner's answer as a response: JSON, empty, or the chat's event stream, with the headers it set. */
export function answerResponse(answer: Answer, tokenDelayMs: number) {
  const headers = { ...headersFor(answer.status), ...answer.headers };
  if (answer.kind === 'none') return new HttpResponse(null, { status: answer.status, headers });
  if (answer.kind === 'json') {
    // A list answer comes as JSON text already (the runner's item-by-item check writes it).
    const text = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
    return new HttpResponse(text, {
      status: answer.status,
      headers: { ...headers, 'Content-Type': JSON_CONTENT_TYPE },
    });
  }
  // A reader that goes away cancels the body, which ends the events' iterator (see streamResponse).
  const events = answer.stream(new AbortController().signal)[Symbol.asyncIterator]();
  return streamResponse(events, answer.status, { tokenDelayMs });
}
