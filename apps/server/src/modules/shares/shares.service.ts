import {
  type CreateShareBody,
  type CreateShareResponse,
  type ShareView,
  assertNever,
  maxEnvelopeChars,
  messages,
  type TextShareType,
} from '@codedrop/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../infra/runtime/clock.js';
import type { CodeAllocator } from './codes/code-allocator.js';
import type { NoteCleaner } from './notes/note-cleaner.js';
import type { RecoveryEscrow } from '../recovery/recovery-escrow.js';
import type { ShareEnds } from './share-ends.js';
import { findSecrets, findShare, markViewed, type NewShare } from './repository/index.js';
import type { ShareChanges } from './share-changes.js';
import type { VerifyAuthKey } from './unlock-attempts.js';
import type { Share } from './share-record.js';
import { goneErrorCode, isShare, toShareView } from './share-record.js';
import { shareBasics } from './new-share.js';
import { validateClipboardText } from './text-rules.js';

export interface ShareServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  codes: CodeAllocator;
  notes: Pick<NoteCleaner, 'sanitize'>;
  escrow: RecoveryEscrow;
  ends: Pick<ShareEnds, 'endShare'>;
  verifyAuthKey: VerifyAuthKey;
  /** Told of a first view (the creator's live view). */
  changes: Pick<ShareChanges, 'changed'>;
  limits: {
    maxTextChars: number;
    maxNoteChars: number;
    expiryChoicesSeconds: number[];
    defaultExpirySeconds: number;
    unlockMaxFailures: number;
  };
}

export function resolveExpiry(
  requested: number | undefined,
  limits: Pick<ShareServiceDeps['limits'], 'expiryChoicesSeconds' | 'defaultExpirySeconds'>,
): number {
  const seconds = requested ?? limits.defaultExpirySeconds;
  if (!limits.expiryChoicesSeconds.includes(seconds)) {
    throw AppError.validation(
      'expiresInSeconds',
      `expiresInSeconds must be one of ${limits.expiryChoicesSeconds.join(', ')}`,
    );
  }
  return seconds;
}

export function createShareService(deps: ShareServiceDeps) {
  const { db, clock, limits } = deps;

  /**
   * A share that is live, or the 404/410/451 problem that explains why it is not. A
   * request's row is no share: every share path answers 404 for its code.
   */
  async function requireLive(code: string): Promise<Share> {
    const now = clock.now();
    const found = await findShare(db, code, now);
    if (found === null) throw new AppError('SHARE_NOT_FOUND');
    if (!isShare(found.record)) {
      // A live request's or room's code: the client is told where to look (a right code,
      // so no miss); an ended one reads like any code without a share.
      const kind = found.record.type === 'room' ? 'room' : 'request';
      const open = found.live && found.record.quarantinedAt === null;
      throw new AppError('SHARE_NOT_FOUND', undefined, open ? { kind } : {});
    }
    // Held for review: nothing of it is served, whatever its state (docs/design.md#moderation).
    if (found.record.quarantinedAt !== null) throw new AppError('SHARE_QUARANTINED');
    if (!found.live) throw new AppError(goneErrorCode(found.record, now));
    return found.record;
  }

  /**
   * The first lookup marks the share viewed for its creator's live view; never in the way
   * of the lookup itself, which has answered whatever becomes of the mark.
   */
  function noteViewed(code: string): void {
    markViewed(db, code, clock.now()).then(
      (marked) => marked && deps.changes.changed(code),
      () => {},
    );
  }

  /** A plain text share's content as stored: checked text, or a sanitized note. */
  async function plainContent(type: TextShareType, raw: string): Promise<string> {
    switch (type) {
      case 'clipboard':
        validateClipboardText(raw, limits.maxTextChars);
        return raw;
      case 'notepad':
        // Markup the sanitizer strips may make the input longer than the note; twice the
        // limit is room enough, and bounds the work one request can ask for.
        if (raw.length > 2 * limits.maxNoteChars) {
          throw new AppError('PAYLOAD_TOO_LARGE', messages.noteTooLong(limits.maxNoteChars));
        }
        return deps.notes.sanitize(raw);
      default:
        return assertNever(type);
    }
  }

  return {
    requireLive,

    async create(body: CreateShareBody): Promise<CreateShareResponse> {
      const expiresIn = resolveExpiry(body.expiresInSeconds, limits);
      const encrypted = body.encryptedPayload !== undefined;
      let content: string | null = null;
      let payload: string | null = null;
      if (encrypted) {
        payload = JSON.stringify(body.encryptedPayload);
        if (payload.length > maxEnvelopeChars) {
          throw new AppError('PAYLOAD_TOO_LARGE', 'The encrypted content is too large');
        }
      } else {
        content = await plainContent(body.type, body.content ?? '');
      }
      const { columns, ...created } = shareBasics(clock, deps.escrow, {
        ...body,
        expiresInSeconds: expiresIn,
      });
      const code = await deps.codes.allocate((code): NewShare => ({
        code,
        type: body.type,
        content,
        is_encrypted: encrypted,
        encrypted_payload: payload,
        burn_after_reading: body.burnAfterReading ?? false,
        ...columns,
      }));
      return { code, type: body.type, ...created };
    },

    async view(code: string): Promise<ShareView> {
      const record = await requireLive(code);
      if (record.viewedAt === null) noteViewed(code);
      return toShareView(record, limits.unlockMaxFailures);
    },

    /** POST /read: the one read of a plaintext burn-after-reading share. */
    async readBurn(code: string): Promise<{ content: string }> {
      const record = await requireLive(code);
      if (!record.burnAfterReading) {
        throw AppError.validation('code', 'This share is not burn-after-reading; GET it instead');
      }
      if (record.isEncrypted) {
        throw AppError.validation('code', 'This share is encrypted; unlock it instead');
      }
      if ((await deps.ends.endShare({ reason: 'burnt', code })) !== 'ended') {
        // Lost the race to another reader, or it expired in between: answer as a lookup would.
        await requireLive(code);
        throw new AppError('SHARE_BURNT');
      }
      return { content: record.content ?? '' };
    },

    /**
     * POST /unlock: hands out the envelope only to the holder of the password-derived
     * authKey; wrong keys are counted and the last allowed one destroys the share.
     */
    async unlock(code: string, authKey: string): Promise<{ encryptedPayload: unknown }> {
      const record = await requireLive(code);
      if (!record.isEncrypted || record.authVerifier === null) {
        throw AppError.validation('code', 'This share is not encrypted');
      }
      await verifyAuthKey(record, authKey);
      const payload = (await findSecrets(db, code))?.encryptedPayload ?? null;
      if (payload === null) {
        // Made gone between the check and now (burnt, destroyed, downloaded to the end).
        await requireLive(code);
        throw new AppError('SHARE_NOT_FOUND');
      }
      if (record.burnAfterReading) {
        if ((await deps.ends.endShare({ reason: 'burnt', code })) !== 'ended') {
          throw new AppError('SHARE_BURNT');
        }
      }
      return { encryptedPayload: JSON.parse(payload) as unknown };
    },

    /** The recovery escrow of a share, read only when an email matched. */
    async recoveryEscrowOf(code: string): Promise<string | null> {
      return (await findSecrets(db, code))?.recoveryEscrow ?? null;
    },

    verifyAuthKey,
  };

  /** The password proof of an encrypted share (unlock-attempts.ts, shared with requests). */
  function verifyAuthKey(record: Share, authKey: string | undefined): Promise<void> {
    return deps.verifyAuthKey(record.code, authKey, requireLive);
  }
}

export type ShareService = ReturnType<typeof createShareService>;
