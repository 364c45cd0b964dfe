import {
  requestMessages,
  requestSubmissionLimits,
  type CreateRequestBody,
  type CreateRequestResponse,
  type RequestView,
  type Submission,
  type UnlockRequestResponse,
} from '@codedrop/contract';
import { parseRequestPublicKey } from '@codedrop/crypto';
import type { Kysely } from 'kysely';
import { AppError } from '../../http/app-error.js';
import { newBlobKey } from '../../infra/blob/port.js';
import type { Database } from '../../infra/db/port.js';
import type { Clock } from '../../infra/runtime/clock.js';
import type { RecoveryEscrow } from '../recovery/recovery-escrow.js';
import type { CodeAllocator } from '../shares/codes/code-allocator.js';
import { shareBasics } from '../shares/new-share.js';
import { findSecrets, takeSubmissionSlot, type NewShare } from '../shares/repository/index.js';
import type { ShareEnds } from '../shares/share-ends.js';
import type { ShareChanges } from '../shares/share-changes.js';
import type { VerifyAuthKey } from '../shares/unlock-attempts.js';
import { signPickupToken, verifyPickupToken } from './pickup-token.js';
import { checkedHeader, newSubmissionId, submissionView } from './submission-views.js';
import { resolveExpiry } from '../shares/shares.service.js';
import { requestInfoJson, requestViewOf, type LiveRequest } from './request-info.js';
import { requireRequest, type RequestLimits } from './request-lookup.js';
import {
  completeSubmissions,
  deleteSubmission,
  insertSubmission,
  submissionBlob,
} from './submissions.repository.js';

export interface RequestServiceDeps {
  db: Kysely<Database>;
  clock: Clock;
  codes: CodeAllocator;
  escrow: RecoveryEscrow;
  ends: Pick<ShareEnds, 'releaseBlobs'>;
  verifyAuthKey: VerifyAuthKey;
  /** Told of each submission taken (the asker's live view). */
  changes: Pick<ShareChanges, 'changed'>;
  /** pickup-token.ts's key. */
  pickupKey: Buffer;
  limits: RequestLimits;
}

export function createRequestService(deps: RequestServiceDeps) {
  const { db, clock, limits } = deps;
  const requireLive = (code: string) => requireRequest(db, clock, code);

  /** The live request a pickup token opens; FORBIDDEN for any token that does not. */
  async function requirePickup(code: string, token: string | null): Promise<LiveRequest> {
    const grant =
      token === null
        ? null
        : verifyPickupToken(deps.pickupKey, token, Math.floor(clock.now().getTime() / 1000));
    if (grant === null || grant.code !== code) throw wrongPickupToken();
    const request = await requireLive(code);
    if (request.record.createdAt.getTime() !== grant.created) throw wrongPickupToken();
    return request;
  }

  /** One slot taken for a sender, or the problem that says why there is none. */
  async function takeSlot(code: string, kind: 'files' | 'text'): Promise<void> {
    const request = await requireLive(code);
    if (!request.info.accepts[kind]) {
      throw new AppError(
        'REQUEST_NOT_ACCEPTING',
        kind === 'files' ? requestMessages.notAcceptingFiles : requestMessages.notAcceptingText,
      );
    }
    if (await takeSubmissionSlot(db, code, clock.now())) {
      deps.changes.changed(code);
      return;
    }
    // Gone, expired or held for review meanwhile (requireLive says which), or full.
    await requireLive(code);
    throw new AppError('REQUEST_FULL');
  }

  return {
    async create(body: CreateRequestBody): Promise<CreateRequestResponse> {
      // EXPIRY_CHOICES are a day at most: what was sent never waits longer to be picked up.
      const expiresInSeconds = resolveExpiry(body.expiresInSeconds, limits);
      try {
        await parseRequestPublicKey(body.publicKey);
      } catch (error) {
        throw AppError.validation(
          'publicKey',
          `Not a usable public key: ${(error as Error).message}`,
        );
      }
      // Within the default body limit, far below an envelope's own (a key is small).
      const payload = JSON.stringify(body.encryptedPayload);
      const { columns, ...created } = shareBasics(clock, deps.escrow, {
        expiresInSeconds,
        authVerifier: body.authVerifier,
        encryptedPayload: body.encryptedPayload,
      });
      const code = await deps.codes.allocate((code): NewShare => ({
        code,
        type: 'request',
        content: null,
        is_encrypted: true,
        encrypted_payload: payload,
        burn_after_reading: false,
        request_info: requestInfoJson(body),
        max_submissions: body.maxSubmissions ?? requestSubmissionLimits.default,
        ...columns,
      }));
      return {
        code,
        createdAt: created.createdAt,
        expiresAt: created.expiresAt,
        deleteToken: created.deleteToken,
      };
    },

    async view(code: string): Promise<RequestView> {
      return requestViewOf(await requireLive(code), limits.unlockMaxFailures);
    },

    /**
     * POST /unlock: the sealed key, a pickup token and the submissions, only to the holder
     * of the password-derived authKey, with a share's lockout (unlock-attempts.ts).
     */
    async unlock(code: string, authKey: string): Promise<UnlockRequestResponse> {
      const request = await requireLive(code);
      await deps.verifyAuthKey(code, authKey, requireLive);
      const payload = (await findSecrets(db, code))?.encryptedPayload ?? null;
      if (payload === null) {
        // Made gone between the check and now (deleted, destroyed).
        await requireLive(code);
        throw new AppError('SHARE_NOT_FOUND');
      }
      const pickupToken = signPickupToken(deps.pickupKey, {
        code,
        created: request.record.createdAt.getTime(),
        exp: Math.floor(request.record.expiresAt.getTime() / 1000),
      });
      const submissions = (await completeSubmissions(db, code)).map(submissionView);
      const encryptedPayload = JSON.parse(payload) as UnlockRequestResponse['encryptedPayload'];
      return { encryptedPayload, pickupToken, submissions };
    },

    async listSubmissions(code: string, token: string | null): Promise<Submission[]> {
      await requirePickup(code, token);
      return (await completeSubmissions(db, code)).map(submissionView);
    },

    /** A text-only submission: a slot taken, then its row; answers its id. */
    async submitText(code: string, header: unknown): Promise<{ id: string }> {
      const text = checkedHeader(header);
      await takeSlot(code, 'text');
      const id = newSubmissionId();
      await insertSubmission(db, {
        id,
        requestCode: code,
        createdAt: clock.now(),
        header: text,
        blobKey: null,
        storedBytes: 0,
        uploadReceived: null,
        uploadClient: null,
      });
      return { id };
    },

    /**
     * The creation of a submission with files (a tus upload of `declared` bytes): a slot
     * taken, then its row, uploading; its id and the upload's key.
     */
    /** `client`: the sender's keyed address hash; the upload counts in its caps while it runs. */
    async beginFileSubmission(code: string, headerJson: string, declared: number, client: string) {
      let header: unknown;
      try {
        header = JSON.parse(headerJson);
      } catch {
        throw AppError.validation('header', 'The header in Upload-Metadata must be JSON');
      }
      const text = checkedHeader(header);
      await takeSlot(code, 'files');
      const id = newSubmissionId();
      const createdAt = clock.now();
      const key = newBlobKey(null, createdAt.getTime());
      await insertSubmission(db, {
        id,
        requestCode: code,
        createdAt,
        header: text,
        blobKey: key,
        storedBytes: declared,
        uploadReceived: 0,
        uploadClient: client,
      });
      return { id, key };
    },

    /** One complete submission's blob, for the asker holding a pickup token. */
    async submissionBlob(code: string, id: string, token: string | null) {
      await requirePickup(code, token);
      const blob = await submissionBlob(db, code, id);
      if (blob === undefined) throw new AppError('NOT_FOUND', 'There is no such file.');
      return blob;
    },

    /** The asker deletes one submission; its blob goes now. Its slot stays taken. */
    async deleteSubmission(code: string, id: string, token: string | null): Promise<void> {
      await requirePickup(code, token);
      const deleted = await deleteSubmission(db, code, id);
      if (deleted === undefined) throw new AppError('NOT_FOUND', 'There is no such submission.');
      if (deleted.blobKey !== null) await deps.ends.releaseBlobs([deleted.blobKey]);
    },
  };
}

function wrongPickupToken(): AppError {
  return new AppError('FORBIDDEN', 'This pickup token does not open this request.');
}

export type RequestService = ReturnType<typeof createRequestService>;
