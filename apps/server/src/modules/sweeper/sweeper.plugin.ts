import { abandonStalledSubmissions } from '../requests/submission-uploads.js';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { deleteExpiredAdminSessions } from '../moderation/admin-sessions.js';
import { deleteOldAudit } from '../moderation/audit-log.js';
import { sweepOrphanBlobs } from './orphan-sweep.js';
import { abandonStarvedUploads } from '../files/upload-reservations.js';
import { createSweeper, type Sweeper } from './sweeper.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    sweeper: Sweeper;
  }
}

/** Orphan blobs need a listing of the whole store, so that runs every tenth sweep only. */
const orphanEvery = 10;

async function sweeper(
  app: FastifyInstance,
  opts: {
    config: Config;
    clock: Clock;
    /**
     * Sweep every SWEEP_INTERVAL_SECONDS. Off in tests (they call runOnce()) and in every
     * worker but the one the primary names.
     */
    autoStart: boolean;
  },
) {
  const instance = createSweeper({
    db: app.db.kysely,
    clock: opts.clock,
    ends: app.shareEnds,
    async abandonStalledUploads(now) {
      const stalledBefore = new Date(now.getTime() - opts.config.uploadStallSeconds * 1000);
      const stalled =
        (await app.shareEnds.abandonStalledUploads(stalledBefore)) +
        (await abandonStalledSubmissions(app.db.kysely, app.shareEnds, stalledBefore));
      // Uploads that keep a reservation alive with a trickle free it too.
      const { uploadFloor } = opts.config;
      return (
        stalled + (await abandonStarvedUploads(app.db.kysely, app.shareEnds, now, uploadFloor))
      );
    },
    sweepOrphans: (now) => sweepOrphanBlobs(app.db.kysely, app.blobs, now),
    async afterSweep(result) {
      if (result.rows > 0) await app.db.compact();
      const now = opts.clock.now();
      await app.mailer.sweep?.(now);
      // The console's ended sessions and audit rows past their year (docs/design.md#moderation).
      await deleteExpiredAdminSessions(app.db.kysely, now);
      await deleteOldAudit(app.db.kysely, now);
    },
  });
  app.decorate('sweeper', instance);
  if (!opts.autoStart) return;

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let runs = 0;
  let busy = false;
  const tick = () => {
    // A run clearing a large backlog can outlast the interval: never two at once.
    if (busy) return;
    busy = true;
    const orphans = runs++ % orphanEvery === 0;
    running = instance
      .runOnce({ orphans })
      .then((result) => {
        app.metrics.sweeps.inc({ result: 'ok' });
        app.metrics.reclaimed.inc({ kind: 'row' }, result.rows);
        app.metrics.reclaimed.inc({ kind: 'blob' }, result.blobs);
        app.metrics.reclaimed.inc({ kind: 'orphan' }, result.orphans);
        if (result.rows + result.orphans > 0) app.log.info(result, 'sweep reclaimed shares');
      })
      .catch((error: unknown) => {
        app.metrics.sweeps.inc({ result: 'error' });
        app.log.error({ err: error }, 'sweep failed; will retry next interval');
      })
      .finally(() => {
        busy = false;
      });
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, opts.config.sweepIntervalSeconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

export default fp(sweeper, {
  name: 'sweeper',
  dependencies: ['db', 'blobs', 'shares', 'mailer', 'metrics'],
});
