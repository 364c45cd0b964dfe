import type { FileInfo } from '@codedrop/contract';
import type { DerivedKeys, FileMeta } from '@codedrop/crypto';
import { FileCard } from './file-content';
import { useEncryptedDownload } from './use-encrypted-download';

export interface EncryptedFileContentProps {
  code: string;
  /** Counts and the stored (ciphertext) size, from the share view. */
  file: FileInfo;
  /** The real name, type and size, from the decrypted metadata. */
  meta: FileMeta;
  keys: DerivedKeys;
  onLimitReached: () => void;
}

/** An unlocked encrypted file: its real name and size, downloaded and decrypted on demand. */
export function EncryptedFileContent({
  code,
  file,
  meta,
  keys,
  onLimitReached,
}: EncryptedFileContentProps) {
  const { state, count, error, download } = useEncryptedDownload(
    code,
    file,
    meta,
    keys,
    onLimitReached,
  );
  return (
    <FileCard
      name={meta.name}
      size={meta.size}
      state={state}
      count={count}
      error={error}
      onDownload={download}
      progressLabel="Download and decryption progress"
    />
  );
}
