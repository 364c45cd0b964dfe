import { randomBytes } from 'node:crypto';
import cluster from 'node:cluster';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import type { Secrets } from '../../config/secrets.js';
import type { Bus } from '../../infra/bus/port.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { keepHolding, releaseHolder } from './room-devices.repository.js';
import { createRoomHub, type RoomHub } from './room-hub.js';
import { roomTokenKey } from './room-token.js';
import { createRoomService, deviceStaleMs, type RoomService } from './rooms.service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Live rooms: rows of `shares`, their devices and their edits. */
    rooms: RoomService;
    /** This process's room streams, and the fan-out to and from the other processes. */
    roomHub: RoomHub;
    /** Names each stream's connection for its row of `room_devices`. */
    roomHolders: { next(): string };
  }
}

/** The bus's one channel (a PostgreSQL identifier too). */
const channel = 'codedrop_rooms';

/**
 * The bus the rooms' signals travel on: Redis when configured (every instance), else
 * PostgreSQL's LISTEN/NOTIFY (every instance on that database), else the primary of this
 * machine's workers, else this process alone.
 */
async function openBus(app: FastifyInstance, config: Config): Promise<Bus> {
  if (config.redisUrl !== null) {
    const { createRedisBus } = await import('../../infra/bus/redis.js');
    return createRedisBus(config.redisUrl, `${config.redisKeyPrefix}${channel}`);
  }
  if (config.database.kind === 'postgres') {
    const { createPostgresBus } = await import('../../infra/bus/postgres.js');
    const db = app.db.kysely;
    return createPostgresBus(config.database.url, channel, async (name, text) => {
      await sql`select pg_notify(${name}, ${text})`.execute(db);
    });
  }
  if (cluster.isWorker) {
    const { createClusterBus } = await import('../../infra/bus/cluster.js');
    return createClusterBus();
  }
  const { createMemoryBus } = await import('../../infra/bus/memory.js');
  return createMemoryBus();
}

/** Live rooms (docs/design.md#live-rooms). */
async function rooms(
  app: FastifyInstance,
  opts: { config: Config; secrets: Secrets; clock: Clock },
) {
  const { config, clock } = opts;
  const processId = randomBytes(9).toString('base64url');
  let connections = 0;
  const bus = await openBus(app, config);
  const hub = createRoomHub({
    bus,
    origin: processId,
    loadText: (code) => service.currentText(code),
    loadDevices: (code) => service.devices(code),
    onError: (error) => app.log.warn({ err: error }, 'room: a signal could not be handled'),
  });
  const service = createRoomService({
    db: app.db.kysely,
    dialect: app.db.dialect,
    clock,
    codes: app.codes,
    escrow: app.escrow,
    verifyAuthKey: app.verifyAuthKey,
    hub,
    tokenKey: roomTokenKey(opts.secrets.urlSigningKey),
    limits: config,
  });
  app.decorate('rooms', service);
  app.decorate('roomHub', hub);
  app.decorate('roomHolders', { next: () => `${processId}:${++connections}` });

  // A room ended early (its creator, the lockout, an operator): its devices are told now.
  app.shareEnds.onEnded((code, reason) => {
    if (reason === 'deleted' || reason === 'destroyed') hub.ended(code, reason);
    else if (reason === 'removed' || reason === 'blocked') hub.ended(code, 'deleted');
  });

  // This process's connections are still open: their rows keep counting.
  const renew = setInterval(() => {
    if (hub.streams === 0) return;
    keepHolding(app.db.kysely, processId, clock.now(), deviceStaleMs).catch((error: unknown) =>
      app.log.warn({ err: error }, 'room: devices could not be renewed'),
    );
  }, deviceStaleMs / 3);
  renew.unref();

  // Before the server stops listening: it waits for open connections, and a stream stays open.
  app.addHook('preClose', async () => hub.endAll());
  app.addHook('onClose', async () => {
    clearInterval(renew);
    hub.endAll();
    await releaseHolder(app.db.kysely, processId).catch(() => {});
    await bus.close();
  });
}

export default fp(rooms, { name: 'rooms', dependencies: ['db', 'shares'] });
