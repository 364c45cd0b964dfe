import cluster from 'node:cluster';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import type { Bus } from './port.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Small signals to every process of every instance (live rooms, creators' views). */
    bus: Bus;
  }
}

/** The bus's one channel (a PostgreSQL identifier too). */
const channel = 'codedrop_live';

/**
 * Redis when configured (every instance), else PostgreSQL's LISTEN/NOTIFY (every instance
 * on that database), else the primary of this machine's workers, else this process alone.
 * Each adapter is imported only when chosen (docs/design.md#start-up).
 */
async function openBus(app: FastifyInstance, config: Config): Promise<Bus> {
  if (config.redisUrl !== null) {
    const { createRedisBus } = await import('./redis.js');
    return createRedisBus(config.redisUrl, `${config.redisKeyPrefix}${channel}`);
  }
  if (config.database.kind === 'postgres') {
    const { createPostgresBus } = await import('./postgres.js');
    const db = app.db.kysely;
    return createPostgresBus(config.database.url, channel, async (name, text) => {
      await sql`select pg_notify(${name}, ${text})`.execute(db);
    });
  }
  if (cluster.isWorker) {
    const { createClusterBus } = await import('./cluster.js');
    return createClusterBus();
  }
  const { createMemoryBus } = await import('./memory.js');
  return createMemoryBus();
}

async function bus(app: FastifyInstance, opts: { config: Config }) {
  const opened = await openBus(app, opts.config);
  app.decorate('bus', opened);
  app.addHook('onClose', async () => opened.close());
}

export default fp(bus, { name: 'bus', dependencies: ['db'] });
