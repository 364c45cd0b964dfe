import type { ServerResponse } from 'node:http';
import { apiContentSecurityPolicy } from './security-headers.js';

/** A comment line this often keeps proxies and NATs from closing an idle stream. */
const pingMs = 25_000;
/** What a client waits before reconnecting after the stream drops (SSE `retry`). */
const retryMs = 1_500;

/** A Server-Sent Events answer on a hijacked reply: live rooms, a creator's live view. */
export interface EventStream {
  readonly open: boolean;
  /** Whether the socket's buffer is full: a sender of whole states may wait for `drain`. */
  readonly full: boolean;
  send(event: string, data: unknown, id?: number): void;
  onDrain(listener: () => void): void;
  /** Ends the answer; `onClose` runs once, whichever side closed first. */
  end(): void;
}

/**
 * Starts the stream on `raw`. The connection is the stream's (`Connection: close`): once it
 * ends nothing follows on it, and a server that stops does not wait for it to fall idle.
 */
export function openEventStream(raw: ServerResponse, onClose: () => void): EventStream {
  let open = true;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': apiContentSecurityPolicy,
    // nginx would otherwise hold the events in its buffer.
    'x-accel-buffering': 'no',
    connection: 'close',
  });
  raw.write(`retry: ${retryMs}\n\n`);
  const ping = setInterval(() => open && raw.write(': ping\n\n'), pingMs);
  ping.unref();
  const closed = () => {
    if (!open) return;
    open = false;
    clearInterval(ping);
    onClose();
  };
  raw.on('close', closed);
  return {
    get open() {
      return open;
    },
    get full() {
      return raw.writableNeedDrain;
    },
    send(event, data, id) {
      if (!open) return;
      raw.write(
        `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`,
      );
    },
    onDrain: (listener) => void raw.on('drain', listener),
    end() {
      if (!open) return;
      raw.end();
      closed();
    },
  };
}
