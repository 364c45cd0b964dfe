import type { CreateFileResponse } from '@codedrop/contract';
import type { UploadTracker } from './upload-tracker';

/** A file share just made: what the result card shows of it. */
export interface CreatedFile {
  share: CreateFileResponse;
  expiresInSeconds: number;
  /** The files as the sender picked them, in upload order. */
  picked: { name: string; size: number }[];
  /** Set when the files were encrypted, with the recovery email if one was given. */
  encryption: { recoveryEmail?: string } | null;
  /** A resumable upload still sending its bytes after the share was made. */
  upload?: UploadTracker;
}
