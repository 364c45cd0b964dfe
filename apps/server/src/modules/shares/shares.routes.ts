import {
  createShareEndpoint,
  deleteShareEndpoint,
  lookupShareEndpoint,
  readShareEndpoint,
  unlockResponseSchema,
  unlockShareEndpoint,
} from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../infra/runtime/clock.js';
import type { Config } from '../../config/config.js';
import { bearerToken, deleteShare } from './share-deletion.js';
import { asLookup, requireCode } from '../../http/guards.js';
import { route } from '../../http/route.js';

export default async function shareRoutes(
  app: FastifyInstance,
  opts: { config: Config; clock: Clock },
) {
  const { config } = opts;

  route(
    app,
    createShareEndpoint,
    {
      // The only JSON body that may be large: a note or text at its limit with characters
      // escaped, or an encrypted envelope. Every other route keeps the small default.
      bodyLimit: Math.max(6 * Math.max(config.maxNoteChars, config.maxTextChars), 3 * 1024 * 1024),
      schema: { summary: 'Create a clipboard or notepad share' },
    },
    async (request, reply) => {
      await app.limits.creation(request);
      const created = await app.shares.create(request.body);
      app.metrics.sharesCreated.inc({ type: created.type });
      return reply.status(201).send(created);
    },
  );

  route(
    app,
    lookupShareEndpoint,
    {
      schema: {
        summary: 'Look up a share by its code (metadata; plaintext content when allowed)',
      },
    },
    async (request) => {
      const code = requireCode(request.params.code, config);
      return asLookup(app, request, () => app.shares.view(code));
    },
  );

  route(
    app,
    readShareEndpoint,
    { schema: { summary: 'Read a burn-after-reading share, which is then gone' } },
    async (request) => {
      const code = requireCode(request.params.code, config);
      return asLookup(app, request, () => app.shares.readBurn(code));
    },
  );

  route(
    app,
    unlockShareEndpoint,
    { schema: { summary: 'Exchange the password-derived authKey for the encrypted envelope' } },
    async (request) => {
      const code = requireCode(request.params.code, config);
      const authKey = request.body.authKey;
      return asLookup(app, request, async () => {
        const unlocked = await app.shares.unlock(code, authKey);
        return unlockResponseSchema.parse(unlocked);
      });
    },
  );

  route(
    app,
    deleteShareEndpoint,
    { schema: { summary: 'Delete a share now, with the delete token its creation answered' } },
    async (request, reply) => {
      const code = requireCode(request.params.code, config);
      const token = bearerToken(request.headers.authorization);
      // A wrong token is a guess like a code that does not exist: it counts as a miss.
      await asLookup(
        app,
        request,
        () => deleteShare(app.shareEnds, code, token),
        (error) => error.code === 'FORBIDDEN',
      );
      return reply.status(204).send(null);
    },
  );
}
