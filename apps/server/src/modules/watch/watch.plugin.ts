import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../../infra/runtime/clock.js';
import { loadShareState } from './share-state.js';
import { createWatchHub, type Watcher } from './watch-hub.js';
import type { ShareState } from '@codedrop/contract';

declare module 'fastify' {
  interface FastifyInstance {
    /** Creators' live views of their shares (docs/design.md#a-creators-live-view). */
    shareWatch: {
      load(code: string): Promise<ShareState | null>;
      add(watcher: Watcher): void;
      remove(watcher: Watcher): void;
      /** Reads the state again for this process's watchers of `code` (its expiry came). */
      refresh(code: string): void;
      now(): Date;
      endAll(): void;
    };
  }
}

/** A creator's live view: every change of a share reaches the streams that watch it. */
async function watch(app: FastifyInstance, opts: { clock: Clock }) {
  const { clock } = opts;
  const load = (code: string) => loadShareState(app.db.kysely, code, clock.now());
  const hub = createWatchHub({
    bus: app.bus,
    origin: randomBytes(9).toString('base64url'),
    load,
    onError: (error) => app.log.warn({ err: error }, 'watch: a change could not be handled'),
  });
  app.shareChanges.listen((code) => hub.changed(code));
  app.decorate('shareWatch', {
    load,
    add: hub.add,
    remove: hub.remove,
    refresh: hub.refresh,
    now: () => clock.now(),
    endAll: hub.endAll,
  });
  // Before the server stops listening: it waits for open connections, and a stream stays open.
  app.addHook('preClose', async () => hub.endAll());
}

export default fp(watch, { name: 'watch', dependencies: ['db', 'bus', 'shares'] });
