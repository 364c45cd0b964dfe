import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDb, migrateFor, type Db } from './index.js';
import type { Config } from '../../config/config.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

async function db(app: FastifyInstance, opts: { database: Config['database'] }) {
  const database = createDb(opts.database);
  try {
    await migrateFor(opts.database, database);
  } catch (error) {
    await database.close();
    throw error;
  }
  app.decorate('db', database);
  app.addHook('onClose', async () => database.close());
}

export default fp(db, { name: 'db', dependencies: [] });
