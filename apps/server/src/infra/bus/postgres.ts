import type pg from 'pg';
import type { Bus, BusListener } from './port.js';

/** How long the listening connection waits before connecting again after losing it. */
const reconnectMs = 1_000;

/**
 * Every process of every instance through PostgreSQL's LISTEN/NOTIFY: one connection of its
 * own listens (a pooled one cannot: LISTEN belongs to a session), and messages go out with
 * `pg_notify` through `notify`, the pool's. A lost connection is made again, and listeners
 * then hear `resync`.
 */
export function createPostgresBus(
  url: string,
  channel: string,
  notify: (channel: string, text: string) => Promise<void>,
): Bus {
  const listeners: BusListener[] = [];
  let client: pg.Client | null = null;
  let closed = false;
  let connectedOnce = false;

  async function connect(): Promise<void> {
    if (closed) return;
    const { default: driver } = await import('pg');
    const next = new driver.Client({ connectionString: url, keepAlive: true });
    const retry = () => {
      if (client === next) client = null;
      next.removeAllListeners();
      next.on('error', () => {});
      void next.end().catch(() => {});
      if (!closed) setTimeout(() => void connect(), reconnectMs).unref();
    };
    next.on('error', retry);
    next.on('end', retry);
    next.on('notification', (note) => {
      if (note.channel !== channel || note.payload === undefined) return;
      for (const listener of listeners) listener.message(note.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel.replace(/"/g, '""')}"`);
    } catch {
      retry();
      return;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    if (connectedOnce) for (const listener of listeners) listener.resync();
    connectedOnce = true;
  }
  const listening = connect();

  return {
    kind: 'postgres',
    async publish(text) {
      await listening;
      await notify(channel, text);
    },
    listen: (listener) => void listeners.push(listener),
    async close() {
      closed = true;
      listeners.length = 0;
      await listening;
      const open = client;
      client = null;
      open?.removeAllListeners();
      open?.on('error', () => {});
      await open?.end().catch(() => {});
    },
  };
}
