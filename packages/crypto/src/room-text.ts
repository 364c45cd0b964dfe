import { fromBase64, toBase64 } from './base64.js';
import { fromUtf8, ownBytes, randomBytes, requireLength, utf8 } from './bytes.js';
import { IV_BYTES, TAG_BYTES } from './envelope-parse.js';
import { DecryptionError } from './errors.js';
import type { SealOptions } from './envelope.js';

/**
 * A live room's text as it travels (`sealed` in the room's API): AES-256-GCM under the
 * room's encKey, ciphertext ‖ 16-byte tag, both base64. The key and its `kdf` are published
 * once per room, so unlike an envelope the sealed text does not repeat them.
 */
export interface SealedRoomText {
  /** base64 of 12 bytes, fresh for every edit. */
  iv: string;
  /** base64 of ciphertext ‖ tag. */
  ciphertext: string;
}

/**
 * The code a room's first text is sealed under: the creator seals it before the server has
 * given the room a code, so version 0 is opened with this one.
 */
export const UNASSIGNED_ROOM_CODE = '';

/**
 * The additional authenticated data: the room's code, so that a ciphertext taken from one
 * room fails to open in another even where both have the same key.
 */
const roomData = (code: string) => utf8(`codedrop/room/${code}`);

const gcm = (iv: Uint8Array<ArrayBuffer>, code: string): AesGcmParams => ({
  name: 'AES-GCM',
  iv,
  additionalData: roomData(code),
  tagLength: 128,
});

/** Seals one whole text of the room `code` with a fresh IV. */
export async function sealRoomText(
  encKey: CryptoKey,
  code: string,
  text: string,
  options: SealOptions = {},
): Promise<SealedRoomText> {
  const iv = options.iv ?? randomBytes(IV_BYTES);
  requireLength(iv, IV_BYTES, 'iv');
  const sealed = await crypto.subtle.encrypt(gcm(ownBytes(iv), code), encKey, utf8(text));
  return { iv: toBase64(iv), ciphertext: toBase64(new Uint8Array(sealed)) };
}

/**
 * Opens a sealed text of the room `code` (untrusted: checked field by field).
 * @throws {DecryptionError} `malformed` for a bad shape, `authentication` for a wrong key,
 * altered bytes or another room's text.
 */
export async function openRoomText(
  encKey: CryptoKey,
  code: string,
  sealed: unknown,
): Promise<string> {
  const fields = sealed as Partial<Record<keyof SealedRoomText, unknown>> | null;
  if (
    typeof fields !== 'object' ||
    fields === null ||
    typeof fields.iv !== 'string' ||
    typeof fields.ciphertext !== 'string'
  ) {
    throw new DecryptionError('malformed', 'A sealed room text has the wrong shape');
  }
  const iv = fromBase64(fields.iv, IV_BYTES);
  const ciphertext = fromBase64(fields.ciphertext);
  if (ciphertext.length < TAG_BYTES) {
    throw new DecryptionError('malformed', 'Invalid ciphertext: shorter than a tag');
  }
  let plain: ArrayBuffer;
  try {
    plain = await crypto.subtle.decrypt(gcm(iv, code), encKey, ciphertext);
  } catch (cause) {
    throw new DecryptionError('authentication', 'Wrong key, altered data or another room', {
      cause,
    });
  }
  return fromUtf8(new Uint8Array(plain));
}
