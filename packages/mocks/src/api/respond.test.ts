import { ROUTES, parseSseEvents, type ChatStreamEvent } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { eventStreamResponse } from './respond';

const EVENTS: ChatStreamEvent[] = [
  { type: 'token', text: 'Drink ' },
  { type: 'token', text: 'water.' },
];

/** Reads the whole body chunk by chunk: the text that arrived and how many reads it took. */
async function readAll(response: Response) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('a stream body');
  const decoder = new TextDecoder();
  let text = '';
  let chunks = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    chunks += 1;
    text += decoder.decode(chunk.value, { stream: true });
  }
  return { text, chunks };
}

describe('event stream answers', () => {
  it('hand out one event per read and end cleanly after the last', async () => {
    const response = eventStreamResponse(ROUTES.chat, EVENTS);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const { text, chunks } = await readAll(response);
    expect(chunks).toBe(2);
    expect(parseSseEvents(text).events).toStrictEqual(EVENTS);
  });
});
