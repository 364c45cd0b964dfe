import type { RoomView } from '@codedrop/contract';
import { deriveKeysFor, isDecryptionError, toBase64, type DerivedKeys } from '@codedrop/crypto';
import { useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, useState } from 'react';
import { toast } from 'sonner';
import { problemWords, type ProblemMessage } from '../../lib/api/problem-words';
import { unlockRoom } from '../../lib/api/rooms-api';
import { unlockFailure } from '../../lib/encryption/open-share';
import { useMessages } from '../../lib/i18n/product-messages';
import { keepRoomKeys, roomKeys } from '../../lib/live/room-handover';
import { roomEndOf, type RoomEnd } from './room-words';

/** What a device needs to read and edit the room: for an encrypted one, its key and token. */
export interface RoomAccess {
  encKey?: CryptoKey;
  roomToken?: string;
}

export type RoomPhase =
  | { phase: 'locked'; error?: ProblemMessage }
  /** Keys this tab already has (its creator's) being traded for the room token. */
  | { phase: 'opening' }
  | { phase: 'live'; access: RoomAccess }
  | { phase: 'ended'; end: RoomEnd };

const plainAccess: RoomAccess = {};

function firstPhase(room: RoomView): RoomPhase {
  if (!room.encrypted) return { phase: 'live', access: plainAccess };
  return roomKeys(room.code) === undefined ? { phase: 'locked' } : { phase: 'opening' };
}

/**
 * The way into a room: at once for a plain one; for an encrypted one the password, from
 * which the keys are derived once and kept for this tab, then traded for the room token
 * (wrong tries counted as for an encrypted share). The tab that created the room already
 * has its keys and is not asked.
 */
export function useRoomAccess(room: RoomView) {
  const { i18n } = useLingui();
  const messages = useMessages();
  const [state, setState] = useState<RoomPhase>(() => firstPhase(room));
  const code = room.code;

  /** The keys' proof for the token; the phase after it. */
  async function enter(keys: DerivedKeys): Promise<RoomPhase> {
    const unlocked = await unlockRoom(code, toBase64(keys.authKey));
    if (unlocked.ok) {
      keepRoomKeys(code, keys);
      return { phase: 'live', access: { encKey: keys.encKey, roomToken: unlocked.data.roomToken } };
    }
    const failure = unlockFailure(unlocked.problem);
    switch (failure.reason) {
      case 'wrong-password':
        toast.error(messages.decryptFailedToast);
        return {
          phase: 'locked',
          error: {
            title: messages.decryptFailed,
            detail:
              failure.attemptsLeft === undefined
                ? undefined
                : messages.attemptsLeft(failure.attemptsLeft),
          },
        };
      case 'destroyed':
        return { phase: 'ended', end: 'destroyed' };
      default: {
        const end = roomEndOf(unlocked.problem);
        if (end !== null) return { phase: 'ended', end };
        const message = problemWords('viewer', unlocked.problem, i18n);
        toast.error(message.title, { description: message.detail });
        return { phase: 'locked', error: message };
      }
    }
  }

  const opening = state.phase === 'opening';
  const enterWithKeys = useEffectEvent(enter);
  useEffect(() => {
    if (!opening) return;
    const keys = roomKeys(code);
    if (keys === undefined) return;
    let current = true;
    void enterWithKeys(keys).then((next) => current && setState(next));
    return () => {
      current = false;
    };
  }, [opening, code]);

  const tryPassword = async (password: string) => {
    let keys: DerivedKeys;
    try {
      keys = await deriveKeysFor(password, room.kdf);
    } catch (error) {
      // Anything else is a bug, not bad data; the visitor still sees "failed to decrypt".
      if (!isDecryptionError(error)) console.error(error);
      setState({ phase: 'locked', error: { title: messages.decryptFailed } });
      return;
    }
    setState(await enter(keys));
  };

  return {
    state,
    tryPassword,
    end: (end: RoomEnd) => setState({ phase: 'ended', end }),
    /** A full room, tried again (with the keys this tab keeps, if it has them). */
    retry: () => setState(firstPhase(room)),
    /** The token was refused: the password is asked again. */
    relock: (error: ProblemMessage) => setState({ phase: 'locked', error }),
  };
}
