import { publicConfigSchema, type PublicConfig } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.js';

export function publicConfig(config: Config): PublicConfig {
  return {
    maxFileBytes: config.maxFileBytes,
    maxFilesPerShare: config.maxFilesPerShare,
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
  const body = publicConfig(opts.config);
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/config',
    {
      schema: {
        summary: "This server's limits and choices",
        response: { 200: publicConfigSchema },
      },
    },
    async () => body,
  );
}
