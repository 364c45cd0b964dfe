import type { ServerResponse } from 'node:http';
import type { RoomEndReason, RoomTextEvent } from '@codedrop/contract';
import { openEventStream } from '../../http/event-stream.js';

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

/**
 * Starts a device's stream on `raw` (a hijacked reply). A device that reads slower than the
 * room changes only misses texts that were replaced before it could take them, as each
 * text is whole: while the socket's buffer is full the stream keeps only the newest text.
 */
export function openRoomStream(
  raw: ServerResponse,
  options: { code: string; expiresAt: Date; now: Date; lastVersion: number; onClose(): void },
): RoomStream {
  let version = options.lastVersion;
  let pendingText: RoomTextEvent | null = null;
  const events = openEventStream(raw, () => {
    clearTimeout(expiry);
    options.onClose();
  });
  const expiry = setTimeout(
    () => stream.end('expired'),
    Math.max(0, options.expiresAt.getTime() - options.now.getTime()),
  );
  expiry.unref();
  events.onDrain(() => {
    const text = pendingText;
    pendingText = null;
    if (text !== null) writeText(text);
  });

  function writeText(text: RoomTextEvent) {
    if (events.full) pendingText = text;
    else events.send('text', text, text.version);
  }

  const stream: RoomStream = {
    code: options.code,
    get version() {
      return version;
    },
    sendText(text) {
      if (!events.open || text.version <= version) return;
      version = text.version;
      writeText(text);
    },
    sendDevices(devices) {
      events.send('devices', { devices });
    },
    end(reason) {
      if (!events.open) return;
      if (reason !== 'restarting') events.send('ended', { reason });
      events.end();
    },
  };
  return stream;
}
