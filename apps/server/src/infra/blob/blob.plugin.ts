import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createBlobStore } from './factory.js';
import { s3OptionsOf } from './s3-options.js';
import type { BlobStore } from './blob-store.js';
import type { Config } from '../../config/config.js';

declare module 'fastify' {
  interface FastifyInstance {
    blobs: BlobStore;
  }
}

async function blobs(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const store = await createBlobStore({
    storage: config.storage,
    dataDir: config.dataDir,
    s3: config.storage === 's3' ? s3OptionsOf(config) : undefined,
  });
  app.decorate('blobs', store);
  let closing = false;
  app.addHook('onClose', async () => {
    closing = true;
    await store.close();
  });
  // A wrong key or bucket makes every file request fail: say so once, in words, at start-up
  // rather than only as 503s (the check runs beside the start, which it does not hold up).
  void store.problem?.().then((problem) => {
    if (problem !== null && !closing) {
      app.log.error(`${problem}; file requests and /readyz answer 503 until it is fixed`);
    }
  });
  // What a crash of this machine's earlier processes left half-written (classic uploads cut
  // off by a kill or a forced shutdown) goes at start-up, not an hour later with the orphan
  // sweep; resumable uploads are whole files of their own and stay, to be resumed.
  if (store.kind === 'local') {
    try {
      const removed = (await store.sweepIncomplete?.(new Date(0))) ?? 0;
      if (removed > 0)
        app.log.info({ removed }, 'removed the unfinished files of a crashed process');
    } catch (error) {
      // The orphan sweep tries again; /healthz says whether the store works at all.
      app.log.warn({ err: error }, 'could not look for unfinished files at start-up');
    }
  }
}

export default fp(blobs, { name: 'blobs', dependencies: [] });
