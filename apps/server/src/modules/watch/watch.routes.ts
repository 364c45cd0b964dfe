import { shareEventsEndpoint, type ShareState } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config/config.js';
import { openEventStream } from '../../http/event-stream.js';
import { asLookup, requireCode } from '../../http/guards.js';
import { route } from '../../http/route.js';
import { sha256Base64 } from '../../infra/runtime/secrets-hash.js';
import { createdWith } from '../shares/repository/index.js';
import { bearerToken, wrongToken } from '../shares/share-deletion.js';
import { isFinal } from './share-state.js';
import type { Watcher } from './watch-hub.js';

export default async function watchRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;

  route(
    app,
    shareEventsEndpoint,
    { schema: { summary: "A share's state as it changes, for its creator (delete token)" } },
    async (request, reply) => {
      const code = requireCode(request.params.code, config);
      const token = bearerToken(request.headers.authorization);
      // A wrong token is a guess like a code that does not exist: it counts as a miss.
      const first = await asLookup(
        app,
        request,
        async () => {
          if (token === null) throw wrongToken();
          if (!(await createdWith(app.db.kysely, code, sha256Base64(token)))) throw wrongToken();
          return app.shareWatch.load(code);
        },
        (error) => error.code === 'FORBIDDEN',
      );
      reply.hijack();
      let last: ShareState | null = null;
      let expiry: NodeJS.Timeout | undefined;
      const events = openEventStream(reply.raw, () => {
        clearTimeout(expiry);
        app.shareWatch.remove(watcher);
      });
      const watcher: Watcher = {
        code,
        send(state) {
          // A row that is gone was removed by an operator (or reclaimed once ended).
          const next: ShareState | null =
            state ?? (last === null ? null : { ...last, standing: 'removed' });
          if (next === null) return events.end();
          last = next;
          events.send('state', next);
          if (isFinal(next.standing)) events.end();
        },
        end: () => events.end(),
      };
      app.shareWatch.add(watcher);
      watcher.send(first);
      if (first !== null && !isFinal(first.standing)) {
        // Expiry changes nothing in the row: the stream says it at its time.
        const left = new Date(first.expiresAt).getTime() - app.shareWatch.now().getTime();
        expiry = setTimeout(() => app.shareWatch.refresh(code), Math.max(0, left) + 50);
        expiry.unref();
      }
    },
  );
}
