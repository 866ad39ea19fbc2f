/**
 * Test support for the assistant: a persona's knowledge viewer, chat calls against a test server, and the
 * streamed answers of an OpenAI-compatible chat endpoint (as Hugging Face's router and apps/model send them).
 */
import { knowledgeContextFor, type KnowledgeViewer } from '@sentinel/domain';
import { parseSseEvents, type ChatStreamEvent } from '@sentinel/domain/contract';
import { PERSONAS, type PersonaKey } from '@sentinel/demo-data';
import type { TestServer } from '../testkit';

/** The knowledge viewer the API derives for a persona (@sentinel/service handlers/knowledge.ts `knowledgeViewerFor`). */
export function viewerOf(key: PersonaKey): KnowledgeViewer {
  const persona = PERSONAS[key];
  const context = knowledgeContextFor(
    { role: persona.dashboardRole, roles: [...persona.roles], permissions: [...persona.permissions] },
    persona.specializations,
  );
  return {
    role: context.role,
    specializations: context.specializations,
    ...(persona.patientId ? { patientId: persona.patientId } : {}),
  };
}

export type ChatAnswer = {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: string;
  readonly events: ChatStreamEvent[];
};

/** POST /api/chat as a persona with one question (or the given turns), through Fastify's inject. */
export async function chatAs(
  server: TestServer,
  who: PersonaKey,
  question: string,
  sessionId?: string,
): Promise<ChatAnswer> {
  const response = await server.app.inject({
    method: 'POST',
    url: '/api/chat',
    headers: {
      authorization: `Bearer ${await server.tokenFor(who)}`,
      'content-type': 'application/json',
    },
    payload: JSON.stringify({
      messages: [{ role: 'user', content: question }],
      ...(sessionId ? { sessionId } : {}),
    }),
  });
  const { events } = parseSseEvents(response.body);
  return { status: response.statusCode, headers: response.headers, body: response.body, events };
}

/** The reply text of a chat answer: its tokens joined. */
export const replyText = (events: readonly ChatStreamEvent[]): string =>
  events.flatMap((e) => (e.type === 'token' ? [e.text] : [])).join('');

/** One streamed chat-completion chunk carrying `content`, as an event-stream frame. */
export function chunkFrame(content: string, model = 'test-model'): string {
  const chunk = {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1_767_225_600,
    model,
    system_fingerprint: 'test',
    choices: [{ index: 0, delta: { role: 'assistant', content }, finish_reason: null }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

export const DONE_FRAME = 'data: [DONE]\n\n';

/** An event-stream body that sends `frames` in order, each as its own chunk. */
export function eventStream(frames: readonly string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const frame of frames) controller.enqueue(encoder.encode(frame));
      controller.close();
    },
  });
}
