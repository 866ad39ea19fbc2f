import { ROUTES, parseSseEvents, type ChatStreamEvent } from '@sentinel/domain/contract';
import { describe, expect, it } from 'vitest';
import { STREAM_DROPPED_MESSAGE, eventStreamResponse } from './respond';

const EVENTS: ChatStreamEvent[] = [
  { type: 'token', text: 'Drink ' },
  { type: 'token', text: 'water.' },
];

/** Reads the whole body chunk by chunk: the text that arrived, and the failure that ended it, if any. */
async function readAll(response: Response) {
  const reader = response.body?.getReader();
  if (!reader) throw new Error('a stream body');
  const decoder = new TextDecoder();
  let text = '';
  let chunks = 0;
  try {
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      chunks += 1;
      text += decoder.decode(chunk.value, { stream: true });
    }
  } catch (failure) {
    return { text, chunks, failure };
  }
  return { text, chunks, failure: undefined };
}

describe('event stream answers', () => {
  it('hand out one event per read and end cleanly after the last by default', async () => {
    const response = eventStreamResponse(ROUTES.chat, EVENTS);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const { text, chunks, failure } = await readAll(response);
    expect(failure).toBeUndefined();
    expect(chunks).toBe(2);
    expect(parseSseEvents(text).events).toStrictEqual(EVENTS);
  });

  it("with end 'error', fail after every event has been read (in Node; see StreamEnd for the browser)", async () => {
    const { text, failure } = await readAll(eventStreamResponse(ROUTES.chat, EVENTS, { end: 'error' }));
    expect(parseSseEvents(text).events).toStrictEqual(EVENTS);
    expect(String(failure)).toContain(STREAM_DROPPED_MESSAGE);
  });
});
