import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config/config.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { createCodeAllocator, type CodeAllocator } from './codes/code-allocator.js';
import { createSharesInserter } from './repository/index.js';
import { createNoteCleaner } from './notes/note-cleaner.js';
import { createRecoveryEscrow, type RecoveryEscrow } from '../recovery/recovery-escrow.js';
import { createShareService, type ShareService } from './shares.service.js';
import { createShareEnds, type ShareEnds } from './share-ends.js';
import { createUnlockAttempts, type VerifyAuthKey } from './unlock-attempts.js';
import { createShareChanges, type ShareChanges } from './share-changes.js';
import type { Secrets } from '../../config/secrets.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Draws free codes; file shares take theirs from here too. */
    codes: CodeAllocator;
    /** Seals and opens recovery passwords under RECOVERY_KEY. */
    escrow: RecoveryEscrow;
    shares: ShareService;
    /** Every path that ends a share (endShare), and the one way blobs are let go. */
    shareEnds: ShareEnds;
    /** The password proof and its lockout, for encrypted shares and requests alike. */
    verifyAuthKey: VerifyAuthKey;
    /** Changes of a share's state its creator's live view shows (modules/watch/). */
    shareChanges: ShareChanges;
  }
}

/**
 * Text and note shares, and what every share uses: the code allocator, the recovery escrow
 * and the ways a share ends.
 */
async function shares(
  app: FastifyInstance,
  opts: { config: Config; secrets: Secrets; clock: Clock },
) {
  const { config } = opts;
  const codes = createCodeAllocator(
    app.db.kysely,
    app.db.dialect,
    config,
    createSharesInserter(app.db.kysely),
  );
  const escrow = createRecoveryEscrow(opts.secrets.recoveryKey, opts.secrets.recoveryKeyPrevious);
  const notes = createNoteCleaner({ maxNoteChars: config.maxNoteChars });
  app.addHook('onClose', () => notes.close());
  const ends = createShareEnds({
    db: app.db.kysely,
    clock: opts.clock,
    blobs: app.blobs,
    forgetUploads: (keys) => app.uploads.forget(keys),
  });
  const verifyAuthKey = createUnlockAttempts({
    db: app.db.kysely,
    clock: opts.clock,
    ends,
    maxFailures: config.unlockMaxFailures,
  });
  const changes = createShareChanges();
  // Every early end is a change its creator sees.
  ends.onEnded((code) => changes.changed(code));
  app.decorate('shareChanges', changes);
  app.decorate('codes', codes);
  app.decorate('verifyAuthKey', verifyAuthKey);
  app.decorate('shareEnds', ends);
  app.decorate('escrow', escrow);
  app.decorate(
    'shares',
    createShareService({
      db: app.db.kysely,
      clock: opts.clock,
      codes,
      notes,
      escrow,
      ends,
      verifyAuthKey,
      changes,
      limits: config,
    }),
  );
}

export default fp(shares, { name: 'shares', dependencies: ['db', 'blobs', 'uploads'] });
