import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import { createDiskRoom, type DiskRoom } from './disk-room.js';

declare module 'fastify' {
  interface FastifyInstance {
    diskRoom: DiskRoom;
  }
}

/** The data disk's room (disk-room.ts), kept free of uploads by HEALTH_MIN_FREE_BYTES. */
async function diskRoom(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  app.decorate(
    'diskRoom',
    createDiskRoom({
      dir: config.dataDir,
      reserveBytes: config.healthMinFreeBytes,
      watched: config.database.kind === 'sqlite' || config.storage === 'local',
      uploadsLand: config.storage === 'local',
    }),
  );
}

export default fp(diskRoom, { name: 'disk-room', dependencies: [] });
