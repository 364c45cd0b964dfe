import { DecryptionError, decryptBlob, isDecryptionError } from '@codedrop/crypto';
import { fetchSubmissionRange } from '../../lib/api/requests-api';
import type { ApiResult, ClientProblem } from '../../lib/api/result';
import { saveBlob } from '../../lib/download-file';
import type { FileSink } from '../../lib/encryption/file-sink';
import { readPreview, type PreviewContent } from '../../lib/file-preview';
import { writeZip } from '../../lib/zip-writer';
import type { OpenedSubmission, PickupKey } from './listed-submission';

export type FileOutcome =
  | { ok: true; blob: Blob }
  /** The file's bytes did not authenticate: nothing was kept. */
  | { ok: false; reason: 'corrupt' }
  | { ok: false; reason: 'problem'; problem: ClientProblem };

/** Where the asker's transfers fetch from: the request and its pickup token. */
export interface PickupSource {
  code: string;
  key: PickupKey;
}

/** File `index` of a submission: its byte range fetched, then decrypted and checked. */
export async function openSubmissionFile(
  source: PickupSource,
  submission: OpenedSubmission,
  index: number,
): Promise<FileOutcome> {
  const file = submission.files[index]!;
  const fetched = await fetchSubmissionRange(
    source.code,
    submission.id,
    source.key.pickupToken,
    file.range,
  );
  if (!fetched.ok) return { ok: false, reason: 'problem', problem: fetched.problem };
  try {
    // Typed as opaque bytes: the declared type is the sender's word, never trusted.
    const blob = await decryptBlob(fetched.data, submission.encKey, file.size);
    return { ok: true, blob };
  } catch (error) {
    if (!isDecryptionError(error)) console.error(error);
    return { ok: false, reason: 'corrupt' };
  }
}

/** One file, decrypted in memory and handed to the download manager under its name. */
export async function saveSubmissionFile(
  source: PickupSource,
  submission: OpenedSubmission,
  index: number,
): Promise<FileOutcome> {
  const opened = await openSubmissionFile(source, submission, index);
  if (opened.ok) saveBlob(opened.blob, submission.files[index]!.name);
  return opened;
}

/** Every file of the submissions, in order, as one ZIP streamed into the sink. */
export async function saveSubmissionsZip(
  source: PickupSource,
  submissions: readonly OpenedSubmission[],
  sink: FileSink,
): Promise<{ ok: true } | Exclude<FileOutcome, { ok: true }>> {
  const entries = submissions.flatMap((submission) =>
    submission.files.map((file, index) => ({
      name: file.name,
      size: file.size,
      open: async (): Promise<ApiResult<ReadableStream<Uint8Array>>> => {
        const opened = await openSubmissionFile(source, submission, index);
        if (opened.ok) return { ok: true, data: opened.blob.stream() };
        // A file that does not authenticate fails the archive, as a share's would.
        if (opened.reason === 'problem') return { ok: false, problem: opened.problem };
        return { ok: true, data: failingStream() };
      },
    })),
  );
  return writeZip(entries, sink);
}

/** A stream that fails as decryption does, so writeZip reports the archive as corrupt. */
function failingStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start: (controller) => {
      controller.error(new DecryptionError('authentication', 'Wrong key or altered data'));
    },
  });
}

/** What a preview of file `index` shows, or null when its bytes are nothing to show. */
export async function previewSubmissionFile(
  source: PickupSource,
  submission: OpenedSubmission,
  index: number,
): Promise<{ ok: true; content: PreviewContent | null } | Exclude<FileOutcome, { ok: true }>> {
  const opened = await openSubmissionFile(source, submission, index);
  if (!opened.ok) return opened;
  return { ok: true, content: await readPreview(opened.blob.stream()) };
}
