import cluster from 'node:cluster';
import type { Bus, BusListener } from './port.js';

const messageType = 'codedrop:bus';

interface BusEnvelope {
  type: typeof messageType;
  text: string;
}

function isBusEnvelope(message: unknown): message is BusEnvelope {
  const m = message as { type?: unknown; text?: unknown } | null;
  return m?.type === messageType && typeof m.text === 'string';
}

/**
 * The workers of one machine without Redis or PostgreSQL: a worker sends each message to
 * the primary, which hands it to every worker (relayBusMessages). Nothing crosses machines:
 * SQLite serves one machine's instance.
 */
export function createClusterBus(): Bus {
  const listeners: BusListener[] = [];
  const onMessage = (message: unknown) => {
    if (!isBusEnvelope(message)) return;
    for (const listener of listeners) listener.message(message.text);
  };
  process.on('message', onMessage);
  return {
    kind: 'cluster',
    async publish(text) {
      const envelope: BusEnvelope = { type: messageType, text };
      // A worker whose channel to the primary closed is being stopped: nothing to tell.
      if (process.connected) process.send?.(envelope);
    },
    listen: (listener) => void listeners.push(listener),
    async close() {
      process.off('message', onMessage);
      listeners.length = 0;
    },
  };
}

/** The primary's part: a bus message from one worker goes to every worker, itself included. */
export function relayBusMessages(message: unknown): boolean {
  if (!isBusEnvelope(message)) return false;
  for (const worker of Object.values(cluster.workers ?? {})) {
    if (worker?.isConnected()) worker.send(message);
  }
  return true;
}
