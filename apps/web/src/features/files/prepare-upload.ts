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
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { ClientProblem } from '../../lib/api/result';
import { recoveryFields, type EncryptionChoice } from '../../lib/encryption/options';
import type { ResumeRecord } from '../../lib/resume-records';

/** What the sender chose for one file's upload. */
export interface UploadChoices {
  file: File;
  maxDownloads: number;
  expiresInSeconds: number;
  /** Set to encrypt (the password as typed). */
  choice: EncryptionChoice | null;
  /** An unfinished upload of this file from before a reload, to continue. */
  record?: ResumeRecord;
}

/** A resume whose password does not open the upload's sealed metadata. */
export class WrongPasswordError extends Error {}

/** What the page says of a WrongPasswordError, in the language of `i18n`. */
export function wrongPasswordProblem(i18n: I18n): ClientProblem {
  return {
    code: 'WRONG_PASSWORD',
    status: 0,
    title: t(i18n)`Wrong password`,
    detail: t(
      i18n,
    )`This is not the password this upload was encrypted with. Enter the same password.`,
  };
}

/**
 * A resume must send what the upload began with: the same ciphertext for an encrypted one
 * (never its plaintext), the plain bytes for a plain one.
 */
export function mismatchProblem(record: ResumeRecord, choice: EncryptionChoice | null, i18n: I18n) {
  if (Boolean(record.encryption) === (choice !== null)) return null;
  const problem: ClientProblem = {
    code: 'VALIDATION_FAILED',
    status: 0,
    title: t(i18n)`Cannot resume this upload`,
    detail: record.encryption
      ? t(
          i18n,
        )`This upload was encrypted: turn on password protection and enter the same password to resume it.`
      : t(i18n)`This upload was not encrypted: turn off password protection to resume it.`,
  };
  return problem;
}

export function encryptionProblem(i18n: I18n): ClientProblem {
  return {
    code: 'INTERNAL',
    status: 0,
    title: t(i18n)`Encryption failed`,
    detail: t(i18n)`This browser could not encrypt the file.`,
  };
}

/** The metadata to send and, for an encrypted file, its stream and what a resume needs. */
export interface Prepared {
  encrypted: RangeEncryptor | undefined;
  metadata: Record<string, string>;
  /** What a resume after a reload needs of a new encrypted upload. */
  encryption: Omit<NonNullable<ResumeRecord['encryption']>, 'recoveryEmail'> | null;
}

/**
 * The tus metadata of a new upload and, for an encrypted file, the stream that seals it; a
 * resumed encrypted upload gets its stream back from the record, once the password proves.
 */
export async function prepareUpload({
  file,
  maxDownloads,
  expiresInSeconds,
  choice,
  record,
}: UploadChoices): Promise<Prepared> {
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
