export { DecryptionError, isDecryptionError, type DecryptionErrorCode } from './errors.js';
export { fromBase64, toBase64 } from './base64.js';
export { randomBytes, releaseBytes } from './bytes.js';
export {
  WRITE_ITERATIONS,
  authVerifier,
  createKeys,
  type CreateKeysOptions,
  type DerivedKeys,
  type KdfParams,
  type WriterKeys,
} from './kdf.js';
export { parseEnvelope, type Envelope } from './envelope-parse.js';
export {
  decryptText,
  deriveKeysFor,
  openText,
  sealText,
  type EncryptOptions,
  type EncryptResult,
  type SealOptions,
  type SealingKeys,
} from './envelope.js';
export { decryptFileMeta, openFileMeta, sealFileMeta, type FileMeta } from './file-meta.js';
export {
  UNASSIGNED_ROOM_CODE,
  openRoomText,
  sealRoomText,
  type SealedRoomText,
} from './room-text.js';
export {
  NONCE_PREFIX_BYTES,
  SEGMENT_SIZE,
  STREAM_HEADER_BYTES,
  encryptedSize,
  plaintextSize,
} from './stream-format.js';
export type { ByteReader, ByteSource } from './source.js';
export { RangeEncryptor, type SliceableSource } from './range-encryptor.js';
export {
  decryptChunks,
  decryptStream,
  encryptChunks,
  type DecryptFileOptions,
  type EncryptFileOptions,
} from './stream.js';
export { foldingAssembler, type BlobAssembler } from './assembler.js';
export {
  decryptBlob,
  encryptBlob,
  type DecryptBlobOptions,
  type EncryptBlobOptions,
  type ProgressListener,
} from './blob.js';
export { generatePassword, type PasswordOptions, type RandomFill } from './password.js';
export {
  parseRequestPublicKey,
  type ParsedRequestPublicKey,
  type RequestCurve,
  type RequestPublicKey,
} from './request-public-key.js';
export {
  decryptRequestKey,
  generateRequestKeyPair,
  openRequestKey,
  preferredRequestCurve,
  sealRequestKey,
  type OpenedRequestKey,
  type RequestKeyPair,
  type SealedRequestKey,
} from './request-keys.js';
export { parseSubmissionHeader, type KexName, type SubmissionHeader } from './submission-header.js';
export { MAX_SUBMISSION_TEXT_CHARS, type SubmissionMeta } from './submission-meta.js';
export {
  openSubmission,
  sealSubmission,
  type OpenedSubmission,
  type SealSubmissionOptions,
  type SealedSubmission,
} from './submission.js';
