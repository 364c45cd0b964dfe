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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';
import { AppError } from '../domain/app-error.js';
import { encryptedSize } from '../domain/encrypted-size.js';
import { tooLargeError, type FileService } from '../domain/file-service.js';
import { decodeFormDataFileName } from '../domain/file-names.js';
import { asLookup, requireCode } from './guards.js';

const problems = { '4XX': problemSchema, '5XX': problemSchema };

export default async function fileRoutes(
  app: FastifyInstance,
  opts: { config: Config; files: FileService },
) {
  const { config, files } = opts;
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
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > encryptedSize(config.maxFileBytes) + maxEnvelopeChars + 64 * 1024) {
        throw tooLargeError(config.maxFileBytes);
      }
      const raw: Record<string, string> = {};
      let created = null;
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          if (created !== null) continue;
          if (part.valueTruncated) {
            throw new AppError('PAYLOAD_TOO_LARGE', `The field ${part.fieldname} is too large`);
          }
          raw[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== 'file' || created !== null) {
          part.file.resume();
          throw AppError.validation(part.fieldname, 'Send exactly one file, in the field "file"');
        }
        const fields = files.parseFields(raw);
        created = await files.store(fields, {
          fileName: decodeFormDataFileName(part.filename),
          mimeType: part.mimetype,
          stream: part.file,
        });
      }
      if (created === null) {
        files.parseFields(raw);
        throw AppError.validation('file', messages.fileRequired);
      }
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
