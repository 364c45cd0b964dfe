import {
  codeParamsSchema,
  createShareBodySchema,
  createShareResponseSchema,
  problemSchema,
  readResponseSchema,
  shareViewSchema,
  unlockBodySchema,
  unlockResponseSchema,
} from '@codedrop/contract';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../infra/runtime/clock.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config/config.js';
import { bearerToken, deleteShare } from './share-deletion.js';
import { asLookup, requireCode } from '../../http/guards.js';

const problems = { '4XX': problemSchema, '5XX': problemSchema };

export default async function shareRoutes(
  app: FastifyInstance,
  opts: { config: Config; clock: Clock },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const { config } = opts;

  routes.post(
    '/api/shares',
    {
      // The only JSON body that may be large: a note or text at its limit with characters
      // escaped, or an encrypted envelope. Every other route keeps the small default.
      bodyLimit: Math.max(6 * Math.max(config.maxNoteChars, config.maxTextChars), 3 * 1024 * 1024),
      schema: {
        summary: 'Create a clipboard or notepad share',
        body: createShareBodySchema,
        response: { 201: createShareResponseSchema, ...problems },
      },
    },
    async (request, reply) => {
      await app.limits.creation(request);
      const created = await app.shares.create(request.body);
      app.metrics.sharesCreated.inc({ type: created.type });
      return reply.status(201).send(created);
    },
  );

  routes.get(
    '/api/shares/:code',
    {
      schema: {
        summary: 'Look up a share by its code (metadata; plaintext content when allowed)',
        params: codeParamsSchema,
        response: { 200: shareViewSchema, ...problems },
      },
    },
    async (request) => {
      const code = requireCode(request.params.code, config);
      return asLookup(app, request, () => app.shares.view(code));
    },
  );

  routes.post(
    '/api/shares/:code/read',
    {
      schema: {
        summary: 'Read a burn-after-reading share, which is then gone',
        params: codeParamsSchema,
        response: { 200: readResponseSchema, ...problems },
      },
    },
    async (request) => {
      const code = requireCode(request.params.code, config);
      return asLookup(app, request, () => app.shares.readBurn(code));
    },
  );

  routes.post(
    '/api/shares/:code/unlock',
    {
      schema: {
        summary: 'Exchange the password-derived authKey for the encrypted envelope',
        params: codeParamsSchema,
        body: unlockBodySchema,
        response: { 200: unlockResponseSchema, ...problems },
      },
    },
    async (request) => {
      const code = requireCode(request.params.code, config);
      const authKey = request.body.authKey;
      return asLookup(app, request, async () => {
        const unlocked = await app.shares.unlock(code, authKey);
        return unlockResponseSchema.parse(unlocked);
      });
    },
  );

  routes.delete(
    '/api/shares/:code',
    {
      schema: {
        summary: 'Delete a share now, with the delete token its creation answered',
        params: codeParamsSchema,
        headers: z.object({ authorization: z.string().optional() }),
        response: { 204: z.null(), ...problems },
      },
    },
    async (request, reply) => {
      const code = requireCode(request.params.code, config);
      const token = bearerToken(request.headers.authorization);
      const deps = {
        db: app.db.kysely,
        blobs: app.blobs,
        clock: opts.clock,
        forgetUploads: (keys: readonly string[]) => app.uploads.forget(keys),
      };
      // A wrong token is a guess like a code that does not exist: it counts as a miss.
      await asLookup(
        app,
        request,
        () => deleteShare(deps, code, token),
        (error) => error.code === 'FORBIDDEN',
      );
      return reply.status(204).send(null);
    },
  );
}
