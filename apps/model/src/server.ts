/**
 * The built-in demo model as an HTTP server speaking the OpenAI protocol: POST /v1/chat/completions (JSON or a
 * server-sent event stream of word tokens), POST /v1/completions (the text-generation fallback), GET /v1/models
 * and GET /health. Any OpenAI-compatible client reaches it by base URL, so the API's real model client path runs
 * offline against it. Answers never leave this process's logs: only counts are logged.
 *
 * It answers the API only: a request must name one of its own hosts (`allowedHosts`; a web page that rebinds its
 * name to 127.0.0.1 still sends its own) or it gets 421, and carry `Authorization: Bearer <apiKey>`, the key the
 * stack generates at start and gives the API (scripts/stack.mjs), or it gets 401. `/health` needs no key.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import type { z } from 'zod';
import {
  LOOPBACK_HOSTS,
  bearerCredential,
  isAllowedHost,
  rulesUrgencyAnswer,
  sameSecret,
  triage,
} from '@sentinel/domain';
import { answer, countTokens, turnsFromPrompt, type Turn } from './answer';
import {
  ChatCompletionRequestSchema,
  CompletionRequestSchema,
  SSE_DONE,
  chatCompletion,
  chatCompletionChunk,
  describeIssues,
  errorBody,
  isUrgencyRequest,
  maxTokensOf,
  promptOf,
  sseFrame,
  textCompletion,
  turnsOf,
  usage,
  type CompletionHead,
} from './protocol';

/** The model name the demo answers to. */
export const DEMO_MODEL_NAME = 'sentinel-demo';
/** The pause between streamed tokens, so streaming is visible in the chat panel. */
export const DEFAULT_TOKEN_DELAY_MS = 15;

export type ModelServerOptions = {
  /** The key every call but `/health` must carry as `Authorization: Bearer <apiKey>`; required, not empty. */
  readonly apiKey: string;
  /** The `Host` values it answers (`name` for any port, `name:port` for one); the loopback names by default. */
  readonly allowedHosts?: readonly string[];
  /** The one model name served (default 'sentinel-demo'); any other gets 404. */
  readonly modelName?: string;
  /** Pause between streamed tokens in milliseconds (default 15; 0 streams at once). */
  readonly tokenDelayMs?: number;
  /** The clock, for `created` (tests pin it). */
  readonly now?: () => Date;
  /** Fastify's logger option: false in tests unless given. */
  readonly logger?: FastifyServerOptions['logger'];
};

/** Errors Fastify raises for a bad request (invalid JSON, wrong content type, too large) keep their 4xx status. */
const isClientError = (status: number | undefined): status is number =>
  status !== undefined && status >= 400 && status < 500;

/** Routes that answer without the key: the liveness check the stack waits on, which tells nothing. */
const OPEN_ROUTES = new Set(['/health']);

export async function buildModelServer(options: ModelServerOptions): Promise<FastifyInstance> {
  const { apiKey } = options;
  if (!apiKey) throw new Error('The demo model needs an API key (MODEL_API_KEY): it answers the API only.');
  const allowedHosts = options.allowedHosts ?? LOOPBACK_HOSTS;
  const modelName = options.modelName ?? DEMO_MODEL_NAME;
  const tokenDelayMs = options.tokenDelayMs ?? DEFAULT_TOKEN_DELAY_MS;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ?? false,
    // Request lines are not needed for a local demo model, and bodies (the conversation) are never logged.
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: true,
  });

  // Completion ids are unique within a run and need no randomness: the start time plus a sequence number.
  const runTag = now().getTime().toString(36);
  let sequence = 0;
  const headFor = (prefix: 'chatcmpl' | 'cmpl'): CompletionHead => ({
    id: `${prefix}-${runTag}-${(sequence += 1)}`,
    created: Math.floor(now().getTime() / 1000),
    model: modelName,
  });

  /** Streams in progress, ended when the server closes so shutdown does not wait for them. */
  const streams = new Set<AbortController>();
  app.addHook('preClose', async () => {
    for (const stream of streams) stream.abort();
  });

  // Before the body is read: a refused caller costs nothing and learns nothing about the routes.
  app.addHook('onRequest', async (request, reply) => {
    if (!isAllowedHost(request.headers.host, allowedHosts)) {
      return reply
        .code(421)
        .send(
          errorBody(
            'This server does not answer requests for this host.',
            'invalid_request_error',
            'misdirected_request',
          ),
        );
    }
    if (OPEN_ROUTES.has(request.url.split('?')[0] ?? '')) return undefined;
    const key = bearerCredential(request.headers.authorization);
    if (key === undefined || !sameSecret(key, apiKey)) {
      return reply
        .code(401)
        .header('WWW-Authenticate', 'Bearer')
        .send(errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
    }
    return undefined;
  });

  app.setErrorHandler((error: { statusCode?: number; message?: string }, _request, reply) => {
    if (isClientError(error.statusCode)) {
      return reply
        .code(error.statusCode)
        .send(errorBody(error.message ?? 'Bad request', 'invalid_request_error'));
    }
    reply.log.error({ err: error }, 'model request failed');
    return reply.code(500).send(errorBody('The demo model failed to answer.', 'server_error'));
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send(
        errorBody(
          `Unknown route: ${request.method} ${request.url.split('?')[0]}`,
          'invalid_request_error',
          'unknown_url',
        ),
      ),
  );

  /** Parses a body with its schema, answering 400 or (for another model name) 404 itself when it cannot. */
  function parseRequest<S extends z.ZodType<{ model: string }>>(
    schema: S,
    request: FastifyRequest,
    reply: FastifyReply,
  ): z.infer<S> | undefined {
    const parsed = schema.safeParse(request.body);
    if (!parsed.success) {
      void reply.code(400).send(errorBody(describeIssues(parsed.error), 'invalid_request_error'));
      return undefined;
    }
    if (parsed.data.model !== modelName) {
      void reply
        .code(404)
        .send(
          errorBody(
            `The model '${parsed.data.model}' does not exist. This server serves '${modelName}'.`,
            'invalid_request_error',
            'model_not_found',
          ),
        );
      return undefined;
    }
    return parsed.data;
  }

  /**
   * Writes frames as a server-sent event stream, pausing between tokens, and stops as soon as the client goes
   * away (or the server closes): nothing is written to a closed connection.
   */
  async function stream(
    reply: FastifyReply,
    frames: readonly string[],
    last: readonly string[],
  ): Promise<void> {
    reply.hijack();
    const res: ServerResponse = reply.raw;
    const controller = new AbortController();
    streams.add(controller);
    const onClose = () => {
      if (!res.writableFinished) controller.abort();
    };
    res.on('close', onClose);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    let sent = 0;
    try {
      for (const frame of frames) {
        if (sent > 0 && tokenDelayMs > 0) await sleep(tokenDelayMs, undefined, { signal: controller.signal });
        if (controller.signal.aborted) break;
        if (!res.write(frame)) await once(res, 'drain', { signal: controller.signal });
        sent += 1;
      }
      if (!controller.signal.aborted) {
        for (const frame of last) res.write(frame);
        res.end();
        reply.log.info({ tokens: sent }, 'stream completed');
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    } finally {
      streams.delete(controller);
      res.off('close', onClose);
      if (controller.signal.aborted) {
        reply.log.info({ tokens: sent, of: frames.length }, 'stream stopped: the client went away');
        if (!res.destroyed) res.destroy();
      }
    }
  }

  const promptTokens = (turns: readonly Turn[]) => turns.reduce((sum, t) => sum + countTokens(t.content), 0);

  app.get('/health', async () => ({ status: 'ok', model: modelName }));

  app.get('/v1/models', async () => ({
    object: 'list',
    data: [{ id: modelName, object: 'model', created: 0, owned_by: 'sentinel' }],
  }));

  app.post('/v1/chat/completions', async (request, reply) => {
    const body = parseRequest(ChatCompletionRequestSchema, request, reply);
    if (!body) return reply;
    const turns = turnsOf(body);
    // The API's urgency call (REQ-model-urgency) is answered by the domain's triage rules over the user messages,
    // as the one JSON object its schema asks for, so the whole path runs offline.
    const { tokens, finishReason } = isUrgencyRequest(body)
      ? {
          tokens: [rulesUrgencyAnswer(triage(turns.filter((t) => t.role === 'user')))],
          finishReason: 'stop' as const,
        }
      : answer(turns, maxTokensOf(body));
    const head = headFor('chatcmpl');
    if (!body.stream) {
      return reply.send(
        chatCompletion(head, tokens.join(''), finishReason, usage(promptTokens(turns), tokens.length)),
      );
    }
    const frames = tokens.map((content, i) =>
      sseFrame(chatCompletionChunk(head, i === 0 ? { role: 'assistant', content } : { content }, null)),
    );
    await stream(reply, frames, [sseFrame(chatCompletionChunk(head, {}, finishReason)), SSE_DONE]);
    return reply;
  });

  app.post('/v1/completions', async (request, reply) => {
    const body = parseRequest(CompletionRequestSchema, request, reply);
    if (!body) return reply;
    const prompt = promptOf(body);
    const { tokens, finishReason } = answer(turnsFromPrompt(prompt), maxTokensOf(body));
    const head = headFor('cmpl');
    if (!body.stream) {
      return reply.send(
        textCompletion(head, tokens.join(''), finishReason, usage(countTokens(prompt), tokens.length)),
      );
    }
    const frames = tokens.map((text) => sseFrame(textCompletion(head, text, null)));
    await stream(reply, frames, [sseFrame(textCompletion(head, '', finishReason)), SSE_DONE]);
    return reply;
  });

  return app;
}
