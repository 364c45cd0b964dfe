import {
  continueUploadEndpoint,
  createUploadEndpoint,
  uploadOptionsEndpoint,
  uploadsOptionsEndpoint,
} from '@codedrop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config/config.js';
import type { Secrets } from '../../config/secrets.js';
import { AppError } from '../../http/app-error.js';
import { requireCode } from '../../http/guards.js';
import { route } from '../../http/route.js';
import { maxSubmissionBytes } from '../requests/submission-uploads.js';
import { addressHasher } from '../moderation/address-hash.js';
import { passTusHeaders, toWebRequest, tusProblem } from './tus-bridge.js';
import { assertChunkLength, readCreation } from './tus-headers.js';
import { admitUpload } from './upload-admission.js';
import { assertUploadBodyType } from './upload-guards.js';
import { isUploadSecret, uploadSecret, uploadSecretHeader } from './upload-secret.js';

const uploadParams = z.object({ id: z.string() });

/**
 * Resumable uploads, tus 1.0 (docs/api.md#resumable-uploads). Each request reads one way:
 * these routes check what tus cannot know (the share's fields, the limits, the chunk size,
 * the upload's secret), the upload service (resumable.service.ts) keeps the share, and the
 * tus server (tus.plugin.ts) does the protocol.
 */
export default async function uploadRoutes(
  app: FastifyInstance,
  opts: { config: Config; secrets: Secrets },
) {
  const { config } = opts;
  const { urlSigningKey } = opts.secrets;
  const { resumable } = app.files;
  const clientHash = addressHasher(urlSigningKey);
  // Chunks stream to the store as they arrive: Fastify must not read them, nor any other body.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => {
    done(null);
  });
  app.addHook('onRequest', async (request) => assertUploadBodyType(request));
  // An answer sent before the chunk was read whole (a share that ended under it, an upload
  // gone, a failed write) closes its connection: on a kept-alive one the unread bytes would
  // be taken for the next request, which then waits for an answer that never comes. The
  // rest of the body is read and thrown away first (http/lingering-close.ts).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (!request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });

  /** Sends tus's answer, or the API's problem for its errors. */
  async function relay(response: Response, reply: FastifyReply) {
    passTusHeaders(response, reply);
    if (response.status >= 400) throw await tusProblem(response, config.maxFileBytes);
    return reply.status(response.status).send();
  }

  /** HEAD (where it stands), DELETE (giving up) or PATCH (a chunk), by the upload service. */
  async function continueUpload(id: string, request: FastifyRequest, reply: FastifyReply) {
    if (request.method === 'HEAD') return resumable.head(id, request);
    if (request.method === 'DELETE') return resumable.terminate(id, request);
    assertChunkLength(request, config.uploadChunkBytes);
    try {
      return await resumable.chunk(id, request, reply.raw);
    } catch (error) {
      // Refused for room before a byte was read: the connection closes after the answer.
      if (error instanceof AppError && error.code === 'INSUFFICIENT_STORAGE') {
        reply.header('connection', 'close');
      }
      throw error;
    }
  }

  route(
    app,
    createUploadEndpoint,
    {
      schema: {
        summary:
          'Begin a resumable upload (tus 1.0 creation): Upload-Length, Upload-Metadata with filename, filetype, maxDownloads, expiresInSeconds?, encryptedPayload?, authVerifier?; answers the share at once (CodeDrop-Code header and body) and its CodeDrop-Upload-Secret. A submission to a request sends request and header instead, and is answered CodeDrop-Submission',
      },
    },
    async (request, reply) => {
      reply.header('tus-resumable', '1.0.0');
      assertChunkLength(request, config.uploadChunkBytes);
      const creation = readCreation(request.headers);
      if (creation.submission !== undefined) {
        return beginSubmission(request, reply, creation.length, creation.submission);
      }
      const upload = resumable.declare(creation);
      const client = clientHash(app.limits.client(request));
      const { file, maxBytes } = upload;
      const claim = { door: 'resumable', declared: file.size, maxBytes, client } as const;
      await admitUpload(app, request, reply, config, claim);
      const { created, key, response } = await resumable.create(request, upload, client);
      passTusHeaders(response, reply);
      app.metrics.sharesCreated.inc({ type: 'file' });
      return reply
        .status(201)
        .header('codedrop-code', created.code)
        .header('codedrop-delete-token', created.deleteToken)
        .header(uploadSecretHeader, uploadSecret(urlSigningKey, key))
        .send(created);
    },
  );

  /**
   * A submission's files to a request (docs/api.md#requests): admitted as any upload, a
   * slot of the request taken, then tus creates the upload. Answers 201 with no body: the
   * submission's id is in `CodeDrop-Submission`.
   */
  async function beginSubmission(
    request: FastifyRequest,
    reply: FastifyReply,
    length: number,
    submission: { code: string; header: string },
  ) {
    const code = requireCode(submission.code, config);
    if (length === 0) throw AppError.validation('Upload-Length', 'A submission has files');
    const client = clientHash(app.limits.client(request));
    const maxBytes = maxSubmissionBytes(config);
    const claim = { door: 'resumable', declared: length, maxBytes, client } as const;
    await admitUpload(app, request, reply, config, claim);
    const { id, key } = await app.requests.beginFileSubmission(
      code,
      submission.header,
      length,
      client,
    );
    const response = await resumable.createSubmission(request, key, client);
    passTusHeaders(response, reply);
    return reply
      .status(201)
      .header('codedrop-submission', id)
      .header(uploadSecretHeader, uploadSecret(urlSigningKey, key))
      .send();
  }

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
      const response = await continueUpload(id, request, reply);
      // The disk had no room for the chunk: the rest of its body is not worth reading.
      if (response.status === 507) reply.header('connection', 'close');
      return relay(response, reply);
    },
  );

  for (const endpoint of [uploadsOptionsEndpoint, uploadOptionsEndpoint]) {
    route(app, endpoint, {}, async (request, reply) =>
      relay(await app.uploads.tus.handleWeb(toWebRequest(request)), reply),
    );
  }
}
