import multipart from '@fastify/multipart';
import {
  maxEnvelopeChars,
  messages,
  takeDownloadEndpoint,
  uploadFilesEndpoint,
} from '@codedrop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.js';
import { AppError } from '../../http/app-error.js';
import { encryptedSize } from '@codedrop/crypto';
import { malformedUpload } from './files.errors.js';
import type { FileService, StoredBlob } from './files.service.js';
import type { UploadFields } from './upload-fields.js';
import { decodeFormDataFileName } from './file-names.js';
import { asLookup, requireCode } from '../../http/guards.js';
import { admitUpload } from './upload-admission.js';
import { route } from '../../http/route.js';

export default async function fileRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const files = app.files;
  await app.register(multipart, {
    limits: {
      fields: 8,
      files: config.maxFilesPerShare,
      parts: config.maxFilesPerShare + 9,
      // The envelope is the largest field.
      fieldSize: maxEnvelopeChars + 1024,
      // A backstop only: the service cuts each stream off at the exact room left itself.
      fileSize: encryptedSize(config.maxFileBytes) + 1,
    },
  });

  route(
    app,
    uploadFilesEndpoint,
    {
      schema: {
        summary:
          'Upload one or several files as one share (multipart/form-data: maxDownloads, expiresInSeconds?, encryptedPayload?, authVerifier?, recoveryEmail?, recoveryPassword?, then one `file` part per file)',
        consumes: ['multipart/form-data'],
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
      }
      // Each further file adds its part headers and, encrypted, a stream header and a tag.
      const maxBody =
        encryptedSize(config.maxFileBytes) + maxEnvelopeChars + config.maxFilesPerShare * 2048;
      await admitUpload(app, request, reply, config, { door: 'body', maxBytes: maxBody });
      const created = await readUpload(request, files, config.maxFilesPerShare);
      reply.removeHeader('connection');
      app.metrics.sharesCreated.inc({ type: 'file' });
      return reply.status(201).send(created);
    },
  );

  route(
    app,
    takeDownloadEndpoint,
    {
      schema: {
        summary: "Take one download: a signed URL for each of the share's files, valid 300 s",
      },
    },
    async (request) => {
      const code = requireCode(request.params.code, config);
      const authKey = request.body?.authKey;
      const taken = await asLookup(app, request, () => files.download(code, authKey));
      app.shareChanges.changed(code);
      return taken;
    },
  );
}

/**
 * Reads the whole multipart body: text fields, then the files, each stored as it arrives;
 * the share row is written only after the body ended cleanly, so a failure at any part (a
 * file past the limits, a truncated ending, a garbled header) keeps nothing.
 */
async function readUpload(request: FastifyRequest, files: FileService, maxFiles: number) {
  const raw: Record<string, string> = {};
  const parts = request.parts()[Symbol.asyncIterator]();
  let fields: UploadFields | null = null;
  const stored: StoredBlob[] = [];
  try {
    for (;;) {
      const next = await parts.next().catch((error: unknown) => {
        throw parserError(error, maxFiles);
      });
      if (next.done === true) break;
      const part = next.value;
      if (part.type === 'field') {
        // Fields after a file come too late to shape it; like a browser's, they are ignored.
        if (stored.length > 0) continue;
        if (part.valueTruncated) {
          throw new AppError('PAYLOAD_TOO_LARGE', `The field ${part.fieldname} is too large`);
        }
        raw[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        throw AppError.validation(part.fieldname, messages.filesField);
      }
      fields ??= files.parseFields(raw);
      const incoming = {
        fileName: decodeFormDataFileName(part.filename),
        mimeType: part.mimetype,
        stream: part.file,
      };
      stored.push(await files.storeBlob(fields, incoming, stored));
    }
  } catch (error) {
    await Promise.all(stored.map((blob) => files.discard(blob)));
    throw error;
  }
  if (stored.length === 0 || fields === null) {
    files.parseFields(raw);
    throw AppError.validation('file', messages.fileRequired);
  }
  return files.complete(fields, stored);
}

/** What the multipart parser raised, as the client's error it is (never a 500). */
function parserError(error: unknown, maxFiles: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  // busboy's limits: a file part past MAX_FILES_PER_SHARE, or too many parts in all.
  if (code === 'FST_FILES_LIMIT')
    return AppError.validation('file', messages.tooManyFiles(maxFiles));
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return AppError.validation('body', 'The upload has too many parts');
  }
  // Everything else the parser throws (no or wrong boundary, a malformed part header, an
  // unexpected end of form, a premature close) is a broken body.
  return malformedUpload();
}
