import {
  codePointLength,
  roomDevicesEventSchema,
  roomEndedEventSchema,
  roomTextEventSchema,
  type RoomEditBody,
  type RoomTextEvent,
} from '@codedrop/contract';
import { UNASSIGNED_ROOM_CODE, openRoomText, sealRoomText } from '@codedrop/crypto';
import { useLingui } from '@lingui/react/macro';
import {
  useEffect,
  useEffectEvent,
  useLayoutEffect,
  useRef,
  useState,
  type RefObject,
} from 'react';
import { problemWords, type ProblemMessage } from '../../lib/api/problem-words';
import type { ClientProblem, Parser } from '../../lib/api/result';
import { editRoom, roomEventsRequest } from '../../lib/api/rooms-api';
import { useConfig } from '../../lib/config-context';
import { openEventStream, type EventStreamState } from '../../lib/live/event-stream';
import { caretAfter } from './caret';
import { pageDevice } from './page-device';
import { createRoomSync, type EditAnswer, type IncomingText, type RoomSync } from './room-sync';
import { roomEndOf, type RoomEnd } from './room-words';
import type { RoomAccess } from './use-room-access';

export interface LiveRoomHandlers {
  /** The room ended, or has no place for this device: nothing more is read or sent. */
  onEnd: (end: RoomEnd) => void;
  /** The room token was refused: the password must be given again. */
  onRelock: (error: ProblemMessage) => void;
}

/** The wait before an edit that failed for the connection or the server is sent again. */
const editRetryMs = 2_000;

/** An event's data as its schema says, or null. */
function parsed<T>(schema: Parser<T>, data: string): T | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/**
 * The live part of a room this device may open: its event stream (reconnecting with the
 * last version it has), its device count, and its text, kept in step by room-sync.ts; the
 * texts sealed and opened here when the room is encrypted. A text that arrives while the
 * visitor types in the field keeps their caret by their own characters.
 */
export function useLiveRoom(
  code: string,
  access: RoomAccess,
  field: RefObject<HTMLTextAreaElement | null>,
  handlers: LiveRoomHandlers,
) {
  const { maxTextChars } = useConfig();
  const { i18n } = useLingui();
  const [connection, setConnection] = useState<EventStreamState>('connecting');
  const [devices, setDevices] = useState<number | null>(null);
  const [text, setText] = useState('');
  const [ready, setReady] = useState(false);
  const [overtaken, setOvertaken] = useState(false);
  const sync = useRef<RoomSync | null>(null);
  const caret = useRef<{ start: number; end: number } | null>(null);

  const onEnd = useEffectEvent(handlers.onEnd);
  const onRelock = useEffectEvent(handlers.onRelock);
  /** What a refusal of the room's calls means here: its end, a new password, or nothing. */
  const refused = useEffectEvent((problem: ClientProblem): 'stop' | 'retry' => {
    const end = roomEndOf(problem);
    if (end !== null) {
      onEnd(end);
      return 'stop';
    }
    if (problem.code === 'UNAUTHORIZED') {
      onRelock(problemWords('viewer', problem, i18n));
      return 'stop';
    }
    return 'retry';
  });
  const limit = useEffectEvent(() => maxTextChars);

  useEffect(() => {
    const { encKey, roomToken } = access;
    const device = pageDevice();

    const send = async (value: string, baseVersion: number): Promise<EditAnswer> => {
      // Over the limit it waits for the visitor to shorten it (the field says so).
      if (codePointLength(value) > limit()) return { ok: false, retryInMs: null };
      const content: Pick<RoomEditBody, 'text' | 'sealed'> =
        encKey === undefined
          ? { text: value }
          : { sealed: await sealRoomText(encKey, code, value) };
      const result = await editRoom(code, { ...content, baseVersion, device }, roomToken);
      if (result.ok) return { ok: true, ...result.data };
      const problem = result.problem;
      if (refused(problem) === 'stop') return { ok: false, retryInMs: null };
      switch (problem.code) {
        case 'RATE_LIMITED':
          return { ok: false, retryInMs: Math.max(1, problem.retryAfterSeconds ?? 1) * 1000 };
        case 'VALIDATION_FAILED':
        case 'PAYLOAD_TOO_LARGE':
          console.error('The room refused an edit', problem);
          return { ok: false, retryInMs: null };
        default:
          return { ok: false, retryInMs: editRetryMs };
      }
    };

    const roomSync = createRoomSync({
      device,
      send,
      onText(next) {
        const element = field.current;
        if (element !== null && element.ownerDocument.activeElement === element) {
          const before = element.value;
          caret.current = {
            start: caretAfter(before, next, element.selectionStart),
            end: caretAfter(before, next, element.selectionEnd),
          };
        }
        setText(next);
      },
      onOvertaken: () => setOvertaken(true),
    });
    sync.current = roomSync;

    /** A text event, opened; null for one that does not open (logged, then skipped). */
    const open = async (event: RoomTextEvent): Promise<IncomingText | null> => {
      const { version, baseVersion, device: from } = event;
      if (encKey === undefined) {
        return event.text === undefined
          ? null
          : { version, baseVersion, device: from, text: event.text };
      }
      if (event.sealed === undefined) return null;
      try {
        // The room's first text was sealed before it had its code.
        const sealedFor = version === 0 ? UNASSIGNED_ROOM_CODE : code;
        const opened = await openRoomText(encKey, sealedFor, event.sealed);
        return { version, baseVersion, device: from, text: opened };
      } catch (error) {
        console.error(`Version ${version} of the room's text does not open`, error);
        return null;
      }
    };

    // Texts are opened one after another, so that they reach the sync in their order.
    let opening = Promise.resolve();
    const request = roomEventsRequest(code, device, roomToken);
    const stream = openEventStream({
      url: request.url,
      headers: () => request.headers,
      onState: setConnection,
      onRefused: (problem) => refused(problem),
      onEvent(event) {
        switch (event.type) {
          case 'devices': {
            const count = parsed(roomDevicesEventSchema, event.data);
            if (count !== null) setDevices(count.devices);
            return;
          }
          case 'text': {
            const data = parsed(roomTextEventSchema, event.data);
            if (data === null) return;
            opening = opening.then(async () => {
              const incoming = await open(data);
              if (incoming === null || sync.current !== roomSync) return;
              roomSync.receive(incoming);
              setReady(true);
            });
            return;
          }
          case 'ended': {
            const ended = parsed(roomEndedEventSchema, event.data);
            stream.close();
            onEnd(ended?.reason ?? 'deleted');
            return;
          }
        }
      },
    });

    return () => {
      stream.close();
      roomSync.stop();
      if (sync.current === roomSync) sync.current = null;
    };
  }, [code, access, field]);

  // A text from another device moved the caret by the visitor's own characters.
  useLayoutEffect(() => {
    const moved = caret.current;
    const element = field.current;
    caret.current = null;
    if (moved !== null && element !== null) element.setSelectionRange(moved.start, moved.end);
  }, [text, field]);

  return {
    connection,
    devices,
    text,
    /** Whether the room's text has arrived: the field waits for it. */
    ready,
    /** Another device replaced this one's edit unseen (cleared by typing). */
    overtaken,
    type(next: string) {
      setText(next);
      setOvertaken(false);
      sync.current?.type(next);
    },
  };
}
