/**
 * The one server-sent-events reader (REQ-model-stream). It splits a buffer into
 * complete frames and returns each frame's data (data lines joined by newlines), skipping frames without data
 * (keep-alive comments), plus the unfinished tail for the caller to put in front of the next chunk. What a
 * payload means (provider output, our chat events) is decided by its caller.
 */

/** A blank line ends a frame; a line ends with CRLF, LF or a lone CR. */
const FRAME_END = /(?:\r\n|\n|\r(?!\n))(?:\r\n|\n|\r(?!\n))/;
const LINE_END = /\r\n|\n|\r/;

/** The data of one frame, or undefined when it carries none. */
export function frameData(frame: string): string | undefined {
  const data: string[] = [];
  for (const line of frame.split(LINE_END)) {
    if (line === 'data' || line.startsWith('data:')) {
      const value = line.slice(5);
      data.push(value.startsWith(' ') ? value.slice(1) : value);
    }
  }
  return data.length ? data.join('\n') : undefined;
}

export function readSseFrames(buffer: string): { data: string[]; rest: string } {
  const data: string[] = [];
  let rest = buffer;
  for (let end = FRAME_END.exec(rest); end; end = FRAME_END.exec(rest)) {
    const payload = frameData(rest.slice(0, end.index));
    if (payload !== undefined) data.push(payload);
    rest = rest.slice(end.index + end[0].length);
  }
  return { data, rest };
}
