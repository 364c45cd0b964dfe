import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { downloadTokenKey } from '../downloads/download-token.js';
import { createFileService, type FileService } from './files.service.js';
import type { Secrets } from '../../config/secrets.js';

declare module 'fastify' {
  interface FastifyInstance {
    files: FileService;
  }
}

/**
 * File shares: the upload service behind the multipart, tus and `PUT` doors, and the
 * download URLs that serve them.
 */
async function files(
  app: FastifyInstance,
  opts: { config: Config; secrets: Secrets; clock: Clock },
) {
  const { config } = opts;
  app.decorate(
    'files',
    createFileService({
      db: app.db.kysely,
      blobs: app.blobs,
      clock: opts.clock,
      codes: app.codes,
      escrow: app.escrow,
      shares: app.shares,
      urlSigningKey: downloadTokenKey(opts.secrets.urlSigningKey),
      presignedDownloads: config.s3PresignedDownloads,
      publicUrl: config.publicUrl,
      limits: config,
      onOutOfSpace: () => app.diskRoom.noteFull(),
      ends: app.shareEnds,
      uploads: app.uploads,
      diskRoom: app.diskRoom,
      reservations: config.rateLimitDisabled ? null : config.uploadReservations,
    }),
  );
}

export default fp(files, {
  name: 'files',
  dependencies: ['db', 'blobs', 'shares', 'disk-room', 'uploads'],
});
