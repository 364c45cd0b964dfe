import type { ServerResponse } from 'node:http';
import type { RoomEndReason, RoomTextEvent } from '@codedrop/contract';

/** A comment line this often keeps proxies and NATs from closing an idle stream. */
const pingMs = 25_000;
/** What a client waits before reconnecting after the stream drops (SSE `retry`). */
const retryMs = 1_500;
/** Why a stream ends besides the room's own end: this server is stopping. */
export type StreamEnd = RoomEndReason | 'restarting';

/** One device's event stream (`text/event-stream`): the room's text, devices and end. */
export interface RoomStream {
  readonly code: string;
  /** The version of the last text sent (or the one the device said it has). */
  readonly version: number;
  sendText(text: RoomTextEvent): void;
  sendDevices(devices: number): void;
  end(reason: StreamEnd): void;
}

const frame = (event: string, data: unknown, id?: number) =>
  `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/**
 * Starts the stream on `raw` (a hijacked reply). Frames are written as they come; a
 * device that reads slower than the room changes only misses texts that were replaced
 * before it could take them, as each text is whole: when the socket's buffer is full the
 * stream keeps only the newest text until it drains.
 */
export function openRoomStream(
  raw: ServerResponse,
  options: { code: string; expiresAt: Date; now: Date; lastVersion: number; onClose(): void },
): RoomStream {
  let version = options.lastVersion;
  let open = true;
  let pendingText: RoomTextEvent | null = null;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // nginx would otherwise hold the events in its buffer.
    'x-accel-buffering': 'no',
    // The connection is the stream's: once it ends, nothing follows on it, and a server
    // that stops does not wait for it to fall idle.
    connection: 'close',
  });
  raw.write(`retry: ${retryMs}\n\n`);
  const ping = setInterval(() => open && raw.write(': ping\n\n'), pingMs);
  ping.unref();
  const expiry = setTimeout(
    () => stream.end('expired'),
    Math.max(0, options.expiresAt.getTime() - options.now.getTime()),
  );
  expiry.unref();
  const closed = () => {
    if (!open) return;
    open = false;
    clearInterval(ping);
    clearTimeout(expiry);
    options.onClose();
  };
  raw.on('close', closed);
  raw.on('drain', () => {
    const text = pendingText;
    pendingText = null;
    if (text !== null && open) writeText(text);
  });

  function writeText(text: RoomTextEvent) {
    if (raw.writableNeedDrain) {
      pendingText = text;
      return;
    }
    raw.write(frame('text', text, text.version));
  }

  const stream: RoomStream = {
    code: options.code,
    get version() {
      return version;
    },
    sendText(text) {
      if (!open || text.version <= version) return;
      version = text.version;
      writeText(text);
    },
    sendDevices(devices) {
      if (open) raw.write(frame('devices', { devices }));
    },
    end(reason) {
      if (!open) return;
      if (reason !== 'restarting') raw.write(frame('ended', { reason }));
      raw.end();
      closed();
    },
  };
  return stream;
}
