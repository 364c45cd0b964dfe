export { DecryptionError, isDecryptionError, type DecryptionErrorCode } from './errors.js';
export { fromBase64, fromBase64Url, toBase64, toBase64Url } from './base64.js';
export { randomBytes, releaseBytes } from './bytes.js';
export {
  AUTH_KEY_BYTES,
  KDF_NAME,
  MAX_ITERATIONS,
  MIN_ITERATIONS,
  SALT_BYTES,
  WRITE_ITERATIONS,
  authVerifier,
  createKeys,
  deriveKeys,
  type CreateKeysOptions,
  type DerivedKeys,
  type KdfParams,
  type WriterKeys,
} from './kdf.js';
export {
  ENVELOPE_ALG,
  ENVELOPE_VERSION,
  IV_BYTES,
  TAG_BYTES,
  parseEnvelope,
  parseKdf,
  type Envelope,
} from './envelope-parse.js';
export {
  decryptBytes,
  decryptText,
  deriveKeysFor,
  encryptBytes,
  encryptText,
  openBytes,
  openText,
  sealBytes,
  sealText,
  type EncryptOptions,
  type EncryptResult,
  type SealOptions,
  type SealingKeys,
} from './envelope.js';
export {
  decryptFileMeta,
  encryptFileMeta,
  openFileMeta,
  sealFileMeta,
  type FileMeta,
} from './file-meta.js';
export {
  NONCE_PREFIX_BYTES,
  SEGMENT_SIZE,
  STREAM_HEADER_BYTES,
  encryptedSize,
  plaintextSize,
  segmentCount,
} from './stream-format.js';
export type { ByteSource } from './source.js';
export { StreamDecryptor } from './stream-decryptor.js';
export { StreamEncryptor } from './stream-encryptor.js';
export {
  createDecryptTransform,
  createEncryptTransform,
  decryptChunks,
  decryptStream,
  encryptChunks,
  encryptStream,
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
export {
  PASSWORD_ALPHABET,
  PASSWORD_LENGTH,
  generatePassword,
  rejectionThreshold,
  type PasswordOptions,
  type RandomFill,
} from './password.js';
