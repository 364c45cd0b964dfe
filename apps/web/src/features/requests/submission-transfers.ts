import { decryptBlob, isDecryptionError } from '@codedrop/crypto';
import { fetchSubmissionRange, openSubmissionRange } from '../../lib/api/requests-api';
import type { ApiResult, ClientProblem } from '../../lib/api/result';
import { decryptInto, decryptedStream } from '../../lib/encryption/decrypt-download';
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

/** The plaintext of file `index`, decrypted segment by segment as it is read. */
async function openDecrypted(
  source: PickupSource,
  submission: OpenedSubmission,
  index: number,
): Promise<ApiResult<ReadableStream<Uint8Array>>> {
  const { range, size } = submission.files[index]!;
  const { code, key } = source;
  const body = await openSubmissionRange(code, submission.id, key.pickupToken, range);
  if (!body.ok) return body;
  const storedLength = range.end - range.start;
  return {
    ok: true,
    data: decryptedStream(
      { body: body.data },
      { encKey: submission.encKey, storedLength, expectedSize: size },
    ),
  };
}

/**
 * One file, fetched and decrypted segment by segment into the sink opened on the click:
 * committed only once its last segment authenticated, discarded on any failure.
 */
export async function saveSubmissionFile(
  source: PickupSource,
  submission: OpenedSubmission,
  index: number,
  sinkOpened: Promise<FileSink | null>,
): Promise<{ ok: true } | { ok: false; reason: 'cancelled' } | Exclude<FileOutcome, { ok: true }>> {
  const sink = await sinkOpened;
  if (sink === null) return { ok: false, reason: 'cancelled' };
  const file = submission.files[index]!;
  const { code, key } = source;
  const body = await openSubmissionRange(code, submission.id, key.pickupToken, file.range);
  if (!body.ok) {
    await sink.discard();
    return { ok: false, reason: 'problem', problem: body.problem };
  }
  return decryptInto(
    { body: body.data },
    {
      encKey: submission.encKey,
      storedLength: file.range.end - file.range.start,
      meta: { name: file.name, type: 'application/octet-stream', size: file.size },
      sink,
    },
  );
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
      // A file that does not authenticate errors its stream, which fails the archive as
      // corrupt, as a share's would.
      open: () => openDecrypted(source, submission, index),
    })),
  );
  return writeZip(entries, sink);
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
