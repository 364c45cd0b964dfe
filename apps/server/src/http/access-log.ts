import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import { redactUrl } from './log-redaction.js';

const { chindingsSym, streamSym } = pino.symbols;

/** The access line, as pino would write it for `reply.log.info({ req, res, responseTime })`. */
function accessLine(request: FastifyRequest, reply: FastifyReply, bindings: string): string {
  const ip = request.ip === undefined ? '' : `,"ip":${JSON.stringify(request.ip)}`;
  return (
    `{"level":30,"time":${Date.now()}${bindings},"req":{"method":${JSON.stringify(request.method)},` +
    `"url":${JSON.stringify(redactUrl(request.url, request.method))}${ip}},` +
    `"res":{"statusCode":${reply.statusCode}},"responseTime":${reply.elapsedTime},` +
    `"msg":"request completed"}\n`
  );
}

type LineSink = { write(text: string): void };

/**
 * Access lines waiting for the end of this turn of the event loop, by destination. Under
 * load a turn answers dozens of requests: their lines go out in one write, and the
 * destination pays its per-write costs (a system call, and pino's measuring of each
 * string) once a turn instead of once a request. A process that exits writes what waits.
 */
const waiting = new Map<LineSink, string>();
let flushScheduled = false;

function flushAccessLines(): void {
  flushScheduled = false;
  for (const [sink, text] of waiting) {
    waiting.delete(sink);
    sink.write(text);
  }
}

function queueAccessLine(sink: LineSink, line: string): void {
  waiting.set(sink, (waiting.get(sink) ?? '') + line);
  if (flushScheduled) return;
  flushScheduled = true;
  setImmediate(flushAccessLines);
}

process.once('exit', flushAccessLines);

/**
 * One access line per request, written when its response has ended, as nginx does:
 * Fastify's own request logging writes two (one on arrival, one at the end). The line says
 * what the logger's request serializer keeps (method, redacted URL, address), the status
 * and the time taken. It is written straight to the logger's destination, in pino's own
 * format and order with the request's bindings (its id): through pino's serializers, the
 * line cost a lookup a fifth of its time. Lines are written together at the end of the turn
 * in which their responses ended.
 */
async function accessLog(app: FastifyInstance) {
  // Below `info` (LOG_LEVEL=warn and quieter) the hook is not even added.
  if (['fatal', 'error', 'warn', 'silent'].includes(app.log.level)) return;
  app.addHook('onResponse', (request, reply, done) => {
    const log = request.log as unknown as Record<symbol, unknown>;
    const stream = log[streamSym] as Partial<LineSink> | undefined;
    const bindings = log[chindingsSym];
    if (typeof stream?.write === 'function' && typeof bindings === 'string') {
      queueAccessLine(stream as LineSink, accessLine(request, reply, bindings));
    } else {
      // A logger that is not this pino's: the same line through its own API.
      reply.log.info(
        { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
        'request completed',
      );
    }
    done();
  });
  // Closing: the lines of the last requests go out before the logger's destination ends.
  app.addHook('onClose', (_instance, done) => {
    flushAccessLines();
    done();
  });
}

export default fp(accessLog, { name: 'access-log' });
