import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.js';
import type { DiskRoom } from '../../infra/disk/port.js';
import { storageFullError, tooLargeError } from './files.errors.js';
import { assertWithinReservations } from './upload-reservations.js';

/** How an upload's bytes come, as its door declares them before the first one is read. */
export type UploadClaim =
  /** Multipart and `PUT /{name}`: in this request's body, as long as its Content-Length. */
  | { door: 'body'; maxBytes: number }
  /**
   * A tus creation: `declared` (Upload-Length) bytes in later chunks, reserved in the quota
   * while the upload runs, by `client` (a keyed hash of its address).
   */
  | { door: 'resumable'; declared: number; maxBytes: number; client: string };

/**
 * What every upload passes before its first byte is read, whichever its door: a declared
 * length within `maxBytes`, the client's running resumable uploads (tus only), the creation
 * limit, the client's hourly upload bytes, the storage quota and the data disk's reserve.
 * A refusal by length or by reservations costs nothing of the client's hourly budgets.
 * Without a declared length, a body is charged as the largest one allowed.
 */
export async function admitUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  config: Config,
  claim: UploadClaim,
): Promise<void> {
  const inBody = claim.door === 'body';
  // Until the handler removes it, a body we stop reading early is never parsed as the next request.
  if (inBody) reply.header('connection', 'close');
  const declared = inBody ? Number(request.headers['content-length'] ?? NaN) : claim.declared;
  if (declared > claim.maxBytes) throw tooLargeError(config.maxFileBytes);
  const bytes = Number.isFinite(declared) ? declared : claim.maxBytes;
  if (!inBody && !config.rateLimitDisabled) {
    await assertWithinReservations(app.db.kysely, claim.client, config.uploadReservations, {
      uploads: 1,
      bytes,
    });
  }
  await app.limits.creation(request);
  await app.limits.uploadBytes(request, Math.max(bytes, 1));
  await app.files.assertStorageRoom(bytes);
  // A body's bytes arrive now: the disk counts them as taken until its request closes.
  await assertDiskRoom(app.diskRoom, bytes, inBody ? reply.raw : undefined);
}

/** Refuses with 507 bytes that would eat into the data disk's reserve (infra/disk). */
export async function assertDiskRoom(
  diskRoom: Pick<DiskRoom, 'hasRoomFor'>,
  bytes: number,
  until?: Parameters<DiskRoom['hasRoomFor']>[1],
): Promise<void> {
  if (!(await diskRoom.hasRoomFor(bytes, until))) throw storageFullError();
}
