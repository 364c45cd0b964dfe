import type { CreateFileResponse } from '@codedrop/contract';
import type { I18n } from '@lingui/core';
import type { ClientProblem } from '../../lib/api/result';
import { loadOnUse } from '../../lib/api/load-on-use';
import { forgetResumeRecord, saveResumeRecord } from '../../lib/resume-records';
import type { CreatedFile } from './created-file';
import {
  WrongPasswordError,
  encryptionProblem,
  mismatchProblem,
  prepareUpload,
  wrongPasswordProblem,
  type UploadChoices,
} from './prepare-upload';
import { UploadTracker } from './upload-tracker';

export interface ResumableShareRequest extends UploadChoices {
  chunkSize: number;
  /** The page's language, for the problems said here. */
  i18n: I18n;
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
  const { file, record, choice, i18n } = request;
  const mismatch = record && mismatchProblem(record, choice, i18n);
  if (mismatch) return { ok: false, problem: mismatch };
  let prepared;
  try {
    prepared = await prepareUpload(request);
  } catch (error) {
    if (error instanceof WrongPasswordError)
      return { ok: false, problem: wrongPasswordProblem(i18n) };
    console.error('Encryption failed', error);
    return { ok: false, problem: encryptionProblem(i18n) };
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
