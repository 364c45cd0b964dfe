import type { Bus, BusListener } from './port.js';

/** One process on its own: a message reaches this process's listeners only. */
export function createMemoryBus(): Bus {
  const listeners: BusListener[] = [];
  return {
    kind: 'memory',
    async publish(message) {
      for (const listener of listeners) listener.message(message);
    },
    listen: (listener) => void listeners.push(listener),
    async close() {
      listeners.length = 0;
    },
  };
}
