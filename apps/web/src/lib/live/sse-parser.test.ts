import { describe, expect, it } from 'vitest';
import { createSseParser, type SseEvent } from './sse-parser';

function parse(pieces: string[], lastEventId?: string) {
  const events: SseEvent[] = [];
  const retries: number[] = [];
  const parser = createSseParser(
    { onEvent: (event) => events.push(event), onRetry: (ms) => retries.push(ms) },
    lastEventId,
  );
  for (const piece of pieces) parser.push(piece);
  return { events, retries, parser };
}

const stream =
  'retry: 1500\n\n' +
  'event: devices\ndata: {"devices":2}\n\n' +
  ': ping\n\n' +
  'id: 7\nevent: text\ndata: {"version":7}\n\n';

describe('createSseParser', () => {
  it('reads named events, ids, retry and comments', () => {
    const { events, retries, parser } = parse([stream]);
    expect(events).toEqual([
      { type: 'devices', data: '{"devices":2}', lastEventId: '' },
      { type: 'text', data: '{"version":7}', lastEventId: '7' },
    ]);
    expect(retries).toEqual([1500]);
    expect(parser.lastEventId).toBe('7');
  });

  it('gives the same events whatever the pieces, one character at a time included', () => {
    const whole = parse([stream]).events;
    for (const size of [1, 2, 3, 5, 7, 11]) {
      const pieces: string[] = [];
      for (let at = 0; at < stream.length; at += size) pieces.push(stream.slice(at, at + size));
      expect(parse(pieces).events).toEqual(whole);
    }
  });

  it('joins data lines with line feeds and keeps what follows the first space', () => {
    const { events } = parse(['data: one\ndata:two\ndata:  three\ndata\n\n']);
    expect(events).toEqual([{ type: 'message', data: 'one\ntwo\n three\n', lastEventId: '' }]);
  });

  it('takes CRLF and CR line ends, a CRLF split between pieces too', () => {
    const { events } = parse(['data: a\r', '\ndata: b\r\r', 'data: c\r\n\r\n']);
    expect(events).toEqual([
      { type: 'message', data: 'a\nb', lastEventId: '' },
      { type: 'message', data: 'c', lastEventId: '' },
    ]);
  });

  it('waits for the empty line: a half event is not dispatched, nor its id kept', () => {
    const { events, parser } = parse(
      ['id: 3\nevent: text\ndata: {"version":3}\n\n', 'id: 4\ndata: x\n'],
      '',
    );
    expect(events).toHaveLength(1);
    expect(parser.lastEventId).toBe('3');
  });

  it('dispatches nothing for an event without data, but keeps its id', () => {
    const { events, parser } = parse(['id: 9\nevent: text\n\n']);
    expect(events).toEqual([]);
    expect(parser.lastEventId).toBe('9');
  });

  it('starts from the id it is given and drops a byte order mark', () => {
    const { events } = parse(['\uFEFFdata: x\n\n'], '12');
    expect(events).toEqual([{ type: 'message', data: 'x', lastEventId: '12' }]);
  });

  it('ignores a retry that is not a number and unknown fields', () => {
    const { events, retries } = parse(['retry: soon\nfoo: bar\ndata: x\n\n']);
    expect(retries).toEqual([]);
    expect(events).toHaveLength(1);
  });
});
