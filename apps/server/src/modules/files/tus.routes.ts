import {
  continueUploadEndpoint,
  createUploadEndpoint,
  messages,
  uploadOptionsEndpoint,
  uploadsOptionsEndpoint,
} from '@codedrop/contract';
import { plaintextSize } from '@codedrop/crypto';
import { Metadata } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { newBlobKey } from '../../infra/blob/port.js';
import type { Config } from '../../config/config.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { tooLargeError } from './files.errors.js';
import { assertDiskRoom } from './upload-admission.js';
import { cleanMimeType, cleanUploadName, encryptedFileName } from './file-names.js';
import { addressHasher } from '../moderation/address-hash.js';
import { clearedSecrets } from '../shares/share-endings.js';
import { endedUploadError, recordUploadProgress } from './upload-progress.js';
import { assertWithinReservations } from './upload-reservations.js';
import { isUploadSecret, uploadSecret, uploadSecretHeader } from './upload-secret.js';
import type { Secrets } from '../../config/secrets.js';
import { assertUploadBodyType } from './upload-guards.js';
import { passTusHeaders, toWebRequest, tusProblem } from './tus-bridge.js';
import { route } from '../../http/route.js';

/** The fields of Upload-Metadata that become the share's (as the multipart upload's fields). */
const shareFields = [
  'maxDownloads',
  'expiresInSeconds',
  'encryptedPayload',
  'authVerifier',
  'recoveryEmail',
  'recoveryPassword',
] as const;

/**
 * Resumable uploads, tus 1.0 (docs/api.md#resumable-uploads). Our routes check what tus
 * cannot know (the share's fields, the size limits, the rate limits, the chunk size), make
 * the share at creation, and keep its progress; the tus server does the protocol.
 */
export default async function uploadRoutes(
  app: FastifyInstance,
  opts: { config: Config; clock: Clock; secrets: Secrets },
) {
  const { config, clock } = opts;
  const { urlSigningKey } = opts.secrets;
  const { tus, idFor } = app.uploads;
  const db = app.db.kysely;
  const clientHash = addressHasher(urlSigningKey);
  // Chunks stream to the store as they arrive: Fastify must not read them, nor any other body.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => {
    done(null);
  });
  app.addHook('onRequest', async (request) => assertUploadBodyType(request));

  /** Sends tus's answer, or the API's problem for its errors. */
  async function relay(response: Response, reply: FastifyReply) {
    passTusHeaders(response, reply);
    if (response.status >= 400) throw await tusProblem(response, config.maxFileBytes);
    return reply.status(response.status).send();
  }

  /** A chunk must say its length, within UPLOAD_CHUNK_BYTES, before a byte is read. */
  function checkChunk(request: FastifyRequest) {
    const raw = request.headers['content-length'];
    if (raw === undefined) {
      if (request.method === 'POST') return;
      throw new AppError('LENGTH_REQUIRED');
    }
    if (Number(raw) > config.uploadChunkBytes) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `Send at most ${config.uploadChunkBytes} bytes per chunk (UPLOAD_CHUNK_BYTES)`,
      );
    }
  }

  /** After a chunk (or a HEAD that finds every byte): progress, and readiness at the end. */
  async function afterProgress(key: string, offset: number) {
    const declared = await recordUploadProgress(db, key, offset, clock.now());
    if (declared !== null && offset === declared) await app.uploads.complete(key, declared);
  }

  route(
    app,
    createUploadEndpoint,
    {
      schema: {
        summary:
          'Begin a resumable upload (tus 1.0 creation): Upload-Length, Upload-Metadata with filename, filetype, maxDownloads, expiresInSeconds?, encryptedPayload?, authVerifier?; answers the share at once (CodeDrop-Code header and body) and its CodeDrop-Upload-Secret',
      },
    },
    async (request, reply) => {
      reply.header('tus-resumable', '1.0.0');
      checkChunk(request);
      const declared = uploadLength(request.headers);
      const metadata = uploadMetadata(request.headers['upload-metadata']);
      const raw: Record<string, string> = {};
      for (const field of shareFields) {
        const value = metadata[field];
        if (value !== undefined && value !== null) raw[field] = value;
      }
      const fields = app.files.parseFields(raw);
      const encrypted = fields.encryptedPayload !== undefined;
      const name = encrypted ? encryptedFileName : cleanUploadName(metadata.filename ?? '');
      if (name === '') throw AppError.validation('filename', messages.fileRequired);
      const plain = encrypted ? plaintextSize(declared) : declared;
      if (plain === null) {
        throw AppError.validation('Upload-Length', 'No encrypted file can have this length');
      }
      if (plain > config.maxFileBytes) throw tooLargeError(config.maxFileBytes);
      // What this client's running uploads already reserve of the quota comes first, so a
      // refusal for it costs nothing of the client's hourly budgets.
      const client = clientHash(app.limits.client(request));
      const caps = config.uploadReservations;
      const limited = !config.rateLimitDisabled;
      if (limited) {
        await assertWithinReservations(db, client, caps, { uploads: 1, bytes: declared });
      }
      await app.limits.creation(request);
      await app.limits.uploadBytes(request, Math.max(declared, 1));
      await app.files.assertStorageRoom(declared);
      await assertDiskRoom(app, declared);

      const key = newBlobKey(encrypted ? null : name, clock.now().getTime());
      const mime = encrypted ? 'application/octet-stream' : cleanMimeType(metadata.filetype ?? '');
      const created = await app.files.insert(fields, [{ key, name, mime, size: declared }], {
        client,
      });
      let response: Response;
      try {
        // Again with its row in: uploads begun at the same moment see one another.
        if (limited) await assertWithinReservations(db, client, caps);
        const webRequest = toWebRequest(request);
        idFor.set(webRequest, key);
        response = await tus.handleWeb(webRequest);
        if (response.status !== 201) throw await tusProblem(response, config.maxFileBytes);
      } catch (error) {
        // Nothing was promised yet: the share goes as if it had never been.
        await db.deleteFrom('shares').where('code', '=', created.code).execute();
        await app.uploads.forget([key]).catch(() => undefined);
        await app.blobs.delete(key).catch(() => undefined);
        throw error;
      }
      passTusHeaders(response, reply);
      // A creation without a body has stored nothing: a zero-length upload is complete.
      await afterProgress(key, Number(response.headers.get('upload-offset') ?? 0));
      app.metrics.sharesCreated.inc({ type: 'file' });
      return reply
        .status(201)
        .header('codedrop-code', created.code)
        .header('codedrop-delete-token', created.deleteToken)
        .header(uploadSecretHeader, uploadSecret(urlSigningKey, key))
        .send(created);
    },
  );

  const uploadParams = z.object({ id: z.string() });
  route(
    app,
    continueUploadEndpoint,
    {
      schema: {
        summary:
          'tus 1.0: HEAD (offset), PATCH (a chunk), DELETE (give up the upload), each with the CodeDrop-Upload-Secret its creation answered',
      },
    },
    async (request, reply) => {
      const { id } = uploadParams.parse(request.params);
      reply.header('tus-resumable', '1.0.0');
      // Without its secret an upload is answered as one that does not exist: the address
      // alone (in a log, a proxy, a history) tells nothing and writes nothing.
      if (!isUploadSecret(urlSigningKey, id, request.headers[uploadSecretHeader])) {
        throw new AppError('UPLOAD_NOT_FOUND');
      }
      const patch = request.method === 'PATCH';
      if (patch) {
        checkChunk(request);
        await refuseEnded(id);
        await assertChunkRoom(request, reply);
      }
      if (request.method === 'DELETE') await refuseUnderReview(id);
      let response: Response;
      try {
        response = await tus.handleWeb(toWebRequest(request));
        if (response.status < 400) {
          const offset = Number(response.headers.get('upload-offset') ?? NaN);
          const length = Number(response.headers.get('upload-length') ?? NaN);
          if (patch && Number.isFinite(offset)) await afterProgress(id, offset);
          // A client whose last answer was lost asks where it stands: finish what is whole.
          if (request.method === 'HEAD' && offset === length) await afterProgress(id, offset);
          if (request.method === 'DELETE') await abandon(id);
        }
        if (request.method === 'DELETE' && response.status >= 500 && (await giveUpOnFullDisk(id))) {
          return reply.status(204).send();
        }
      } catch (error) {
        // The share ended while the chunk streamed in (its file deleted under the write).
        if (patch) await refuseEnded(id);
        throw error;
      }
      if (patch) await refuseEnded(id);
      if (patch && response.status >= 400) await recordStored(id);
      // The disk had no room for the chunk: the rest of its body is not worth reading.
      if (response.status === 507) reply.header('connection', 'close');
      return relay(response, reply);
    },
  );

  for (const endpoint of [uploadsOptionsEndpoint, uploadOptionsEndpoint]) {
    route(app, endpoint, {}, async (request, reply) =>
      relay(await tus.handleWeb(toWebRequest(request)), reply),
    );
  }

  /**
   * A chunk that failed (its connection dropped) still stored what arrived before: that
   * is progress, for the recipient's view and for the rules that reclaim starved uploads.
   */
  async function recordStored(key: string) {
    try {
      const { offset } = await tus.datastore.getUpload(key);
      await recordUploadProgress(db, key, offset, clock.now());
    } catch {
      // Gone, or the store is down: the next chunk records it.
    }
  }

  /** A chunk for a share that was deleted, expired or abandoned is refused (410, 404). */
  async function refuseEnded(key: string) {
    const ended = await endedUploadError(db, key, clock.now());
    if (ended !== null) throw ended;
  }

  /** A share held for review keeps its bytes for the operator: giving up is refused. */
  async function refuseUnderReview(key: string) {
    const row = await db
      .selectFrom('shares')
      .select('quarantined_at')
      .where('first_file_key', '=', key)
      .executeTakeFirst();
    if (row !== undefined && row.quarantined_at !== null) throw new AppError('SHARE_UNDER_REVIEW');
  }

  /**
   * A chunk's bytes must leave the data disk's reserve free (507 before a byte is read);
   * the refused body is not worth reading, and the connection closes after the answer.
   */
  async function assertChunkRoom(request: FastifyRequest, reply: FastifyReply) {
    try {
      await assertDiskRoom(app, Number(request.headers['content-length'] ?? 0), reply.raw);
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
  }

  /**
   * Giving up failed (tus could not record its lease or forget the upload) while the disk
   * has no room: the upload's bytes go first, which makes the room to record the rest.
   * Only an unfinished upload: a finished one is a share, deleted with its token.
   */
  async function giveUpOnFullDisk(key: string): Promise<boolean> {
    if (await app.diskRoom.hasReserve()) return false;
    const row = await db
      .selectFrom('shares')
      .select('upload_received')
      .where('first_file_key', '=', key)
      .executeTakeFirst();
    if (row === undefined || row.upload_received === null) return false;
    await app.blobs.delete(key);
    await app.uploads.forget([key]);
    await abandon(key);
    return true;
  }

  /** The uploader gave up (tus termination): the share goes with its upload. */
  async function abandon(key: string) {
    await db
      .updateTable('shares')
      .set({ gone: true, gone_reason: 'deleted', reclaim_after: clock.now(), ...clearedSecrets })
      .where('first_file_key', '=', key)
      .where('upload_received', 'is not', null)
      .execute();
  }
}

/** Upload-Length: required (deferred lengths are not offered), a whole number of bytes. */
function uploadLength(headers: FastifyRequest['headers']): number {
  if (headers['upload-defer-length'] !== undefined || headers['upload-concat'] !== undefined) {
    throw AppError.validation(
      'Upload-Length',
      'Declare the length with Upload-Length (deferred lengths and concatenation are not supported)',
    );
  }
  const raw = headers['upload-length'];
  if (typeof raw !== 'string' || !/^\d{1,15}$/.test(raw)) {
    throw AppError.validation('Upload-Length', 'Upload-Length must be the number of bytes');
  }
  return Number(raw);
}

function uploadMetadata(raw: string | string[] | undefined): Record<string, string | null> {
  if (raw === undefined) return {};
  try {
    return Metadata.parse(Array.isArray(raw) ? raw.join(',') : raw) ?? {};
  } catch {
    throw AppError.validation(
      'Upload-Metadata',
      'Upload-Metadata must be comma-separated "key base64value" pairs',
    );
  }
}
