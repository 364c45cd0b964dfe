import multipart from '@fastify/multipart';
import {
  codeParamsSchema,
  createFileResponseSchema,
  downloadBodySchema,
  downloadResponseSchema,
  maxEnvelopeChars,
  messages,
  problemSchema,
} from '@codedrop/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { AppError } from '../domain/app-error.js';
import { encryptedSize } from '@codedrop/crypto';
import {
  malformedUpload,
  tooLargeError,
  type FileService,
  type StoredBlob,
} from '../domain/file-service.js';
import { decodeFormDataFileName } from '../domain/file-names.js';
import { asLookup, requireCode } from './guards.js';

const problems = { '4XX': problemSchema, '5XX': problemSchema };

export default async function fileRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const files = app.files;
  await app.register(multipart, {
    limits: {
      fields: 8,
      files: 1,
      parts: 10,
      // The envelope is the largest field.
      fieldSize: maxEnvelopeChars + 1024,
      // A backstop only: the service cuts the stream off at the exact limit itself.
      fileSize: encryptedSize(config.maxFileBytes) + 1,
    },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.post(
    '/api/files',
    {
      schema: {
        summary:
          'Upload a file (multipart/form-data: maxDownloads, expiresInSeconds?, encryptedPayload?, authVerifier?, recoveryEmail?, recoveryPassword?, then file)',
        consumes: ['multipart/form-data'],
        response: { 201: createFileResponseSchema, ...problems },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the file as multipart/form-data');
      }
      // A body we stop reading early must not be parsed as the next request.
      reply.header('connection', 'close');
      await app.limits.creation(request);
      const declared = Number(request.headers['content-length'] ?? NaN);
      const maxBody = encryptedSize(config.maxFileBytes) + maxEnvelopeChars + 64 * 1024;
      if (declared > maxBody) throw tooLargeError(config.maxFileBytes);
      // Without a declared length the upload is charged as the largest one allowed.
      const charged = Number.isFinite(declared) ? Math.max(declared, 1) : maxBody;
      await app.limits.uploadBytes(request, charged);
      await files.assertStorageRoom(charged);
      const created = await readUpload(request, files);
      reply.removeHeader('connection');
      app.metrics.sharesCreated.inc({ type: 'file' });
      return reply.status(201).send(created);
    },
  );

  routes.post(
    '/api/shares/:code/downloads',
    {
      schema: {
        summary: 'Take one download and get a signed URL valid 300 s',
        params: codeParamsSchema,
        body: downloadBodySchema.optional(),
        response: { 200: downloadResponseSchema, ...problems },
      },
    },
    async (request) => {
      const code = requireCode(request.params.code, config);
      const authKey = request.body?.authKey;
      return asLookup(app, request, () => files.download(code, authKey));
    },
  );
}

/**
 * Reads the whole multipart body: text fields, then exactly one file, stored as it
 * arrives; the share row is written only after the body ended cleanly, so a failure at any
 * part (a second file, a truncated ending, a garbled header) keeps nothing.
 */
async function readUpload(request: FastifyRequest, files: FileService) {
  const raw: Record<string, string> = {};
  const parts = request.parts()[Symbol.asyncIterator]();
  let fields: ReturnType<FileService['parseFields']> | null = null;
  let stored: StoredBlob | null = null;
  try {
    for (;;) {
      const next = await parts.next().catch((error: unknown) => {
        throw parserError(error);
      });
      if (next.done === true) break;
      const part = next.value;
      if (part.type === 'field') {
        // Fields after the file come too late to shape it; like a browser's, they are ignored.
        if (stored !== null) continue;
        if (part.valueTruncated) {
          throw new AppError('PAYLOAD_TOO_LARGE', `The field ${part.fieldname} is too large`);
        }
        raw[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== 'file' || stored !== null) {
        part.file.resume();
        throw AppError.validation(part.fieldname, messages.oneFileOnly);
      }
      fields = files.parseFields(raw);
      stored = await files.storeBlob(fields, {
        fileName: decodeFormDataFileName(part.filename),
        mimeType: part.mimetype,
        stream: part.file,
      });
    }
  } catch (error) {
    if (stored !== null) await files.discard(stored);
    throw error;
  }
  if (stored === null || fields === null) {
    files.parseFields(raw);
    throw AppError.validation('file', messages.fileRequired);
  }
  return files.insert(fields, stored);
}

/** What the multipart parser raised, as the client's error it is (never a 500). */
function parserError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  // busboy's limits: a part past `files: 1` is a second file, the rest too many parts.
  if (code === 'FST_FILES_LIMIT') return AppError.validation('file', messages.oneFileOnly);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return AppError.validation('body', 'The upload has too many parts');
  }
  // Everything else the parser throws (no or wrong boundary, a malformed part header, an
  // unexpected end of form, a premature close) is a broken body.
  return malformedUpload();
}
