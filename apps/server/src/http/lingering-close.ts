import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';

// How long a connection answered before its request body was read is kept reading (and
// discarding) that body before it is closed. nginx's `lingering_close` does the same, for
// the same reason, with 5 s between reads and 30 s in all.
export const lingerMs = 5_000;

const lastRequest = Symbol('codedrop.lastRequest');
type TrackedSocket = Socket & { [lastRequest]?: IncomingMessage };

/**
 * An upload refused before its body was read (a bad field, too large, over a limit) is
 * answered at once with `Connection: close`. Node then destroys the socket as soon as the
 * answer is written, with the rest of the body still arriving: the kernel answers that with
 * a reset, and a client still sending (curl, fetch, the CLI) fails with EPIPE or
 * ECONNRESET instead of reading the problem it was sent. Measured against a real process,
 * a third of refused multipart uploads of 100 KB ended so.
 *
 * So when such a connection is closed, the answer goes out and the write side is ended
 * first; the unread body is then read and thrown away until it ends, and only then (or
 * after `lingerMs`) is the socket destroyed. A request whose body was read whole closes
 * as before.
 */
export function lingerBeforeClosing(server: Server, limitMs = lingerMs): void {
  server.on('request', (request: IncomingMessage) => {
    (request.socket as TrackedSocket)[lastRequest] = request;
  });
  server.on('connection', (socket: TrackedSocket) => {
    const destroySoon = socket.destroySoon.bind(socket);
    socket.destroySoon = () => {
      const request = socket[lastRequest];
      if (request === undefined || request.complete || socket.destroyed) return destroySoon();
      socket.end();
      const close = () => {
        clearTimeout(timer);
        socket.destroy();
      };
      const timer = setTimeout(close, limitMs);
      timer.unref();
      request.once('end', close);
      request.once('error', close);
      socket.once('close', () => clearTimeout(timer));
      // As Node's own IncomingMessage#_dump: whoever was reading the body stops getting it.
      request.removeAllListeners('data');
      request.unpipe();
      request.resume();
    };
  });
}
