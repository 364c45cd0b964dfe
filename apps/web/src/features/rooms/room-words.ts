import type { RoomEndReason } from '@codedrop/contract';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import type { ProblemMessage } from '../../lib/api/problem-words';
import type { ClientProblem } from '../../lib/api/result';
import { productMessages } from '../../lib/i18n/product-messages';

/** Why a room cannot be used here any more: it ended, or it has no place for this device. */
export type RoomEnd = RoomEndReason | 'full';

/** The end a problem of the room's calls stands for (by code); null when it is no end. */
export function roomEndOf(problem: ClientProblem): RoomEnd | null {
  switch (problem.code) {
    case 'ROOM_FULL':
      return 'full';
    case 'SHARE_EXPIRED':
      return 'expired';
    case 'SHARE_DESTROYED':
      return 'destroyed';
    case 'SHARE_QUARANTINED':
      return 'quarantined';
    case 'SHARE_NOT_FOUND':
    case 'SHARE_DELETED':
    case 'SHARE_BURNT':
      return 'deleted';
    default:
      return null;
  }
}

/** What the room view says of its end. */
export function roomEndWords(end: RoomEnd, i18n: I18n, maxDevices: number): ProblemMessage {
  switch (end) {
    case 'deleted':
      return { title: t(i18n)`This room has ended.` };
    case 'expired':
      return { title: t(i18n)`This room has expired.` };
    case 'destroyed':
      return { title: t(i18n)`This room was destroyed after too many wrong passwords.` };
    case 'quarantined':
      return { title: productMessages(i18n).shareQuarantined };
    case 'full':
      return {
        title: t(i18n)`This room is full.`,
        detail: t(
          i18n,
        )`It already has ${maxDevices} devices connected. Close it on one of them and try again.`,
      };
  }
}
