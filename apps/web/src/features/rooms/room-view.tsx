import { codePointLength, type RoomView as RoomViewData } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Check, Copy } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '../../components/button';
import { Card, CardContent } from '../../components/card';
import { Container } from '../../components/container';
import { DeleteShareButton } from '../../components/delete-share-button';
import { FieldError } from '../../components/field-error';
import { Label } from '../../components/label';
import { Textarea } from '../../components/textarea';
import { cn } from '../../lib/cn';
import { useConfig } from '../../lib/config-context';
import { formatCountIn } from '../../lib/i18n/format-numbers';
import { deleteTokenFor, forgetRoom } from '../../lib/live/room-handover';
import { useCopyAction } from '../../lib/use-copy-action';
import { RoomPasswordForm } from './room-password-form';
import { roomEndWords, type RoomEnd } from './room-words';
import { useLiveRoom } from './use-live-room';
import { useRoomAccess, type RoomAccess } from './use-room-access';
import { RoomHeader } from './room-header';
import { ConnectionLine, RoomEnded } from './room-status';

export interface RoomViewProps {
  room: RoomViewData;
  onExit: () => void;
}

/**
 * A live room's code opened (docs/product.md#live-rooms): the password first when it has
 * one, then its text, the same on every device, with the connection's state, Copy to
 * Clipboard and, for its creator, End room.
 */
export function RoomView({ room, onExit }: RoomViewProps) {
  const { t, i18n } = useLingui();
  const access = useRoomAccess(room);
  const code = room.code;
  // The creator's, kept by this browser when it started the room.
  const [deleteToken, setDeleteToken] = useState(() => deleteTokenFor(code));
  const { state } = access;

  const end = (reason: RoomEnd) => {
    // A full room goes on: only a room that ended is forgotten.
    if (reason !== 'full') {
      forgetRoom(code);
      setDeleteToken(undefined);
    }
    access.end(reason);
  };

  return (
    <Container width="md" className="flex flex-col gap-6">
      <title>{t`Live room ${code} — CodeDrop`}</title>
      <div>
        <Button variant="ghost" onClick={onExit} className="-ms-3">
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
          <Trans>Back to Home</Trans>
        </Button>
      </div>
      <Card>
        <RoomHeader room={room} />
        <CardContent className="flex flex-col gap-6 border-t border-slate-200">
          {state.phase === 'locked' ? (
            <RoomPasswordForm
              attemptsLeft={room.attemptsLeft}
              onSubmit={access.tryPassword}
              error={state.error}
            />
          ) : state.phase === 'opening' ? (
            <ConnectionLine connection="connecting" devices={null} />
          ) : state.phase === 'ended' ? (
            <RoomEnded
              words={roomEndWords(state.end, i18n, room.maxDevices)}
              onRetry={state.end === 'full' ? access.retry : undefined}
            />
          ) : (
            <LiveRoom
              code={code}
              access={state.access}
              deleteToken={deleteToken}
              onEnd={end}
              onRelock={access.relock}
            />
          )}
        </CardContent>
      </Card>
    </Container>
  );
}

function LiveRoom({
  code,
  access,
  deleteToken,
  onEnd,
  onRelock,
}: {
  code: string;
  access: RoomAccess;
  deleteToken: string | undefined;
  onEnd: (end: RoomEnd) => void;
  onRelock: (error: { title: string; detail?: string }) => void;
}) {
  const { t, i18n } = useLingui();
  const { maxTextChars } = useConfig();
  const field = useRef<HTMLTextAreaElement>(null);
  const live = useLiveRoom(code, access, field, { onEnd, onRelock });
  const { copied, copy } = useCopyAction();
  const length = codePointLength(live.text);
  const tooLong = length > maxTextChars;
  const count = formatCountIn(i18n.locale, length);
  const max = formatCountIn(i18n.locale, maxTextChars);

  return (
    <div className="flex flex-col gap-3">
      <ConnectionLine connection={live.connection} devices={live.devices} />
      <Label htmlFor="room-text">
        <Trans>Room text</Trans>
      </Label>
      <Textarea
        id="room-text"
        ref={field}
        value={live.text}
        onChange={(event) => live.type(event.target.value)}
        placeholder={t`Type or paste here: every device in the room sees it at once.`}
        rows={12}
        disabled={!live.ready}
        aria-invalid={tooLong}
        aria-describedby={cn('room-count', tooLong && 'room-error')}
        fieldSize="sm"
        className="resize-y font-mono"
      />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <FieldError
          id="room-error"
          message={tooLong ? t`Please shorten your text to ${max} characters or fewer` : undefined}
        />
        <p
          id="room-count"
          className={cn(
            'ms-auto text-sm tabular-nums',
            tooLong ? 'font-medium text-red-700' : 'text-slate-600',
          )}
        >
          {/* The count and the limit keep their order in a right-to-left sentence. */}
          <Trans>
            <bdi dir="ltr">
              {count} / {max}
            </bdi>{' '}
            characters
          </Trans>
        </p>
      </div>
      {/* Present from the start, so that the notice is announced when it appears. */}
      <div role="status" aria-live="polite">
        {live.overtaken && (
          <p className="rounded-xl border border-sky-200 bg-sky-50 p-4 text-sm text-sky-900">
            <Trans>Another device replaced your edit with a newer one.</Trans>
          </p>
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:justify-between">
        <Button onClick={() => void copy(live.text)} disabled={!live.ready}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <Trans>Copy to Clipboard</Trans>
        </Button>
        {deleteToken !== undefined && (
          <DeleteShareButton
            code={code}
            deleteToken={deleteToken}
            kind="room"
            onDeleted={() => onEnd('deleted')}
          />
        )}
      </div>
    </div>
  );
}
