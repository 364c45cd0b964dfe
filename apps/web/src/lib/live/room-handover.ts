import type { DerivedKeys } from '@codedrop/crypto';

// What the page that starts a live room hands to the room's view (features do not import
// each other): the keys of an encrypted room, kept in this tab's memory only, so that its
// creator is not asked for the password they just chose; and the delete token, kept in
// localStorage under the room's code, so that the creator can still end the room after a
// reload.

const keysByCode = new Map<string, DerivedKeys>();

export function keepRoomKeys(code: string, keys: DerivedKeys): void {
  keysByCode.set(code, keys);
}

/** The keys this tab derived for the room, if it created (or already opened) it. */
export function roomKeys(code: string): DerivedKeys | undefined {
  return keysByCode.get(code);
}

const storageKey = (code: string) => `codedrop:room:${code}`;

interface StoredToken {
  deleteToken: string;
  /** A code is given out again once its room is reclaimed: the token is for this room only. */
  expiresAt: string;
}

/** Without storage, the token still lives as long as the tab. */
const memoryTokens = new Map<string, StoredToken>();

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (a sandboxed frame, or cookies blocked).
    return null;
  }
}

export function keepDeleteToken(code: string, deleteToken: string, expiresAt: string): void {
  const stored: StoredToken = { deleteToken, expiresAt };
  try {
    storage()?.setItem(storageKey(code), JSON.stringify(stored));
  } catch {
    // Full or refused: the creator can still end the room while the page stays open.
  }
  memoryTokens.set(code, stored);
}

function read(code: string): StoredToken | null {
  let raw: string | null = null;
  try {
    raw = storage()?.getItem(storageKey(code)) ?? null;
  } catch {
    raw = null;
  }
  if (raw === null) return memoryTokens.get(code) ?? null;
  try {
    const value = JSON.parse(raw) as Partial<StoredToken> | null;
    if (typeof value?.deleteToken === 'string' && typeof value.expiresAt === 'string') {
      return { deleteToken: value.deleteToken, expiresAt: value.expiresAt };
    }
  } catch {
    // Not ours, or damaged: as if absent.
  }
  return null;
}

/** The creator's delete token for the room that now has `code`, if this browser has it. */
export function deleteTokenFor(code: string, now = Date.now()): string | undefined {
  const stored = read(code);
  if (stored === null) return undefined;
  if (!(Date.parse(stored.expiresAt) > now)) {
    forgetRoom(code);
    return undefined;
  }
  return stored.deleteToken;
}

/** A room that ended: nothing of it is kept. */
export function forgetRoom(code: string): void {
  keysByCode.delete(code);
  memoryTokens.delete(code);
  try {
    storage()?.removeItem(storageKey(code));
  } catch {
    // Nothing to remove where there is no storage.
  }
}
