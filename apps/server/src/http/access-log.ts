import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pino from 'pino';
import { redactUrl } from './log-redaction.js';

const { chindingsSym, streamSym } = pino.symbols;

/** Text JSON carries as it is: printable ASCII other than the quote and the backslash. */
const plainText = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A JSON string; most URLs and every address need no escaping, so that is tested first. */
const jsonString = (text: string) => (plainText.test(text) ? `"${text}"` : JSON.stringify(text));

/**
 * Milliseconds with three decimals, as integers are formatted: every response time is a
 * new fraction, and printing a double's shortest form costs more than the rest of the line.
 */
function milliseconds(elapsed: number): string {
  const micros = Math.round(elapsed * 1000);
  const fraction = micros % 1000;
  const padding = fraction < 10 ? '00' : fraction < 100 ? '0' : '';
  return `${(micros - fraction) / 1000}.${padding}${fraction}`;
}

/** What an access line says of one request, kept until its turn's lines are written. */
interface Entry {
  time: number;
  bindings: string;
  method: string;
  url: string;
  ip: string | undefined;
  statusCode: number;
  elapsed: number;
}

/** The access line, as pino would write it for `reply.log.info({ req, res, responseTime })`. */
function accessLine(entry: Entry): string {
  const ip = entry.ip === undefined ? '' : `,"ip":${jsonString(entry.ip)}`;
  return (
    `{"level":30,"time":${entry.time}${entry.bindings},"req":{"method":${jsonString(entry.method)},` +
    `"url":${jsonString(redactUrl(entry.url, entry.method))}${ip}},` +
    `"res":{"statusCode":${entry.statusCode}},"responseTime":${milliseconds(entry.elapsed)},` +
    `"msg":"request completed"}\n`
  );
}

type LineSink = { write(text: string): void };

/**
 * Access lines waiting for the end of this turn of the event loop. Under load a turn
 * answers dozens of requests: their lines are made together and go out in one write, so
 * the destination pays its per-write costs (a system call, and pino's measuring of each
 * string) once a turn instead of once a request, and the response path only notes what
 * the line will say. An entry for another destination (tests run apps side by side) first
 * sends what waits, so each destination keeps its order. A process that exits writes
 * what waits.
 */
let waitingSink: LineSink | undefined;
let waiting: Entry[] = [];
let flushScheduled = false;

function writeWaiting(): void {
  if (waitingSink === undefined || waiting.length === 0) return;
  const entries = waiting;
  waiting = [];
  // Joined rather than added up: one flat string, which the write encodes in one pass.
  waitingSink.write(entries.map(accessLine).join(''));
}

function flushAccessLines(): void {
  flushScheduled = false;
  writeWaiting();
}

function queueAccessLine(sink: LineSink, entry: Entry): void {
  if (sink !== waitingSink) {
    writeWaiting();
    waitingSink = sink;
  }
  waiting.push(entry);
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
      queueAccessLine(stream as LineSink, {
        time: Date.now(),
        bindings,
        method: request.method,
        url: request.url,
        ip: request.ip,
        statusCode: reply.statusCode,
        elapsed: reply.elapsedTime,
      });
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
