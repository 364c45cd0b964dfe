import {
  assertNever,
  createShareBodySchema,
  noteToText,
  terminalFileEndpoint,
  terminalLookupEndpoint,
  terminalTextEndpoint,
  uploadFilesEndpoint,
  type FieldError,
} from '@codedrop/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config/config.js';
import { AppError } from '../../http/app-error.js';

import { textTooLong } from '../shares/text-rules.js';
import { admitUpload } from '../files/upload-admission.js';
import { asLookup, requireCode } from '../../http/guards.js';
import { requestOrigin } from '../../http/request-origin.js';
import { route } from '../../http/route.js';

type Query = Record<string, string | undefined>;
// Documented in docs/api.md; they speak text/plain, which the OpenAPI document does not.
const plainText = { config: { plainText: true }, schema: { hide: true } };

/**
 * A door for terminals (docs/api.md#from-a-terminal): `curl -T FILE HOST/`, `curl
 * --data-binary @- HOST/` and `curl HOST/{code}`, answered in text/plain, one item per
 * line, errors included. Browsers asking for `/{code}` still get the page. The rules are
 * the JSON API's: same limits, same counts, same misses.
 */
export default async function terminalRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  // The handlers read the body as a stream themselves, whatever its type (curl sends
  // --data-binary as a form and -T with none).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const linkTo = (request: FastifyRequest, code: string) =>
    `${requestOrigin(request, config.publicUrl)}/${code}`;
  // The body is the code and the link; the delete token rides in a header (`curl -i`).
  const created = (
    reply: FastifyReply,
    request: FastifyRequest,
    share: { code: string; deleteToken: string },
  ) =>
    reply
      .status(201)
      .header('codedrop-delete-token', share.deleteToken)
      .type('text/plain; charset=utf-8')
      .send(`${share.code}\n${linkTo(request, share.code)}\n`);

  route<typeof terminalFileEndpoint, { Params: { name: string }; Querystring: Query }>(
    app,
    terminalFileEndpoint,
    plainText,
    async (request, reply) => {
      await admitUpload(app, request, reply, config, {
        door: 'body',
        maxBytes: config.maxFileBytes,
      });
      const fields = app.files.parseFields({
        maxDownloads: request.query.downloads ?? '10',
        ...(request.query.expires === undefined ? {} : { expiresInSeconds: request.query.expires }),
      });
      const blob = await app.files.storeBlob(fields, {
        // Decoded once already, by the router (a path it cannot decode never gets here).
        fileName: request.params.name,
        mimeType: request.headers['content-type'],
        stream: request.raw,
      });
      const share = await app.files.complete(fields, [blob]);
      reply.removeHeader('connection');
      app.metrics.sharesCreated.inc({ type: 'file' });
      return created(reply, request, share);
    },
  );

  route<typeof terminalTextEndpoint, { Querystring: Query }>(
    app,
    terminalTextEndpoint,
    plainText,
    async (request, reply) => {
      if (request.headers['content-type']?.startsWith('multipart/') === true) {
        throw new AppError(
          'UNSUPPORTED_MEDIA_TYPE',
          `Send files with curl -T FILE, or to ${uploadFilesEndpoint.path}`,
        );
      }
      await app.limits.creation(request);
      // A text refused half-read must not leave the rest of its body to the next request.
      reply.header('connection', 'close');
      const content = await readText(request, config.maxTextChars);
      reply.removeHeader('connection');
      const body = createShareBodySchema.safeParse({
        type: 'clipboard',
        content,
        ...(request.query.expires === undefined
          ? {}
          : { expiresInSeconds: Number(request.query.expires) }),
        burnAfterReading: request.query.burn === '1' || request.query.burn === 'true',
      });
      if (!body.success) {
        const errors: FieldError[] = body.error.issues.map((issue) => ({
          field: issue.path.join('.') || 'body',
          message: issue.message,
        }));
        throw new AppError('VALIDATION_FAILED', errors[0]!.message, { errors });
      }
      const share = await app.shares.create(body.data);
      app.metrics.sharesCreated.inc({ type: 'clipboard' });
      return created(reply, request, share);
    },
  );

  route(
    app,
    terminalLookupEndpoint,
    { ...plainText, exposeHeadRoute: false },
    async (request, reply) => {
      // The page or the text, by these two headers: caches must not mix them up.
      reply.header('vary', 'accept, user-agent');
      if (wantsPage(request)) {
        return app.spaFallback === undefined
          ? reply.callNotFound()
          : app.spaFallback(request, reply);
      }
      const code = requireCode(request.params.code, config);
      const link = linkTo(request, code);
      // A share is one person's, never a page for search engines (like the page answer).
      reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      const answer = await asLookup(app, request, () => plainAnswer(code, link));
      if (answer.redirect !== undefined) return reply.redirect(answer.redirect, 303);
      return reply.type('text/plain; charset=utf-8').send(answer.text);
    },
  );

  /** What `curl HOST/{code}` gets: the text, the note as text, or the file's URL(s). */
  async function plainAnswer(code: string, link: string) {
    const record = await app.shares.requireLive(code);
    if (record.isEncrypted) {
      throw new AppError(
        'NEEDS_BROWSER',
        `This share is encrypted. Open ${link} in a browser, or run: codedrop get ${code}`,
      );
    }
    if (record.burnAfterReading) {
      throw new AppError(
        'NEEDS_BROWSER',
        `This share is deleted once read. Open ${link} in a browser to read it, or run: codedrop get ${code}`,
      );
    }
    switch (record.type) {
      case 'clipboard':
        return { text: record.content ?? '' };
      case 'notepad':
        return { text: noteToText(record.content ?? '') };
      case 'file': {
        const grant = await app.files.download(code, undefined);
        const origin = new URL(link).origin;
        const urls = grant.downloadUrls.map((file) => ({
          ...file,
          url: new URL(file.url, origin).href,
        }));
        // One file: follow to it (curl -LOJ saves it under its name). Several: one per line.
        if (urls.length === 1) return { redirect: urls[0]!.url };
        return { text: urls.map((file) => `${file.name}\t${file.url}\n`).join('') };
      }
      default:
        return assertNever(record.type);
    }
  }
}

/**
 * Link-preview bots and crawlers: they often accept any type, and must get the page
 * like a browser, never the share (for a file that would take a download).
 */
const bots =
  /bot\b|crawler|spider|preview|facebookexternalhit|slack|discord|telegram|whatsapp|skype|teams|linkedin|embedly|quora|pinterest|vkshare|w3c_validator|lighthouse|headless/i;

/** A browser navigating asks for HTML; curl, wget and scripts do not. */
function wantsPage(request: FastifyRequest): boolean {
  if (/\btext\/html\b/.test(request.headers.accept ?? '')) return true;
  return bots.test(request.headers['user-agent'] ?? '');
}

/**
 * The request body as UTF-8 text, refused as soon as it is longer than the longest text
 * allowed could be (four bytes a character), and refused when it is not UTF-8.
 */
async function readText(request: FastifyRequest, maxChars: number): Promise<string> {
  const maxBytes = maxChars * 4;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) throw textTooLong(maxChars);
    chunks.push(chunk);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  } catch {
    throw AppError.validation('content', 'The text must be UTF-8 (send files with curl -T)');
  }
}
