import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { AppError } from './http/app-error.js';
import { problemOf } from './http/errors.js';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

/** How long the drain waits for no new connection before it stops listening. */
const quietMs = 250;
const pollMs = 50;

/** What clients arriving during a drain are told: another instance, or this one soon. */
const restarting = () =>
  new AppError('SERVICE_UNAVAILABLE', 'The server is restarting. Please try again in a moment.', {
    retryAfterSeconds: 5,
  });

export interface Drain {
  /** From now on new requests are answered 503; the ones already received run on. */
  start(): void;
  /**
   * Resolves once every request received before start() has been answered and no new
   * connection has come for a moment (those queued by the kernel are answered too).
   */
  settled(): Promise<void>;
  /** Answers 503 to every request still running that has no answer yet; how many ran. */
  cut(): number;
}

/**
 * Shutting down without resetting anyone. Closing the listener at once reset the
 * connections the kernel had accepted but Node had not yet, and Node then closed every
 * connection whose request it had not read yet. Instead the server keeps listening while
 * it drains: every request received before the signal runs to its end, and every one
 * received after is answered 503 problem+json with Retry-After and `Connection: close`.
 * The wrapper stands in front of the app's request handler, so it costs a request one
 * test and one listener, and no hook.
 */
export function drainRequests(server: Server): Drain {
  const [handler, ...others] = server.listeners('request') as Handler[];
  if (handler === undefined) throw new Error('the server has no request handler yet');
  const running = new Set<ServerResponse>();
  let draining = false;
  let lastArrival = 0;
  function finished(this: ServerResponse) {
    running.delete(this);
  }

  server.removeAllListeners('request');
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    if (draining) {
      lastArrival = Date.now();
      return answer(request, response, restarting());
    }
    running.add(response);
    response.on('close', finished);
    handler(request, response);
  });
  for (const other of others) server.on('request', other);
  server.on('connection', () => {
    if (draining) lastArrival = Date.now();
  });

  return {
    start() {
      draining = true;
      lastArrival = Date.now();
      // Answers still to come close their connection: the next request would be refused.
      for (const response of running) {
        if (!response.headersSent) response.setHeader('connection', 'close');
      }
    },
    settled: () =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (running.size === 0 && Date.now() - lastArrival >= quietMs) resolve();
          else setTimeout(check, pollMs).unref();
        };
        check();
      }),
    cut() {
      const cut = running.size;
      for (const response of running) {
        if (!response.headersSent) answer(response.req, response, restarting());
      }
      return cut;
    },
  };
}

/** A problem written straight to the response (the app's handler may still be running). */
function answer(request: IncomingMessage, response: ServerResponse, error: AppError): void {
  const body = JSON.stringify(problemOf(error, (request.url ?? '/').split('?')[0]));
  response.writeHead(error.status, {
    'content-type': 'application/problem+json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'retry-after': String(error.extras.retryAfterSeconds),
    connection: 'close',
  });
  response.end(body);
}
