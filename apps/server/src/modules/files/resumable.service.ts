import { messages, type CreateFileResponse } from '@codedrop/contract';
import { encryptedSize, plaintextSize } from '@codedrop/crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';
import { newBlobKey } from '../../infra/blob/port.js';
import type { DiskRoom } from '../../infra/disk/port.js';
import type { Clock } from '../../infra/runtime/clock.js';
import {
  isUploadRunning,
  isUploadUnderReview,
  markUploadComplete,
  recordUploadProgress,
} from '../shares/repository/index.js';
import {
  markSubmissionComplete,
  recordSubmissionProgress,
  runningSubmissionRequest,
} from '../requests/submissions-uploads.repository.js';
import { requireRequest } from '../requests/request-lookup.js';
import { dropRunningSubmission } from '../requests/submission-uploads.js';
import { cleanMimeType, cleanUploadName, encryptedFileName } from './file-names.js';
import type { UploadFields } from './upload-fields.js';
import type { StoredFile } from './stored-files.js';
import type { ResumableUploads } from './tus.plugin.js';
import { toWebRequest, tusProblem } from './tus-bridge.js';
import type { TusCreation } from './tus-headers.js';
import { assertDiskRoom } from './upload-admission.js';
import { completeUpload, type CompletionDeps } from './upload-completion.js';
import { endedUploadError } from './upload-progress.js';
import { assertWithinReservations, type ReservationCaps } from './upload-reservations.js';

export interface ResumableDeps extends CompletionDeps {
  clock: Clock;
  /** The tus server and its store (tus.plugin.ts). */
  uploads: ResumableUploads;
  diskRoom: Pick<DiskRoom, 'hasRoomFor' | 'hasReserve'>;
  /** The caps on one client's running uploads; null with RATE_LIMIT_DISABLED. */
  reservations: ReservationCaps | null;
  maxFileBytes: number;
  parseFields(raw: Record<string, string>): UploadFields;
  /** Writes the share of an upload that has only begun (files.service.ts). */
  beginShare(fields: UploadFields, file: StoredFile, client: string): Promise<CreateFileResponse>;
}

/** A tus creation's share fields and file, checked. */
export interface DeclaredUpload {
  fields: UploadFields;
  file: Omit<StoredFile, 'key'>;
  /** The most its Upload-Length may be: MAX_FILE_BYTES of plaintext, as stored. */
  maxBytes: number;
}

/**
 * The upload service's tus side (docs/api.md#resumable-uploads): the share is made at the
 * creation and kept up with every chunk; the tus store (tus.plugin.ts) does the protocol,
 * and the last byte completes the upload as every other door's (upload-completion.ts).
 */
export function createResumableService(deps: ResumableDeps) {
  const { db, clock, uploads } = deps;

  /** A creation's share fields and file, refused (400) before anything counts. */
  function declare(creation: TusCreation): DeclaredUpload {
    const fields = deps.parseFields(creation.fields);
    const encrypted = fields.encryptedPayload !== undefined;
    const name = encrypted ? encryptedFileName : cleanUploadName(creation.filename);
    if (name === '') throw AppError.validation('filename', messages.fileRequired);
    if (encrypted && plaintextSize(creation.length) === null) {
      throw AppError.validation('Upload-Length', 'No encrypted file can have this length');
    }
    const mime = encrypted ? 'application/octet-stream' : cleanMimeType(creation.filetype);
    const max = deps.maxFileBytes;
    const file = { name, mime, size: creation.length };
    return { fields, file, maxBytes: encrypted ? encryptedSize(max) : max };
  }

  /** Makes the share, then has tus create its upload (with the first chunk, if sent). */
  async function create(request: FastifyRequest, upload: DeclaredUpload, client: string) {
    const encrypted = upload.fields.encryptedPayload !== undefined;
    const key = newBlobKey(encrypted ? null : upload.file.name, clock.now().getTime());
    const created = await deps.beginShare(upload.fields, { key, ...upload.file }, client);
    let response: Response;
    try {
      // Again with its row in: uploads begun at the same moment see one another.
      if (deps.reservations !== null) await assertWithinReservations(db, client, deps.reservations);
      response = await tusCreate(request, key);
    } catch (error) {
      // Nothing was promised yet: the share goes as if it had never been.
      await deps.ends.endShare({ reason: 'failed-upload', code: created.code });
      throw error;
    }
    // A creation without a body has stored nothing: a zero-length upload is complete.
    await progress(key, Number(response.headers.get('upload-offset') ?? 0));
    return { created, key, response };
  }

  /**
   * Has tus create the upload of a submission to a request whose row is written under
   * `key` (modules/requests/): a failure takes the row back, and its slot.
   */
  async function createSubmission(request: FastifyRequest, key: string, client: string) {
    let response: Response;
    try {
      // Again with its row in, as for a share: submissions begun together see one another.
      if (deps.reservations !== null) await assertWithinReservations(db, client, deps.reservations);
      response = await tusCreate(request, key);
    } catch (error) {
      await dropRunningSubmission(db, key);
      throw error;
    }
    await progress(key, Number(response.headers.get('upload-offset') ?? 0));
    return response;
  }

  /** tus creates the upload under `key` (with its first chunk, if sent); 201 or a problem. */
  async function tusCreate(request: FastifyRequest, key: string) {
    const tusRequest = toWebRequest(request);
    uploads.idFor.set(tusRequest, key);
    const response = await uploads.tus.handleWeb(tusRequest);
    if (response.status !== 201) throw await tusProblem(response, deps.maxFileBytes);
    return response;
  }

  /**
   * A chunk, refused for a share that has ended (410, 404) and for bytes that would eat into
   * the data disk's reserve (507, counted as arriving until `socket` closes).
   */
  async function chunk(id: string, request: FastifyRequest, socket: FastifyReply['raw']) {
    await refuseEnded(id);
    await assertDiskRoom(deps.diskRoom, Number(request.headers['content-length'] ?? 0), socket);
    let response: Response;
    try {
      response = await uploads.tus.handleWeb(toWebRequest(request));
      const offset = Number(response.headers.get('upload-offset') ?? NaN);
      if (response.status < 400 && Number.isFinite(offset)) await progress(id, offset);
    } catch (error) {
      // The share ended while the chunk streamed in (its file deleted under the write).
      await refuseEnded(id);
      throw error;
    }
    await refuseEnded(id);
    if (response.status >= 400) await recordStored(id);
    return response;
  }

  /** Where the upload stands; a client whose last answer was lost finishes what is whole. */
  async function head(id: string, request: FastifyRequest) {
    const response = await uploads.tus.handleWeb(toWebRequest(request));
    const offset = Number(response.headers.get('upload-offset') ?? NaN);
    const length = Number(response.headers.get('upload-length') ?? NaN);
    if (response.status < 400 && offset === length) await progress(id, offset);
    return response;
  }

  /** The uploader gives up (tus termination): the share goes with its upload. */
  async function terminate(id: string, request: FastifyRequest) {
    // A share held for review keeps its bytes for the operator.
    if (await isUploadUnderReview(db, id)) throw new AppError('SHARE_UNDER_REVIEW');
    const response = await uploads.tus.handleWeb(toWebRequest(request));
    if (response.status < 400) {
      // A share's upload, or a submission's (its request's slot is free again).
      await deps.ends.endShare({ reason: 'deleted', uploadKey: id });
      await dropRunningSubmission(db, id);
    }
    if (response.status >= 500 && (await giveUpOnFullDisk(id))) {
      return new Response(null, { status: 204 });
    }
    return response;
  }

  /** After a chunk (or a HEAD that finds every byte): progress, and completion at the end. */
  async function progress(key: string, offset: number) {
    const declared = await recordUploadProgress(db, key, offset, clock.now());
    if (declared === null) return submissionProgress(key, offset);
    if (offset !== declared) return;
    const stored = await uploads.settle(key, declared);
    if (stored === null) return;
    const { size, sha256 } = stored;
    await completeUpload(deps, { files: [{ key, sha256 }], uploadKey: key }, () =>
      markUploadComplete(db, key, size, sha256),
    );
  }

  /**
   * A submission's upload: listed once every byte is stored. Its bytes are ciphertext under
   * a key of the sender's own, which the block list cannot judge (docs/design.md).
   */
  async function submissionProgress(key: string, offset: number) {
    const declared = await recordSubmissionProgress(db, key, offset, clock.now());
    if (declared === null || offset !== declared) return;
    const stored = await uploads.settle(key, declared);
    if (stored !== null) await markSubmissionComplete(db, key, stored.size);
  }

  /**
   * A chunk that failed (its connection dropped) still stored what arrived before: that
   * is progress, for the recipient's view and for the rules that reclaim starved uploads.
   */
  async function recordStored(key: string) {
    try {
      const { offset } = await uploads.tus.datastore.getUpload(key);
      await recordUploadProgress(db, key, offset, clock.now());
      await recordSubmissionProgress(db, key, offset, clock.now());
    } catch {
      // Gone, or the store is down: the next chunk records it.
    }
  }

  async function refuseEnded(key: string) {
    const ended = await endedUploadError(db, key, clock.now());
    if (ended !== null) throw ended;
    // A submission's upload takes bytes while its request is live (410, 451 once not).
    const request = await runningSubmissionRequest(db, key);
    if (request !== null) await requireRequest(db, clock, request);
  }

  /**
   * Giving up failed (tus could not record its lease or forget the upload) while the disk
   * has no room: the upload's bytes go first, which makes the room to record the rest.
   * Only an unfinished upload: a finished one is a share, deleted with its token.
   */
  async function giveUpOnFullDisk(key: string): Promise<boolean> {
    if (await deps.diskRoom.hasReserve()) return false;
    if (!(await isUploadRunning(db, key))) return false;
    await deps.ends.releaseBlobs([key]);
    await deps.ends.endShare({ reason: 'deleted', uploadKey: key });
    return true;
  }

  return { declare, create, createSubmission, chunk, head, terminate };
}

export type ResumableService = ReturnType<typeof createResumableService>;
