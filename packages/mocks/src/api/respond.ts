/**
 * How the mock API answers. Every success body goes through the route's response schema first (parsed, so
 * what is sent is what the contract describes); a body that does not fit becomes a 500 naming the route, so the
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
export function errorResponse(code: ErrorCode, message = '', fields?: Readonly<Record<string, string>>) {
  const status = ERROR_CODES[code];
  return HttpResponse.json(errorBody(code, message, fields), { status, headers: headersFor(status) });
}

/** The part of a schema failure this module reads (zod's error, without depending on zod here). */
type SchemaFailure = {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
};

function describeIssues(error: SchemaFailure): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.map(String).join('.') || '(root)'}: ${issue.message}`)
    .join('; ');
}

/** The 500 a mock answers when its own body breaks the contract: a bug in the mocks, named precisely. */
function driftResponse(route: Pick<RouteDefinition, 'name' | 'method' | 'path'>, error: SchemaFailure) {
  return errorResponse(
    'internal',
    `The mock answer of ${route.name} (${route.method} ${route.path}) does not match the API contract: ${describeIssues(error)}`,
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

/**
 * How an event stream ends after its events. `close`: the body ends cleanly; events without a `done` among them
 * are a reply cut off, which is how a page must be shown a dropped connection (scenario `chatDrops`). `error`:
 * the body fails with STREAM_DROPPED_MESSAGE; only a reader in Node sees every event before the failure. In a
 * browser the body goes through MSW's service worker, and when a service worker's body fails, Chromium fails the
 * page's body at once and throws away the bytes the page has not read yet (DataPipeBytesConsumer: "When we hit
 * an error we switch states immediately. We don't wait for the end of the pipe to be read."), so the page gets
 * some, often none, of the events: never use it for what a page must see.
 */
export type StreamEnd = 'close' | 'error';

export type EventStreamOptions = {
  /** Pause before each event after the first; 0 sends everything at once. */
  readonly tokenDelayMs?: number;
  readonly end?: StreamEnd;
};

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The error a dropped stream fails with, as the browser's reader sees it. */
export const STREAM_DROPPED_MESSAGE = 'The connection to the assistant was lost.';

/**
 * A `text/event-stream` answer of chat events (REQ-chat), each checked against the contract's event schema
 * first. The body is a ReadableStream that hands out one event per read, so a browser sees the tokens arrive.
 */
export function eventStreamResponse(
  route: RouteDefinition,
  events: readonly ChatStreamEvent[],
  options: EventStreamOptions = {},
) {
  const checked: ChatStreamEvent[] = [];
  for (const event of events) {
    const parsed = ChatStreamEventSchema.safeParse(event);
    if (!parsed.success) return driftResponse(route, parsed.error);
    checked.push(parsed.data);
  }
  return streamResponse(
    (async function* each() {
      yield* checked;
    })(),
    route.status,
    options,
  );
}

/** The body of an event stream: one event per read, so a browser sees the tokens arrive. */
function streamResponse(events: AsyncIterator<ChatStreamEvent>, status: number, options: EventStreamOptions) {
  const delayMs = options.tokenDelayMs ?? 0;
  const encoder = new TextEncoder();
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent > 0 && delayMs > 0) await pause(delayMs);
      let next: IteratorResult<ChatStreamEvent>;
      try {
        next = await events.next();
      } catch (error) {
        controller.error(error);
        return;
      }
      // A failing stream fails on the read after its last event, so a reader in Node takes every event first.
      if (next.done) {
        if (options.end === 'error') controller.error(new Error(STREAM_DROPPED_MESSAGE));
        else controller.close();
        return;
      }
      sent += 1;
      controller.enqueue(encoder.encode(encodeSseEvent(next.value)));
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
export function answerResponse(answer: Answer, options: EventStreamOptions = {}) {
  const headers = { ...headersFor(answer.status), ...answer.headers };
  if (answer.kind === 'none') return new HttpResponse(null, { status: answer.status, headers });
  if (answer.kind === 'json') {
    // A list answer comes as JSON text already (the runner's item-by-item check writes it).
    if (typeof answer.body === 'string') {
      return new HttpResponse(answer.body, {
        status: answer.status,
        headers: { ...headers, 'Content-Type': JSON_CONTENT_TYPE },
      });
    }
    return HttpResponse.json(answer.body as Record<string, unknown>, { status: answer.status, headers });
  }
  // A reader that goes away cancels the body, which ends the events' iterator (see streamResponse).
  const events = answer.stream(new AbortController().signal)[Symbol.asyncIterator]();
  return streamResponse(events, answer.status, options);
}
