import { Redis } from 'ioredis';
import type { Bus, BusListener } from './port.js';

/**
 * Every process of every instance through Redis pub/sub on one channel: a connection that
 * publishes and one that listens (a listening connection can do nothing else). ioredis
 * reconnects and subscribes again by itself; listeners then hear `resync`, since messages
 * published meanwhile are lost.
 */
export function createRedisBus(url: string, channel: string): Bus {
  const options = {
    maxRetriesPerRequest: 1,
    connectTimeout: 1_000,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
  };
  const publisher = new Redis(url, { ...options, enableOfflineQueue: false });
  const subscriber = new Redis(url, options);
  // Failures surface as missed messages and a resync; these keep ioredis from treating
  // connection errors as unhandled.
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  const listeners: BusListener[] = [];
  let readyOnce = false;
  subscriber.on('ready', () => {
    if (readyOnce) for (const listener of listeners) listener.resync();
    readyOnce = true;
  });
  subscriber.on('message', (_channel: string, text: string) => {
    for (const listener of listeners) listener.message(text);
  });
  const subscribed = subscriber.subscribe(channel).catch(() => {});
  return {
    kind: 'redis',
    async publish(text) {
      await subscribed;
      await publisher.publish(channel, text);
    },
    listen: (listener) => void listeners.push(listener),
    async close() {
      listeners.length = 0;
      publisher.disconnect();
      subscriber.disconnect();
    },
  };
}
