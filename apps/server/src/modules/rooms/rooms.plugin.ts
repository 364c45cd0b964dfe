import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import type { Secrets } from '../../config/secrets.js';
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

/** Live rooms (docs/design.md#live-rooms). */
async function rooms(
  app: FastifyInstance,
  opts: { config: Config; secrets: Secrets; clock: Clock },
) {
  const { config, clock } = opts;
  const processId = randomBytes(9).toString('base64url');
  let connections = 0;
  const bus = app.bus;
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
  // Held for review: every device on every instance is told, as the room's lookup says.
  app.shareChanges.listen((code, change) => {
    if (change.quarantined === true) hub.ended(code, 'quarantined');
  });
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
  });
}

export default fp(rooms, { name: 'rooms', dependencies: ['db', 'bus', 'shares'] });
