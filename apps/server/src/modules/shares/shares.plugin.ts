import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { createCodeAllocator, type CodeAllocator } from './codes/code-allocator.js';
import { createShareInserter } from './share-inserter.js';
import { createNoteCleaner } from './notes/note-cleaner.js';
import { createRecoveryEscrow, type RecoveryEscrow } from '../recovery/recovery-escrow.js';
import { createShareService, type ShareService } from './shares.service.js';
import type { Secrets } from '../../config/secrets.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Draws free codes; file shares take theirs from here too. */
    codes: CodeAllocator;
    /** Seals and opens recovery passwords under RECOVERY_KEY. */
    escrow: RecoveryEscrow;
    shares: ShareService;
  }
}

/** Text and note shares, and the code allocator and recovery escrow every share uses. */
async function shares(
  app: FastifyInstance,
  opts: { config: Config; secrets: Secrets; clock: Clock },
) {
  const { config } = opts;
  const codes = createCodeAllocator(
    app.db.kysely,
    app.db.dialect,
    config,
    createShareInserter(app.db.kysely),
  );
  const escrow = createRecoveryEscrow(opts.secrets.recoveryKey, opts.secrets.recoveryKeyPrevious);
  const notes = createNoteCleaner({ maxNoteChars: config.maxNoteChars });
  app.addHook('onClose', () => notes.close());
  app.decorate('codes', codes);
  app.decorate('escrow', escrow);
  app.decorate(
    'shares',
    createShareService({
      db: app.db.kysely,
      clock: opts.clock,
      codes,
      notes,
      escrow,
      limits: config,
    }),
  );
}

export default fp(shares, { name: 'shares', dependencies: ['db'] });
