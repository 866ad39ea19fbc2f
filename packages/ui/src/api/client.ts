/**
 * The one typed API client, built from the contract's route table. Screens never call fetch: they go through
 * this client (from context), which adds the bearer token from a getter, validates every answer against the
 * contract, and turns failures into ApiError with a message a person can read (the spec's words where the
 * server sends them).
 */
import type {
  ChatStreamEvent,
  ErrorCode,
  RequestBody,
  ResponseBody,
  RouteDefinition,
  RouteName,
  RouteParams,
  RouteQuery,
} from '@sentinel/domain/contract';
import type * as ContractModule from '@sentinel/domain/contract';
import { HTTP_TIMEOUT_MS } from '@sentinel/domain';

type Contract = typeof ContractModule;
let contract: Promise<Contract> | undefined;

/**
 * The contract checks (zod and the schema of every route, ~35 kB gzipped) are a chunk of their own, fetched with
 * the first request rather than with the page (REQ-perf: a dashboard paints without them). Every answer is still
 * checked before a screen sees it. A failed download is tried again by the next request.
 */
export function loadContract(): Promise<Contract> {
  contract ??= import('@sentinel/domain/contract').then(
    (module) => {
      // No generated code in the browser: the probe for it is a CSP violation under the portal's policy.
      module.checkWithoutCodeGeneration();
      return module;
    },
    (cause: unknown) => {
      contract = undefined;
      throw cause;
    },
  );
  return contract;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Readonly<Record<string, string>>,
    /** How long the server asked us to wait before trying again (its Retry-After header, in seconds). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/**
 * Reads a Retry-After header (RFC 9110 10.2.3): delta-seconds, or an HTTP date turned into the seconds left
 * from `nowMs` (never below 0). Undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) {
    const seconds = Number(text);
    return Number.isSafeInteger(seconds) ? seconds : undefined;
  }
  // Every HTTP-date form starts with the day's name; anything else (a negative or fractional number) is not one.
  const at = /^[A-Za-z]{3}/.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

export type CallInput<N extends RouteName> = {
  params?: RouteParams<N>;
  query?: RouteQuery<N>;
  body?: RequestBody<N>;
  signal?: AbortSignal;
};

type SendInput = { params?: unknown; query?: unknown; body?: unknown; signal?: AbortSignal };

export type ApiClient = {
  call<N extends Exclude<RouteName, 'chat'>>(name: N, input?: CallInput<N>): Promise<ResponseBody<N>>;
  /** POST /api/chat: yields the stream's events as they arrive. */
  streamChat(body: RequestBody<'chat'>, signal?: AbortSignal): AsyncGenerator<ChatStreamEvent>;
};

export type ApiClientOptions = {
  /** Origin (or prefix) of the API; '' means the page's own origin. */
  baseUrl?: string;
  /** Returns the current access token; called before every request. */
  getAccessToken: () => Promise<string | undefined>;
  fetch?: typeof globalThis.fetch;
  timeoutMs?: number;
};

const codeForStatus = (status: number): ErrorCode =>
  status === 400
    ? 'invalid_input'
    : status === 401
      ? 'unauthorized'
      : status === 403
        ? 'forbidden'
        : status === 404
          ? 'not_found'
          : status === 409
            ? 'conflict'
            : status === 413
              ? 'payload_too_large'
              : status === 415
                ? 'unsupported_media_type'
                : status === 429
                  ? 'rate_limited'
                  : 'internal';

async function errorFrom(
  { ErrorBodySchema, DEFAULT_ERROR_MESSAGES, deniedMessageFor }: Contract,
  name: RouteName,
  response: Response,
): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  // The wait a 429 (or 503) asks for; the client runs on the real clock, as the server's header does.
  const retryAfter = parseRetryAfter(response.headers.get('Retry-After'), Date.now());
  const parsed = ErrorBodySchema.safeParse(body);
  if (parsed.success) {
    const { error, message, fields } = parsed.data;
    return new ApiError(response.status, error, message, fields, retryAfter);
  }
  const code = codeForStatus(response.status);
  const message = code === 'forbidden' ? deniedMessageFor(name) : DEFAULT_ERROR_MESSAGES[code];
  return new ApiError(response.status, code, message, undefined, retryAfter);
}

const networkError = (cause: unknown) =>
  cause instanceof DOMException && cause.name === 'AbortError'
    ? cause
    : new ApiError(0, 'internal', 'Cannot reach the server. Check your connection and try again.');

export function createApiClient({
  baseUrl = '',
  getAccessToken,
  fetch = globalThis.fetch.bind(globalThis),
  timeoutMs = HTTP_TIMEOUT_MS,
}: ApiClientOptions): ApiClient {
  async function send(
    { ROUTES, buildPath }: Contract,
    name: RouteName,
    input: SendInput,
    accept: string,
  ): Promise<Response> {
    const route: RouteDefinition = ROUTES[name];
    const path = buildPath(name, input.params as never, input.query as never);
    if (!path.ok) throw new ApiError(400, 'invalid_input', path.error.message, path.error.fields);
    const token = await getAccessToken();
    const headers: Record<string, string> = { Accept: accept };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (input.body !== undefined) headers['Content-Type'] = 'application/json';
    const signals = [AbortSignal.timeout(timeoutMs), input.signal].filter((s): s is AbortSignal => !!s);
    try {
      return await fetch(`${baseUrl}${path.value}`, {
        method: route.method,
        headers,
        body: input.body === undefined ? undefined : JSON.stringify(input.body),
        signal: signals.length > 1 ? AbortSignal.any(signals) : signals[0],
        credentials: 'same-origin',
      });
    } catch (cause) {
      throw networkError(cause);
    }
  }

  /** The contract, or the error a person sees when its download failed (as if the server were unreachable). */
  const contractFor = () => loadContract().catch((cause: unknown) => Promise.reject(networkError(cause)));

  return {
    async call(name, input = {}) {
      const checks = await contractFor();
      const route: RouteDefinition = checks.ROUTES[name];
      const response = await send(checks, name, input, 'application/json');
      if (!response.ok) throw await errorFrom(checks, name, response);
      if (route.responseType === 'none') return undefined as never;
      const parsed = route.response.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success) throw new ApiError(502, 'internal', checks.DEFAULT_ERROR_MESSAGES.internal);
      return parsed.data as never;
    },

    async *streamChat(body, signal) {
      const checks = await contractFor();
      const { parseSseEvents } = checks;
      const response = await send(checks, 'chat', { body, signal }, 'text/event-stream');
      if (!response.ok) throw await errorFrom(checks, 'chat', response);
      if (!response.body) throw new ApiError(502, 'internal', checks.DEFAULT_ERROR_MESSAGES.internal);
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const { events, rest } = parseSseEvents(buffer + value);
          buffer = rest;
          for (const event of events) {
            yield event;
            if (event.type === 'done') return;
          }
        }
      } catch (cause) {
        throw networkError(cause);
      } finally {
        reader.releaseLock();
      }
      // The stream closed without its end marker: the reply was cut off.
      throw new ApiError(502, 'internal', 'The reply was interrupted.');
    },
  };
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

/** The words to show for a failed call: the ApiError message (the spec's words where the server has them). */
export const messageOf = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : FALLBACK_MESSAGE;
