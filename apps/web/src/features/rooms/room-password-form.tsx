import { Trans, useLingui } from '@lingui/react/macro';
import { Lock } from 'lucide-react';
import { Alert } from '../../components/alert';
import { UnlockForm } from '../../components/encryption/unlock-form';
import { IconTile } from '../../components/icon-tile';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { useCanEncrypt } from '../../lib/encryption/secure-context';
import { useMessages } from '../../lib/i18n/product-messages';

export interface RoomPasswordFormProps {
  /** The attempts left before the room is destroyed, as the lookup said. */
  attemptsLeft: number | null;
  onSubmit: (password: string) => Promise<void>;
  error?: ProblemMessage;
}

/**
 * An encrypted room's password, in the look of an encrypted share's prompt: the text is
 * decrypted in this browser, and wrong tries count as for a share (docs/product.md#passwords).
 */
export function RoomPasswordForm({ attemptsLeft, onSubmit, error }: RoomPasswordFormProps) {
  const { t } = useLingui();
  const messages = useMessages();
  const secure = useCanEncrypt();
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-5 py-2">
      <div className="flex flex-col items-center gap-3 text-center">
        <IconTile icon={Lock} tone="safe" size="heading" />
        <div>
          <h2 className="text-lg font-semibold text-slate-900">
            <Trans>This room is password protected</Trans>
          </h2>
          <p className="text-sm text-slate-600">
            <Trans>Enter the password to join. The text is decrypted in your browser.</Trans>
          </p>
        </div>
      </div>
      {!secure ? (
        <Alert variant="warning">{messages.insecureContext}</Alert>
      ) : (
        <UnlockForm
          id="room-password"
          label={t`Room password`}
          action={<Trans>Join Room</Trans>}
          attemptsLeft={attemptsLeft}
          onSubmit={onSubmit}
          error={error}
          autoFocus
        />
      )}
    </div>
  );
}
