import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { isKnownPagePath } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';

/** apps/web/dist, found the same way from src/ (tests) and dist/ (production). */
export function defaultWebDist(): string {
  return fileURLToPath(new URL('../../../web/dist', import.meta.url));
}

/**
 * Serves the built web app. Known pages get index.html with 200; any other path gets the
 * same index.html (which renders the 404 page) with status 404 — no soft 404s.
 */
async function web(app: FastifyInstance, opts: { config: Config }) {
  const root = opts.config.webDistDir ?? defaultWebDist();
  const indexFile = join(root, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ root }, 'web app not built: run `npm run build` to serve the pages');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    setHeaders(res, path) {
      // Vite fingerprints everything under assets/, so those can be cached for good.
      res.header(
        'cache-control',
        path.includes(`${join(root, 'assets')}`)
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  const { codeMinDigits, codeMaxDigits } = opts.config;
  app.decorate('spaFallback', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const known = isKnownPagePath(path, codeMinDigits, codeMaxDigits);
    if (!known) request.log.info({ path }, 'page not found');
    return reply
      .status(known ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  });
}

export default fp(web, { name: 'web', dependencies: ['errors'] });
