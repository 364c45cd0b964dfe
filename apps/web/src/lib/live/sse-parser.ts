/** One dispatched Server-Sent Event. */
export interface SseEvent {
  /** `message` when the event named none. */
  type: string;
  /** The data lines joined with line feeds. */
  data: string;
  /** The last event id the stream has set, this event's or an earlier one's ('' for none). */
  lastEventId: string;
}

export interface SseParserHandlers {
  onEvent: (event: SseEvent) => void;
  /** A `retry:` field: the reconnection delay the server asks for, in ms. */
  onRetry?: (ms: number) => void;
}

export interface SseParser {
  /** Decoded text, in whatever pieces the network delivered it. */
  push: (text: string) => void;
  /** The last event id seen so far ('' for none), to send back as `Last-Event-ID`. */
  readonly lastEventId: string;
}

/**
 * The event-stream format of the HTML standard (§9.2.6), fed text as it arrives: lines end
 * with CRLF, LF or CR (a CR at the end of one piece may be half of a CRLF), comment lines
 * start with a colon, an empty line dispatches, and an event without data is not dispatched.
 * A partial line or event waits for the next piece.
 */
export function createSseParser(handlers: SseParserHandlers, lastEventId = ''): SseParser {
  let buffer = '';
  let afterCr = false;
  let first = true;
  let type = '';
  let data: string[] = [];
  // An id counts once its event is complete: a reconnect after half an event asks again
  // from the event before it.
  let idField = lastEventId;
  let id = lastEventId;

  const dispatch = () => {
    const lines = data;
    const named = type;
    data = [];
    type = '';
    id = idField;
    if (lines.length === 0) return;
    handlers.onEvent({
      type: named === '' ? 'message' : named,
      data: lines.join('\n'),
      lastEventId: id,
    });
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        type = value;
        return;
      case 'data':
        data.push(value);
        return;
      case 'id':
        if (!value.includes('\0')) idField = value;
        return;
      case 'retry':
        if (/^\d+$/.test(value)) handlers.onRetry?.(Number(value));
        return;
    }
  };

  return {
    push(text) {
      let piece = text;
      if (first && piece !== '') {
        first = false;
        if (piece.startsWith('\uFEFF')) piece = piece.slice(1);
      }
      // The LF of a CRLF whose CR ended the last piece.
      if (afterCr && piece.startsWith('\n')) piece = piece.slice(1);
      afterCr = false;
      // What is left of the buffer holds no line end: only the new text is searched.
      let at = buffer.length;
      buffer += piece;
      let start = 0;
      for (; at < buffer.length; at++) {
        const char = buffer[at];
        if (char !== '\n' && char !== '\r') continue;
        line(buffer.slice(start, at));
        if (char === '\r') {
          if (at + 1 === buffer.length) afterCr = true;
          else if (buffer[at + 1] === '\n') at++;
        }
        start = at + 1;
      }
      buffer = buffer.slice(start);
    },
    get lastEventId() {
      return id;
    },
  };
}
