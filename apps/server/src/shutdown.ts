import type { FastifyInstance } from 'fastify';
import type { Drain } from './drain.js';

/** How long the 503s given at the deadline have to go out before connections are cut. */
const answerGraceMs = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Drains the server (drain.ts), then closes the app. Requests still running at the
 * deadline are answered 503 (those whose answer had begun, a download, are cut) and the
 * shutdown counts as forced: true then, and the process exits 1 (docs/operations.md).
 */
export async function shutDown(
  app: FastifyInstance,
  drain: Drain,
  deadlineMs: number,
): Promise<boolean> {
  drain.start();
  // Live streams never end by themselves: their pages reconnect, to another instance.
  app.roomHub.endAll();
  app.shareWatch.endAll();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), deadlineMs);
  });
  const drained = await Promise.race([drain.settled().then(() => true as const), deadline]);
  clearTimeout(timer);
  let forced = false;
  if (drained) {
    // Every request received has its answer. What is still connected carries none: an idle
    // keep-alive, or a connection a client opened and never used (an HTTP client replacing
    // the one it aborted), which the server would otherwise wait on until the deadline.
    app.server.closeAllConnections();
  } else {
    const cut = drain.cut();
    forced = cut > 0;
    if (forced) app.log.warn({ cut }, 'shutdown deadline: requests still running answered 503');
    await sleep(answerGraceMs);
    app.server.closeAllConnections();
  }
  await app.close();
  return forced;
}
