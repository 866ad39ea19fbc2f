import { describe, expect, it } from 'vitest';
import { frameData, readSseFrames } from './sse';

describe('server-sent-event frames (REQ-model-stream, REQ-chat-streaming)', () => {
  it('joins the data lines of a frame and ignores comments and other fields', () => {
    expect(frameData(': ping\nevent: x\ndata: a\ndata:b\ndata')).toBe('a\nb\n');
    expect(frameData(': keep-alive')).toBeUndefined();
  });
  it('reads complete frames ended by a blank line in any line-ending style and keeps the tail', () => {
    expect(readSseFrames('data: 1\r\n\r\ndata: 2\r\rdata: 3\n\n: ping\n\ndata: 4')).toEqual({
      data: ['1', '2', '3'],
      rest: 'data: 4',
    });
  });
  it('returns everything as the tail while no frame is complete', () => {
    expect(readSseFrames('data: {"a"')).toEqual({ data: [], rest: 'data: {"a"' });
  });
});
