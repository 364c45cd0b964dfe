import {
  createRoomEndpoint,
  editRoomEndpoint,
  lookupRoomEndpoint,
  roomEventsEndpoint,
  unlockRoomEndpoint,
} from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';
import { asLookup, requireCode } from '../../http/guards.js';
import { route } from '../../http/route.js';
import { openRoomStream } from './room-stream.js';

const editWindowSeconds = 60;

/** `Last-Event-ID`: the version a reconnecting device has; -1 (none) otherwise. */
function lastVersion(header: string | string[] | undefined): number {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : -1;
}

export default async function roomRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  // A sealed text at the clipboard's limit, with room for JSON and base64.
  const bodyLimit = Math.max(6 * config.maxTextChars, 3 * 1024 * 1024);

  route(
    app,
    createRoomEndpoint,
    {
      bodyLimit,
      schema: { summary: 'Create a live room: one text kept the same on every device' },
    },
    async (request, reply) => {
      await app.limits.creation(request);
      return reply.status(201).send(await app.rooms.create(request.body));
    },
  );

  route(
    app,
    lookupRoomEndpoint,
    { schema: { summary: 'Look up a live room: whether it is encrypted, its devices' } },
    async (request) => {
      const code = requireCode(request.params.code, config);
      return asLookup(app, request, () => app.rooms.view(code));
    },
  );

  route(
    app,
    unlockRoomEndpoint,
    { schema: { summary: "Exchange an encrypted room's authKey for its room token" } },
    async (request) => {
      const code = requireCode(request.params.code, config);
      return asLookup(app, request, () => app.rooms.unlock(code, request.body.authKey));
    },
  );

  route(
    app,
    editRoomEndpoint,
    { bodyLimit, schema: { summary: "Replace a live room's text (the last edit wins)" } },
    async (request) => {
      const code = requireCode(request.params.code, config);
      const client = app.limits.client(request);
      await app.limits.consume(`room-edit:${client}`, config.rateLimitRoomEdits, editWindowSeconds);
      return asLookup(app, request, () =>
        app.rooms.edit(code, request.body, request.headers.authorization),
      );
    },
  );

  route(
    app,
    roomEventsEndpoint,
    { schema: { summary: "A live room's events (text/event-stream): its text, devices, end" } },
    async (request, reply) => {
      const code = requireCode(request.params.code, config);
      const { device } = request.query;
      const room = await asLookup(app, request, () =>
        app.rooms.admit(code, request.headers.authorization),
      );
      const holder = app.roomHolders.next();
      await app.rooms.join(code, device, holder);
      reply.hijack();
      const stream = openRoomStream(reply.raw, {
        code,
        expiresAt: room.record.expiresAt,
        now: app.rooms.now(),
        lastVersion: lastVersion(request.headers['last-event-id']),
        onClose() {
          app.roomHub.remove(stream);
          app.rooms.leave(code, device, holder).catch((error: unknown) => {
            request.log.warn({ err: error }, 'room: a device could not be counted out');
          });
        },
      });
      app.roomHub.add(stream);
      // Counted after the stream is in: this device, and every other join meanwhile.
      app.roomHub.devicesChanged(code);
      try {
        const text = await app.rooms.currentText(code);
        if (text === null) stream.end('deleted');
        else stream.sendText(text);
      } catch (error) {
        request.log.warn({ err: error }, 'room: the text could not be read for a new stream');
        stream.end('restarting');
      }
    },
  );
}
