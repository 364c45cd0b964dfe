import type { RoomEndReason, RoomTextEvent } from '@codedrop/contract';
import type { Bus } from '../../infra/bus/port.js';
import type { RoomStream, StreamEnd } from './room-stream.js';

/**
 * What goes over the bus: small signals, never a text (PostgreSQL's NOTIFY takes 8000 bytes
 * at most). `o` is the process that sent it; `k` the kind: an edit to version `v`, a device
 * count `n`, or the room's end for reason `r`.
 */
type Signal =
  | { o: string; k: 'e'; c: string; v: number }
  | { o: string; k: 'd'; c: string; n: number }
  | { o: string; k: 'x'; c: string; r: RoomEndReason };

function parseSignal(text: string): Signal | null {
  try {
    const signal = JSON.parse(text) as Partial<Signal>;
    if (typeof signal.o !== 'string' || typeof signal.c !== 'string') return null;
    if (signal.k === 'e' && typeof signal.v === 'number') return signal as Signal;
    if (signal.k === 'd' && typeof signal.n === 'number') return signal as Signal;
    if (signal.k === 'x' && typeof signal.r === 'string') return signal as Signal;
  } catch {
    // Not ours: another program on the channel.
  }
  return null;
}

export interface RoomHubDeps {
  bus: Bus;
  /** This process, told apart from the others on the bus. */
  origin: string;
  /** The room's text now, or null once it is gone. */
  loadText(code: string): Promise<RoomTextEvent | null>;
  onError(error: unknown): void;
}

/**
 * The streams of this process by room, and the fan-out: an edit made here reaches this
 * process's streams at once and the other processes as a signal, on which each reads the
 * text once for all of its streams of that room (and only if it has any).
 */
export function createRoomHub(deps: RoomHubDeps) {
  const rooms = new Map<string, Set<RoomStream>>();
  /** Rooms whose text is being read; true when a newer signal came meanwhile. */
  const reading = new Map<string, boolean>();

  const streamsOf = (code: string) => rooms.get(code);

  function deliverText(code: string, text: RoomTextEvent) {
    for (const stream of streamsOf(code) ?? []) stream.sendText(text);
  }

  function newest(code: string): number {
    let version = -1;
    for (const stream of streamsOf(code) ?? []) version = Math.max(version, stream.version);
    return version;
  }

  /** Reads the room's text and hands it to its streams; one read at a time per room. */
  function refresh(code: string): void {
    if (reading.has(code)) {
      reading.set(code, true);
      return;
    }
    reading.set(code, false);
    deps
      .loadText(code)
      .then((text) => {
        if (text !== null) deliverText(code, text);
      })
      .catch(deps.onError)
      .finally(() => {
        const again = reading.get(code) === true;
        reading.delete(code);
        if (again && streamsOf(code) !== undefined) refresh(code);
      });
  }

  function endLocal(code: string, reason: StreamEnd) {
    for (const stream of [...(streamsOf(code) ?? [])]) stream.end(reason);
    rooms.delete(code);
  }

  function publish(signal: Signal) {
    deps.bus.publish(JSON.stringify(signal)).catch(deps.onError);
  }

  deps.bus.listen({
    message(text) {
      const signal = parseSignal(text);
      if (signal === null || signal.o === deps.origin) return;
      if (!rooms.has(signal.c)) return;
      switch (signal.k) {
        case 'e':
          if (signal.v > newest(signal.c)) refresh(signal.c);
          return;
        case 'd':
          for (const stream of streamsOf(signal.c) ?? []) stream.sendDevices(signal.n);
          return;
        case 'x':
          endLocal(signal.c, signal.r);
          return;
      }
    },
    resync() {
      // Signals may have been lost while the bus was away: every room read again.
      for (const code of rooms.keys()) refresh(code);
    },
  });

  return {
    add(stream: RoomStream) {
      let streams = rooms.get(stream.code);
      if (streams === undefined) rooms.set(stream.code, (streams = new Set()));
      streams.add(stream);
    },
    remove(stream: RoomStream) {
      const streams = rooms.get(stream.code);
      streams?.delete(stream);
      if (streams?.size === 0) rooms.delete(stream.code);
    },
    /** An edit made through this process, once it is stored. */
    edited(code: string, text: RoomTextEvent) {
      deliverText(code, text);
      publish({ o: deps.origin, k: 'e', c: code, v: text.version });
    },
    devicesChanged(code: string, devices: number) {
      for (const stream of streamsOf(code) ?? []) stream.sendDevices(devices);
      publish({ o: deps.origin, k: 'd', c: code, n: devices });
    },
    ended(code: string, reason: RoomEndReason) {
      endLocal(code, reason);
      publish({ o: deps.origin, k: 'x', c: code, r: reason });
    },
    /** This process stops: its devices reconnect, to another instance or to it once back. */
    endAll() {
      for (const code of [...rooms.keys()]) endLocal(code, 'restarting');
    },
    /** Streams open in this process (a gauge of /metrics, and the tests). */
    get streams() {
      let count = 0;
      for (const streams of rooms.values()) count += streams.size;
      return count;
    },
  };
}

export type RoomHub = ReturnType<typeof createRoomHub>;
