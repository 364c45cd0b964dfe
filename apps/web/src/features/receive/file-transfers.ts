import { isDecryptionError } from '@codedrop/crypto';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { fetchFailure } from '../../lib/api/request';
import { problemWords } from '../../lib/api/problem-words';
import type { ApiResult, ClientProblem } from '../../lib/api/result';
import { fetchBlob, isSameOrigin, saveBlob, startBrowserDownload } from '../../lib/download-file';
import type { DownloadGrant, GrantHolder } from '../../lib/download-grant';
import { decryptedStream, decryptInto } from '../../lib/encryption/decrypt-download';
import type { FileSink } from '../../lib/encryption/file-sink';
import { readPreview, type PreviewResult } from '../../lib/file-preview';
import { productMessages } from '../../lib/i18n/product-messages';
import { fetchResumable, type ResumableBody } from '../../lib/resumable-fetch';
import { writeZip } from '../../lib/zip-writer';
import { metaOf, type ReceivedShare } from './received-share';

// The transfers of the file viewer, each taking its URLs from the page's one grant.

export type TransferOutcome =
  | { ok: true; grant: DownloadGrant }
  /** The visitor closed the save dialog: nothing was fetched, no download used. */
  | { ok: false; reason: 'cancelled' }
  /** An encrypted file did not authenticate: nothing was kept. */
  | { ok: false; reason: 'corrupt' }
  | { ok: false; reason: 'problem'; problem: ClientProblem };

export type OnProgress = (loaded: number, total: number | null) => void;

export type { PreviewResult };

export const noPreviewMessage = (i18n: I18n) =>
  t(i18n)`This file cannot be previewed. Download it to open it.`;

/** The bytes of file `index` from `url` as the visitor gets them: fetched, and decrypted. */
async function openFile(
  share: ReceivedShare,
  index: number,
  url: string,
): Promise<ApiResult<ResumableBody>> {
  const fetched = await fetchResumable(url);
  if (!fetched.ok || share.keys === undefined) return fetched;
  const file = share.files[index]!;
  const body = decryptedStream(fetched.data, {
    encKey: share.keys.encKey,
    storedLength: file.storedSize,
    expectedSize: file.size,
  });
  return { ok: true, data: { body, total: file.size } };
}

/** A plain file, fetched with progress and handed to the download manager. */
export async function savePlainFile(
  holder: GrantHolder,
  share: ReceivedShare,
  index: number,
  onProgress: OnProgress,
): Promise<TransferOutcome> {
  const fetched = await holder.withUrl(index, 'download', async (url) => {
    // A presigned bucket URL (another origin) is left to the browser, which may fetch it.
    if (!isSameOrigin(url)) return { ok: true, data: () => startBrowserDownload(url) };
    const blob = await fetchBlob(url, ({ loaded, total }) => onProgress(loaded, total));
    if (!blob.ok) return blob;
    return { ok: true, data: () => saveBlob(blob.data, share.files[index]!.name) };
  });
  if (!fetched.ok) return { ok: false, reason: 'problem', problem: fetched.problem };
  fetched.data.value();
  return { ok: true, grant: fetched.data.grant };
}

/** An encrypted file, decrypted segment by segment into the sink opened on the click. */
export async function saveEncryptedFile(
  holder: GrantHolder,
  share: ReceivedShare,
  index: number,
  sinkOpened: Promise<FileSink | null>,
  onProgress: OnProgress,
): Promise<TransferOutcome> {
  const sink = await sinkOpened;
  if (sink === null) return { ok: false, reason: 'cancelled' };
  const file = share.files[index]!;
  const fetched = await holder.withUrl(index, 'download', fetchResumable);
  if (!fetched.ok) {
    await sink.discard();
    return { ok: false, reason: 'problem', problem: fetched.problem };
  }
  const result = await decryptInto(fetched.data.value, {
    encKey: share.keys!.encKey,
    storedLength: file.storedSize,
    meta: metaOf(file),
    sink,
    onProgress,
  });
  return result.ok ? { ok: true, grant: fetched.data.grant } : result;
}

/** Every file, in order, as one ZIP streamed into the sink opened on the click. */
export async function saveZip(
  holder: GrantHolder,
  share: ReceivedShare,
  sinkOpened: Promise<FileSink | null>,
  onProgress: OnProgress,
): Promise<TransferOutcome> {
  const sink = await sinkOpened;
  if (sink === null) return { ok: false, reason: 'cancelled' };
  // The grant of the last file opened: its counts decide the words at the end.
  const used: { grant: DownloadGrant | null } = { grant: null };
  const entries = share.files.map((file, index) => ({
    name: file.name,
    size: file.size,
    open: async (): Promise<ApiResult<ReadableStream<Uint8Array>>> => {
      const opened = await holder.withUrl(index, 'download', (url) => openFile(share, index, url));
      if (!opened.ok) return opened;
      used.grant = opened.data.grant;
      return { ok: true, data: opened.data.value.body };
    },
  }));
  const result = await writeZip(entries, sink, onProgress);
  if (!result.ok) return result;
  return used.grant === null ? { ok: false, reason: 'cancelled' } : { ok: true, grant: used.grant };
}

/**
 * A preview of file `index`: its bytes (a download, covered by the grant) read into memory
 * and shown as what they are, or why not in the words of `i18n`. Never throws.
 */
export async function loadPreview(
  holder: GrantHolder,
  share: ReceivedShare,
  index: number,
  i18n: I18n,
): Promise<PreviewResult> {
  const failed = (problem: ClientProblem) => ({
    ok: false as const,
    message: problemWords('download', problem, i18n).title,
  });
  const opened = await holder.withUrl(index, 'preview', (url) => openFile(share, index, url));
  if (!opened.ok) return failed(opened.problem);
  try {
    const content = await readPreview(opened.data.value.body);
    return content === null
      ? { ok: false, message: noPreviewMessage(i18n) }
      : { ok: true, content };
  } catch (error) {
    if (isDecryptionError(error)) {
      return { ok: false, message: productMessages(i18n).decryptFailed };
    }
    return failed(fetchFailure(error));
  }
}
