import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.js';
import { storageFullError, tooLargeError } from './files.errors.js';

/**
 * What every upload passes before its first byte is read: the creation limit, a declared
 * length within `maxBody`, the client's hourly upload bytes, the service's storage
 * quota and the data disk's reserve. Without a declared length the upload is charged as the largest one allowed.
 * Until the handler removes it, `Connection: close` makes sure a body we stop reading
 * early is never parsed as the next request.
 */
export async function admitUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  maxBody: number,
): Promise<void> {
  reply.header('connection', 'close');
  await app.limits.creation(request);
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (declared > maxBody) throw tooLargeError(config.maxFileBytes);
  const charged = Number.isFinite(declared) ? Math.max(declared, 1) : maxBody;
  await app.limits.uploadBytes(request, charged);
  await app.files.assertStorageRoom(charged);
  await assertDiskRoom(app, charged, reply.raw);
}

/** Refuses with 507 bytes that would eat into the data disk's reserve (infra/disk). */
export async function assertDiskRoom(
  app: FastifyInstance,
  bytes: number,
  until?: FastifyReply['raw'],
): Promise<void> {
  if (!(await app.diskRoom.hasRoomFor(bytes, until))) throw storageFullError();
}
