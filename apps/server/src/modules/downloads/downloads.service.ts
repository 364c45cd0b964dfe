import { randomBytes } from 'node:crypto';
import {
  downloadBlobEndpoint,
  downloadUrlSeconds,
  messages,
  pathTo,
  type DownloadResponse,
} from '@codedrop/contract';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../infra/blob/port.js';
import type { Database } from '../../infra/db/port.js';
import { AppError } from '../../http/app-error.js';
import { addSeconds, type Clock } from '../../infra/runtime/clock.js';
import { signDownloadToken } from './download-token.js';
import { servedFileType } from '../files/file-names.js';
import { countDownload } from '../shares/repository/index.js';
import type { ShareService } from '../shares/shares.service.js';

export interface FileDownloadDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  clock: Clock;
  shares: ShareService;
  urlSigningKey: Buffer;
  /**
   * S3 only: hand out presigned bucket URLs instead of serving through /api/blobs. Faster
   * for big files, but the bucket cannot count transfers, so DOWNLOAD_URL_TRANSFERS does
   * not hold for them.
   */
  presignedDownloads: boolean;
  publicUrl: string | null;
}

/** Takes downloads from file shares and hands out the URLs that serve them. */
export function createFileDownloads(deps: FileDownloadDeps) {
  /**
   * One conditional UPDATE takes a download from the count, so exactly max_downloads grants
   * are ever issued; a grant is a URL for every file of the share, each valid for its whole
   * lifetime (docs/design.md#lifecycle).
   */
  async function download(code: string, authKey: string | undefined): Promise<DownloadResponse> {
    const record = await deps.shares.requireLive(code);
    if (record.type !== 'file' || record.files.length === 0) {
      throw new AppError('INVALID_FILE_SHARE');
    }
    // Not a byte is handed out before the last one is stored (nothing is counted either).
    if (record.uploadReceived !== null) throw new AppError('SHARE_UPLOADING');
    if (record.isEncrypted) await deps.shares.verifyAuthKey(record, authKey);
    const now = deps.clock.now();
    const urlExpiry = addSeconds(now, downloadUrlSeconds);
    const counted = await countDownload(deps.db, code, now, urlExpiry);
    // Lost the last download to someone else, or it expired meanwhile: say which.
    if (counted === null) {
      const again = await deps.shares.requireLive(code);
      if (again.uploadReceived !== null) throw new AppError('SHARE_UPLOADING');
      throw new AppError('DOWNLOAD_LIMIT_REACHED');
    }
    const downloadUrls = await Promise.all(
      counted.files.map(async (file) => ({
        name: file.name,
        url: await signedUrl(code, file.key, file.name, file.mime, urlExpiry),
      })),
    );
    return {
      downloadUrls,
      downloadCount: counted.downloadCount,
      maxDownloads: counted.maxDownloads,
      expiresInSeconds: downloadUrlSeconds,
    };
  }

  async function signedUrl(code: string, key: string, name: string, type: string, expiry: Date) {
    if (deps.presignedDownloads && deps.blobs.presignGet !== undefined) {
      try {
        return await deps.blobs.presignGet(key, {
          fileName: name,
          // The bucket serves what /api/blobs serves: never the uploader's declared type.
          contentType: servedFileType,
          expiresInSeconds: downloadUrlSeconds,
        });
      } catch {
        throw new AppError('SERVICE_UNAVAILABLE', messages.downloadUrlFailed);
      }
    }
    const token = signDownloadToken(deps.urlSigningKey, {
      key,
      nonce: randomBytes(16).toString('base64url'),
      name,
      type,
      exp: Math.floor(expiry.getTime() / 1000),
      code,
    });
    return `${deps.publicUrl ?? ''}${pathTo(downloadBlobEndpoint, { token })}`;
  }

  return { download };
}
