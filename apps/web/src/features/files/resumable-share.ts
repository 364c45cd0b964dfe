import type { CreateFileResponse } from '@codedrop/contract';
import {
  NONCE_PREFIX_BYTES,
  RangeEncryptor,
  authVerifier,
  createKeys,
  deriveKeysFor,
  fromBase64,
  randomBytes,
  sealFileMeta,
  toBase64,
} from '@codedrop/crypto';
import type { ClientProblem } from '../../lib/api/result';
import { loadOnUse } from '../../lib/api/load-on-use';
import type { ResumableUpload } from '../../lib/api/resumable-upload';
import { recoveryFields, type EncryptionChoice } from '../../lib/encryption/options';
import { forgetResumeRecord, saveResumeRecord, type ResumeRecord } from '../../lib/resume-records';
import type { CreatedFile } from './file-result';

export type UploadPhase = 'uploading' | 'done' | 'failed';

export interface UploadState {
  sent: number;
  total: number;
  phase: UploadPhase;
  problem?: ClientProblem;
}

/**
 * The running upload behind a result card: its progress for the card (a small store the
 * card subscribes to), and what the card may do with it (retry after a failure).
 */
export class UploadTracker {
  private state: UploadState;
  private readonly listeners = new Set<() => void>();
  upload: ResumableUpload | null = null;

  constructor(total: number, sent = 0) {
    this.state = { sent, total, phase: 'uploading' };
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly snapshot = () => this.state;

  /** The share was deleted: stop sending, and forget what a reload would resume. */
  discard: () => void = () => this.upload?.stop();

  update(next: Partial<UploadState>): void {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  /** Continues a failed upload from where the server stands. */
  retry(): void {
    this.update({ phase: 'uploading', problem: undefined });
    this.upload?.restart();
  }
}

export interface ResumableShareRequest {
  file: File;
  maxDownloads: number;
  expiresInSeconds: number;
  chunkSize: number;
  /** Set to encrypt (the password as typed). */
  choice: EncryptionChoice | null;
  /** An unfinished upload of this file from before a reload, to continue. */
  record?: ResumeRecord;
}

export type ResumableShareResult =
  { ok: true; created: CreatedFile } | { ok: false; problem: ClientProblem };

/**
 * Begins (or, with a record, continues) one file's resumable upload and resolves as soon as
 * the share exists: the card then shows the code while the rest of the bytes go up, through
 * the tracker in `created.upload`. An encrypted file is sealed chunk by chunk as it is sent,
 * always to the same bytes (the nonce prefix and salt are kept with the record), so an
 * upload resumed after a reload stores exactly what an uninterrupted one would have.
 */
export async function beginResumableShare(
  request: ResumableShareRequest,
): Promise<ResumableShareResult> {
  const { file, record, choice } = request;
  const mismatch = record && mismatchProblem(record, choice);
  if (mismatch) return { ok: false, problem: mismatch };
  let prepared;
  try {
    prepared = await prepare(request);
  } catch (error) {
    if (error instanceof WrongPasswordError) return { ok: false, problem: error.problem };
    console.error('Encryption failed', error);
    return { ok: false, problem: encryptionProblem };
  }
  const { encrypted, metadata, encryption } = prepared;
  // The upload client (tus, zod) loads when the first upload begins, not with the page.
  const client = await loadOnUse(() => import('../../lib/api/resumable-upload'));
  if (!client.ok) return client;
  const { startResumableUpload } = client.data;
  const tracker = new UploadTracker(encrypted?.size ?? file.size);
  tracker.discard = () => {
    tracker.upload?.stop();
    forgetResumeRecord(file);
  };
  // A resumed share keeps the options it was made with, not the ones the form shows now.
  const createdFile = (share: CreateFileResponse): CreatedFile => ({
    share,
    expiresInSeconds: record?.expiresInSeconds ?? request.expiresInSeconds,
    picked: [{ name: file.name, size: file.size }],
    encryption: record
      ? record.encryption && { recoveryEmail: record.encryption.recoveryEmail }
      : choice && { recoveryEmail: choice.recoveryEmail },
    upload: tracker,
  });
  return new Promise<ResumableShareResult>((resolve) => {
    let settled = false;
    if (record) {
      settled = true;
      resolve({ ok: true, created: createdFile(record.share) });
    }
    tracker.upload = startResumableUpload({
      file,
      encrypted,
      metadata,
      chunkSize: request.chunkSize,
      resume: record && { url: record.uploadUrl, secret: record.uploadSecret },
      onCreated(share, upload) {
        saveResumeRecord(file, {
          uploadUrl: upload.url,
          uploadSecret: upload.secret,
          share,
          expiresInSeconds: request.expiresInSeconds,
          file: { name: file.name, size: file.size, lastModified: file.lastModified },
          encryption: encryption && { ...encryption, recoveryEmail: choice?.recoveryEmail },
        });
        settled = true;
        resolve({ ok: true, created: createdFile(share) });
      },
      onProgress: (sent, total) => tracker.update({ sent, total }),
      onSuccess() {
        forgetResumeRecord(file);
        tracker.update({ phase: 'done', sent: tracker.snapshot().total });
      },
      onError(problem) {
        // Gone for good (reclaimed, deleted): nothing left to resume.
        if (problem.status === 404 || problem.status === 410) forgetResumeRecord(file);
        if (!settled) {
          settled = true;
          resolve({ ok: false, problem });
          return;
        }
        tracker.update({ phase: 'failed', problem });
      },
    });
  });
}

class WrongPasswordError extends Error {
  readonly problem: ClientProblem = {
    code: 'WRONG_PASSWORD',
    status: 0,
    title: 'Wrong password',
    detail: 'This is not the password this upload was encrypted with. Enter the same password.',
  };
}

/**
 * A resume must send what the upload began with: the same ciphertext for an encrypted one
 * (never its plaintext), the plain bytes for a plain one.
 */
function mismatchProblem(record: ResumeRecord, choice: EncryptionChoice | null) {
  if (Boolean(record.encryption) === (choice !== null)) return null;
  const problem: ClientProblem = {
    code: 'VALIDATION_FAILED',
    status: 0,
    title: 'Cannot resume this upload',
    detail: record.encryption
      ? 'This upload was encrypted: turn on password protection and enter the same password to resume it.'
      : 'This upload was not encrypted: turn off password protection to resume it.',
  };
  return problem;
}

const encryptionProblem: ClientProblem = {
  code: 'INTERNAL',
  status: 0,
  title: 'Encryption failed',
  detail: 'This browser could not encrypt the file.',
};

/** The metadata to send and, for an encrypted file, its stream and what a resume needs. */
interface Prepared {
  encrypted: RangeEncryptor | undefined;
  metadata: Record<string, string>;
  /** What a resume after a reload needs of a new encrypted upload. */
  encryption: Omit<NonNullable<ResumeRecord['encryption']>, 'recoveryEmail'> | null;
}

async function prepare({
  file,
  maxDownloads,
  expiresInSeconds,
  choice,
  record,
}: ResumableShareRequest): Promise<Prepared> {
  const base = { maxDownloads: String(maxDownloads), expiresInSeconds: String(expiresInSeconds) };
  if (choice === null) {
    return {
      encrypted: undefined,
      encryption: null,
      metadata: { ...base, filename: file.name, filetype: file.type || 'application/octet-stream' },
    };
  }
  if (record?.encryption) {
    const sealed = record.encryption;
    const keys = await deriveKeysFor(choice.password, sealed.encryptedPayload.kdf);
    if ((await authVerifier(keys.authKey)) !== sealed.authVerifier) throw new WrongPasswordError();
    const noncePrefix = fromBase64(sealed.noncePrefix, NONCE_PREFIX_BYTES);
    return {
      encrypted: new RangeEncryptor(file, keys.encKey, noncePrefix),
      encryption: null,
      metadata: {},
    };
  }
  const keys = await createKeys(choice.password);
  const encryptedPayload = await sealFileMeta(keys, [
    { name: file.name, type: file.type, size: file.size },
  ]);
  const noncePrefix = randomBytes(NONCE_PREFIX_BYTES);
  const recovery = recoveryFields(choice);
  return {
    encrypted: new RangeEncryptor(file, keys.encKey, noncePrefix),
    encryption: {
      encryptedPayload,
      authVerifier: keys.authVerifier,
      noncePrefix: toBase64(noncePrefix),
    },
    metadata: {
      ...base,
      filename: 'encrypted_file',
      filetype: 'application/octet-stream',
      encryptedPayload: JSON.stringify(encryptedPayload),
      authVerifier: keys.authVerifier,
      ...(recovery.recoveryEmail === undefined
        ? {}
        : { recoveryEmail: recovery.recoveryEmail, recoveryPassword: recovery.recoveryPassword }),
    },
  };
}
