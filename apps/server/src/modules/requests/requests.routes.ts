import {
  createRequestEndpoint,
  createSubmissionEndpoint,
  deleteSubmissionEndpoint,
  downloadSubmissionEndpoint,
  listSubmissionsEndpoint,
  lookupRequestEndpoint,
  unlockRequestEndpoint,
} from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';
import { asLookup, requireCode } from '../../http/guards.js';
import { route } from '../../http/route.js';
import { AppError } from '../../http/app-error.js';
import { apiContentSecurityPolicy } from '../../http/security-headers.js';
import { attachmentDisposition } from '../../infra/blob/port.js';
import { parseRange } from '../downloads/http-range.js';
import { servedFileType } from '../files/file-names.js';
import { pickupBearer } from './pickup-token.js';

/** A pickup token that does not open the request is a guess like a wrong code: a miss. */
const wrongToken = (error: { code: string }) => error.code === 'FORBIDDEN';

export default async function requestRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;

  route(
    app,
    createRequestEndpoint,
    { schema: { summary: 'Create a request: strangers send files or text encrypted to you' } },
    async (request, reply) => {
      await app.limits.creation(request);
      return reply.status(201).send(await app.requests.create(request.body));
    },
  );

  route(
    app,
    lookupRequestEndpoint,
    { schema: { summary: 'Look up a request: its message, public key and what it takes' } },
    async (request) => {
      const code = requireCode(request.params.code, config);
      return asLookup(app, request, () => app.requests.view(code));
    },
  );

  route(
    app,
    unlockRequestEndpoint,
    { schema: { summary: 'Exchange the authKey for the sealed key, a pickup token and the list' } },
    async (request) => {
      const code = requireCode(request.params.code, config);
      return asLookup(app, request, () => app.requests.unlock(code, request.body.authKey));
    },
  );

  route(
    app,
    listSubmissionsEndpoint,
    { schema: { summary: "A request's complete submissions, oldest first (pickup token)" } },
    async (request) => {
      const code = requireCode(request.params.code, config);
      const token = pickupBearer(request.headers.authorization);
      const submissions = await asLookup(
        app,
        request,
        () => app.requests.listSubmissions(code, token),
        wrongToken,
      );
      return { submissions };
    },
  );

  route(
    app,
    createSubmissionEndpoint,
    {
      // A header with a text at its limit; every other route keeps the small default.
      bodyLimit: 2 * 1024 * 1024,
      schema: { summary: 'Send a text-only submission (files go through the uploads)' },
    },
    async (request, reply) => {
      const code = requireCode(request.params.code, config);
      await app.limits.creation(request);
      const created = await asLookup(app, request, () =>
        app.requests.submitText(code, request.body.header),
      );
      return reply.status(201).send(created);
    },
  );

  route(
    app,
    deleteSubmissionEndpoint,
    { schema: { summary: 'Delete one submission now (pickup token)' } },
    async (request, reply) => {
      const code = requireCode(request.params.code, config);
      const token = pickupBearer(request.headers.authorization);
      await asLookup(
        app,
        request,
        () => app.requests.deleteSubmission(code, request.params.id, token),
        wrongToken,
      );
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    downloadSubmissionEndpoint,
    { schema: { summary: "A submission's stored bytes, with Range (pickup token)" } },
    async (request, reply) => {
      const code = requireCode(request.params.code, config);
      const token = pickupBearer(request.headers.authorization);
      const { key, size } = await asLookup(
        app,
        request,
        () => app.requests.submissionBlob(code, request.params.id, token),
        wrongToken,
      );
      // Ciphertext, only ever an attachment, as a share's download (downloads.routes.ts).
      reply
        .header('content-type', servedFileType)
        .header('content-disposition', attachmentDisposition('submission'))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', apiContentSecurityPolicy)
        .header('cache-control', 'private, no-store')
        .header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, size);
      if (range.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`);
        throw new AppError('RANGE_NOT_SATISFIABLE', `The submission has ${size} bytes.`);
      }
      if (range.kind === 'partial') {
        const stream = await app.blobs.get(key, { start: range.start, end: range.end });
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(stream);
      }
      return reply.header('content-length', String(size)).send(await app.blobs.get(key));
    },
  );
}
