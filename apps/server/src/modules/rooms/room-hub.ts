import type { RoomEndReason, RoomTextEvent } from '@codedrop/contract';
import type { Bus } from '../../infra/bus/port.js';
import type { RoomStream, StreamEnd } from './room-stream.js';

/**
 * What goes over the bus: small signals, never a text (PostgreSQL's NOTIFY takes 8000 bytes
 * at most). `o` is the process that sent it; `k` the kind: an edit to version `v`, a change
 * of the devices connected, or the room's end for reason `r`.
 */
type Signal =
  | { o: string; k: 'e'; c: string; v: number }
  | { o: string; k: 'd'; c: string }
  | { o: string; k: 'x'; c: string; r: RoomEndReason };

function parseSignal(text: string): Signal | null {
  try {
    const signal = JSON.parse(text) as Partial<Signal>;
    if (typeof signal.o !== 'string' || typeof signal.c !== 'string') return null;
    if (signal.k === 'e' && typeof signal.v === 'number') return signal as Signal;
    if (signal.k === 'd') return signal as Signal;
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
  /** How many devices the room has now, on every instance. */
  loadDevices(code: string): Promise<number>;
  onError(error: unknown): void;
}

/**
 * The streams of this process by room, and the fan-out: an edit made here reaches this
 * process's streams at once and the other processes as a signal, on which each reads the
 * text once for all of its streams of that room (and only if it has any).
 */
export function createRoomHub(deps: RoomHubDeps) {
  const rooms = new Map<string, Set<RoomStream>>();

  const streamsOf = (code: string) => rooms.get(code);

  function deliverText(code: string, text: RoomTextEvent) {
    for (const stream of streamsOf(code) ?? []) stream.sendText(text);
  }

  function newest(code: string): number {
    let version = -1;
    for (const stream of streamsOf(code) ?? []) version = Math.max(version, stream.version);
    return version;
  }

  /**
   * Runs `read` for a room and hands its result to the room's streams, one read at a time
   * per room and kind; a call while one runs makes it run once more after, so the last
   * value delivered was read after the last change that asked for it.
   */
  function coalesced<T>(
    load: (code: string) => Promise<T>,
    deliver: (code: string, value: T) => void,
  ) {
    const running = new Map<string, boolean>();
    const run = (code: string): void => {
      if (running.has(code)) {
        running.set(code, true);
        return;
      }
      running.set(code, false);
      load(code)
        .then((value) => deliver(code, value))
        .catch(deps.onError)
        .finally(() => {
          const again = running.get(code) === true;
          running.delete(code);
          if (again && streamsOf(code) !== undefined) run(code);
        });
    };
    return run;
  }

  /** The room's text read again for its streams (a signal from another process). */
  const refresh = coalesced(deps.loadText, (code, text) => {
    if (text !== null) deliverText(code, text);
  });
  /**
   * The device count read again for the room's streams. Counts are read, never carried:
   * joins and leaves on several instances at once could otherwise arrive out of order and
   * leave a stale count on screen.
   */
  const recount = coalesced(deps.loadDevices, (code, devices) => {
    for (const stream of streamsOf(code) ?? []) stream.sendDevices(devices);
  });

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
          recount(signal.c);
          return;
        case 'x':
          endLocal(signal.c, signal.r);
          return;
      }
    },
    resync() {
      // Signals may have been lost while the bus was away: every room read again.
      for (const code of rooms.keys()) {
        refresh(code);
        recount(code);
      }
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
    /** A device joined or left through this process (its row is written). */
    devicesChanged(code: string) {
      recount(code);
      publish({ o: deps.origin, k: 'd', c: code });
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
