import { getConfigEndpoint, publicConfigSchema, type PublicConfig } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';
import { route } from '../../http/route.js';

export function publicConfig(config: Config): PublicConfig {
  return {
    maxFileBytes: config.maxFileBytes,
    maxFilesPerShare: config.maxFilesPerShare,
    uploadChunkBytes: config.uploadChunkBytes,
    maxTextChars: config.maxTextChars,
    maxNoteChars: config.maxNoteChars,
    codeMinDigits: config.codeMinDigits,
    codeMaxDigits: config.codeMaxDigits,
    expiryChoicesSeconds: config.expiryChoicesSeconds,
    defaultExpirySeconds: config.defaultExpirySeconds,
    downloadLimit: config.downloadLimit,
    unlockMaxFailures: config.unlockMaxFailures,
    adsClientId: config.adsClientId,
  };
}

export default async function configRoutes(app: FastifyInstance, opts: { config: Config }) {
  // The answer never changes while the process runs: written once, sent as it is (a JSON
  // string is not serialized again), so each request does no JSON work at all.
  const body = JSON.stringify(publicConfigSchema.parse(publicConfig(opts.config)));
  route(
    app,
    getConfigEndpoint,
    { schema: { summary: "This server's limits and choices" } },
    // Not async: an async handler's promise, resolved with the reply (a thenable), cost the
    // route several turns of the microtask queue for an answer that is ready at once.
    (_request, reply) => {
      // The JSON text of the answer: a string of a JSON type is sent as it is, not serialized.
      reply.type('application/json; charset=utf-8').send(body as unknown as PublicConfig);
    },
  );
}
