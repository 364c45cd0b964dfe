import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import {
  isKnownPagePath,
  localizedPath,
  negotiateLocale,
  sourceLocale,
  splitLocalePath,
} from '@codedrop/contract';
import { requestOrigin } from '../../http/request-origin.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import { redactUrl } from '../../http/log-redaction.js';

/** apps/web/dist, found the same way from src/ (tests) and dist/ (production). */
export function defaultWebDist(): string {
  return fileURLToPath(new URL('../../../../web/dist', import.meta.url));
}

/** What the web build's prerender wrote (apps/web/scripts/prerender.mjs). */
interface PrerenderManifest {
  /** The stand-in origin in every page, sitemap.xml and robots.txt. */
  origin: string;
  /** Page path → HTML file, relative to the dist directory. */
  pages: Record<string, string>;
  /** The 404 page in each locale, and the stand-in path it shows. */
  notFound: { files: Record<string, string>; path: string };
}

interface Site {
  page(path: string): string | undefined;
  landing(locale: string): string;
  notFound(locale: string): string;
  notFoundPath: string | undefined;
  origin: string | undefined;
  sitemap: string | undefined;
  robots: string | undefined;
}

/** The prerendered site, or (an older build without one) index.html for every page. */
function loadSite(root: string): Site {
  const read = (file: string) => readFileSync(join(root, file), 'utf8');
  const index = read('index.html');
  const manifestFile = join(root, 'prerender.json');
  if (!existsSync(manifestFile)) {
    return {
      page: () => index,
      landing: () => index,
      notFound: () => index,
      notFoundPath: undefined,
      origin: undefined,
      sitemap: undefined,
      robots: undefined,
    };
  }
  const manifest = JSON.parse(read('prerender.json')) as PrerenderManifest;
  const pages = new Map(Object.entries(manifest.pages).map(([path, file]) => [path, read(file)]));
  const notFound = new Map(
    Object.entries(manifest.notFound.files).map(([locale, file]) => [locale, read(file)]),
  );
  return {
    page: (path) => pages.get(path),
    landing: (locale) => pages.get(localizedPath(locale, '/')) ?? pages.get('/') ?? index,
    notFound: (locale) => notFound.get(locale) ?? notFound.get(sourceLocale) ?? index,
    notFoundPath: manifest.notFound.path,
    origin: manifest.origin,
    sitemap: existsSync(join(root, 'sitemap.xml')) ? read('sitemap.xml') : undefined,
    robots: existsSync(join(root, 'robots.txt')) ? read('robots.txt') : undefined,
  };
}

/** brotli when the client takes it, else gzip, else none (q=0 refuses an encoding). */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (header === undefined) return null;
  const accepted = new Set(
    header
      .split(',')
      .map((part) => part.trim().toLowerCase().split(';'))
      .filter(([, ...params]) => !params.some((p) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(p)))
      .map(([name]) => name),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

function compress(text: string, encoding: 'br' | 'gzip'): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(text, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
      })
    : gzipSync(text, { level: 9 });
}

function appendVary(reply: FastifyReply, header: string) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, ${header}` : header);
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');

/**
 * Serves the built web app. Prerendered pages answer 200 with their own HTML; `/{code}`
 * deep links get the landing page; tools get their app shell; any other path answers 404
 * with the 404 page — no soft 404s. Absolute URLs in pages, sitemap.xml and robots.txt
 * name PUBLIC_URL, or without it the origin the request came to.
 */
async function web(app: FastifyInstance, opts: { config: Config }) {
  const root = opts.config.webDistDir ?? defaultWebDist();
  if (!existsSync(join(root, 'index.html'))) {
    app.log.warn({ root }, 'web app not built: run `npm run build` to serve the pages');
    return;
  }
  const site = loadSite(root);
  const compressedPages = new Map<string, Buffer>();
  const { publicUrl, codeMinDigits, codeMaxDigits } = opts.config;
  const adminConsole = opts.config.adminPasswordHash !== null;

  const originOf = (request: FastifyRequest): string => requestOrigin(request, publicUrl);
  const withOrigin = (text: string, request: FastifyRequest) =>
    site.origin === undefined ? text : text.replaceAll(site.origin, originOf(request));

  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    // The build wrote .br and .gz copies beside each text asset (scripts/compress.mjs):
    // sent by the request's Accept-Encoding, with Vary, never compressed per request.
    preCompressed: true,
    // Files only: pages (and the files they are built from) go through the fallback below,
    // and the compressed copies are reached through negotiation, not by their own names.
    allowedPath: (path) =>
      /\.[a-z0-9]+$/i.test(path) &&
      !/\.(html|br|gz)$/.test(path) &&
      !['/prerender.json', '/sitemap.xml', '/robots.txt'].includes(path),
    setHeaders(res, path) {
      // Vite fingerprints everything under assets/, so those can be cached for good.
      res.header(
        'cache-control',
        path.startsWith(join(root, 'assets')) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });

  const sendText = (type: string, text: string | undefined) =>
    async function (request: FastifyRequest, reply: FastifyReply) {
      if (text === undefined) return reply.callNotFound();
      return reply.type(type).header('cache-control', 'no-cache').send(withOrigin(text, request));
    };
  app.get('/sitemap.xml', sendText('application/xml; charset=utf-8', site.sitemap));
  app.get('/robots.txt', sendText('text/plain; charset=utf-8', site.robots));

  // The share sheet's POST (manifest.webmanifest) is the service worker's to take: it keeps
  // what was shared on the device. One that reaches the server (a browser that runs no
  // worker) is sent to the clipboard tool, its body never read: nothing shared is received.
  app.post('/share-target', {
    onRequest: (_request, reply, done) => {
      void reply.header('connection', 'close').redirect('/clipboard', 303);
      done();
    },
    handler: async () => undefined,
  });

  app.decorate('spaFallback', async (request, reply) => {
    const raw = request.url.split('?')[0] ?? '/';
    const path = raw.length > 1 ? raw.replace(/\/+$/, '') : raw;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache');
    // A path under a locale's prefix speaks that locale; any other page that is not English
    // by its address (a `/{code}` link, a 404) speaks the one Accept-Language prefers.
    const named = splitLocalePath(path).locale;
    const prefixed = named !== sourceLocale;
    const locale = prefixed ? named : negotiateLocale(request.headers['accept-language']);
    // The console's pages exist only where it is switched on (ADMIN_PASSWORD_HASH).
    const admin = adminConsole && (path === '/admin' || path.startsWith('/admin/'));
    if (!admin && !isKnownPagePath(path, codeMinDigits, codeMaxDigits)) {
      request.log.info({ path: redactUrl(raw) }, 'page not found');
      if (!prefixed) appendVary(reply, 'accept-language');
      const page = site.notFound(locale);
      const html =
        site.notFoundPath === undefined
          ? page
          : page.replaceAll(site.notFoundPath, escapeHtml(raw));
      return reply.status(404).send(withOrigin(html, request));
    }
    const page = admin ? undefined : site.page(path);
    // A `/{code}` link is one person's share, and the console no one's business: neither is
    // a page for search engines.
    if (page === undefined) reply.header('x-robots-tag', 'noindex');
    const html = withOrigin(page ?? site.landing(locale), request);
    // Added to what the route said it varies by (`/{code}`: Accept and User-Agent).
    if (page === undefined && !prefixed) appendVary(reply, 'accept-language');
    appendVary(reply, 'accept-encoding');
    reply.status(200);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === null) return reply.send(html);
    // Pages hold no secret (share content only ever comes from the API), so compressing
    // them cannot leak one; each page is compressed once per origin and encoding.
    const key = `${encoding} ${page === undefined ? localizedPath(locale, '/') : path} ${originOf(request)}`;
    let body = compressedPages.get(key);
    if (body === undefined) {
      body = compress(html, encoding);
      if (compressedPages.size < 10_000) compressedPages.set(key, body);
    }
    return reply.header('content-encoding', encoding).send(body);
  });
}

export default fp(web, { name: 'web', dependencies: ['errors'] });
