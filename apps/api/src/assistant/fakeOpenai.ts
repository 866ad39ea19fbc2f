/**
 * A small OpenAI-compatible server on a real socket, for tests and the proxy-overhead measurement: GET
 * /v1/models, POST /v1/chat/completions (streamed) and POST /v1/completions. What the chat stream sends is up to
 * the caller, so a test can hold the stream open, watch the client leave, or stream with no delay at all. The
 * API's urgency call (a chat completion with `response_format`, REQ-model-urgency) is answered apart, by
 * `setUrgency`: by default a well-formed `none`.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chunkFrame, DONE_FRAME } from './testSupport';

export type ChatHandler = (
  body: Record<string, unknown>,
  send: (frame: string) => void,
  response: ServerResponse,
) => Promise<void> | void;

/**
 * What the urgency call gets: the assistant message's content as a chat.completion (`content`), a raw body with
 * a status (`status`, `raw`), or nothing until the client gives up (`hang`).
 */
export type UrgencyAnswer =
  { readonly content: string } | { readonly status: number; readonly raw: string } | { readonly hang: true };
export type UrgencyHandler = (body: Record<string, unknown>) => Promise<UrgencyAnswer> | UrgencyAnswer;

export type FakeOpenAi = {
  /** The API base, ending in /v1. */
  readonly url: string;
  /** Request paths in order of arrival ('GET /v1/models', 'POST /v1/chat/completions', ...). */
  readonly requests: string[];
  /** Resolves when a chat stream's client closed the connection before the stream ended. */
  readonly clientLeft: () => Promise<void>;
  setChat(handler: ChatHandler): void;
  /** The bodies of the urgency calls received, in order. */
  readonly urgencyBodies: Record<string, unknown>[];
  setUrgency(handler: UrgencyHandler): void;
  close(): Promise<void>;
};

/** An urgency handler that answers `level` in the schema's shape. */
export const urgencyLevel =
  (level: string): UrgencyHandler =>
  () => ({ content: JSON.stringify({ level, concepts: [] }) });

/** A chat handler that streams `pieces` as chunks, then [DONE], with no delay. */
export const streamPieces =
  (pieces: readonly string[]): ChatHandler =>
  (_body, send) => {
    for (const piece of pieces) send(chunkFrame(piece));
    send(DONE_FRAME);
  };

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  const text = Buffer.concat(parts).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startFakeOpenAi(model = 'sentinel-demo'): Promise<FakeOpenAi> {
  const requests: string[] = [];
  let chat: ChatHandler = streamPieces(['This is the fake model answering your question.']);
  let urgency: UrgencyHandler = urgencyLevel('none');
  const urgencyBodies: Record<string, unknown>[] = [];
  let left: () => void = () => undefined;
  let leftPromise = new Promise<void>((resolve) => (left = resolve));

  const server = createServer((request, response) => {
    void (async () => {
      const path = (request.url ?? '').split('?')[0];
      requests.push(`${request.method} ${path}`);
      if (request.method === 'GET' && path === '/v1/models') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ object: 'list', data: [{ id: model, object: 'model' }] }));
        return;
      }
      const body = await readJson(request);
      if (request.method === 'POST' && path === '/v1/chat/completions' && body.response_format) {
        urgencyBodies.push(body);
        const answer = await urgency(body);
        if ('hang' in answer) return;
        if ('raw' in answer) {
          response.writeHead(answer.status, { 'Content-Type': 'application/json' });
          response.end(answer.raw);
          return;
        }
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify({
            id: 'chatcmpl-urgency',
            object: 'chat.completion',
            created: 1_767_225_600,
            model,
            choices: [
              { index: 0, message: { role: 'assistant', content: answer.content }, finish_reason: 'stop' },
            ],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
        return;
      }
      if (request.method === 'POST' && path === '/v1/chat/completions') {
        response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
        response.flushHeaders();
        response.on('close', () => {
          if (!response.writableFinished) left();
        });
        await chat(body, (frame) => response.write(frame), response);
        if (!response.destroyed) response.end();
        return;
      }
      if (request.method === 'POST' && path === '/v1/completions') {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end(
          JSON.stringify({ object: 'text_completion', model, choices: [{ index: 0, text: 'Fake text.' }] }),
        );
        return;
      }
      response.writeHead(404, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: 'not found' }));
    })();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    clientLeft: () => leftPromise,
    setChat: (handler) => {
      chat = handler;
      leftPromise = new Promise<void>((resolve) => (left = resolve));
    },
    urgencyBodies,
    setUrgency: (handler) => {
      urgency = handler;
    },
    close: async () => {
      server.closeAllConnections();
      server.close();
      await once(server, 'close');
    },
  };
}
