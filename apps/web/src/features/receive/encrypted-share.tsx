import { assertNever, type ShareView, type TextShareType } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/alert';
import { PasswordPrompt } from '../../components/encryption/password-prompt';
import { problemWords, type ProblemMessage } from '../../lib/api/problem-words';
import { useConfig } from '../../lib/config-context';
import { useMessages } from '../../lib/i18n/product-messages';
import { openFileShare, openTextShare, type UnlockFailure } from '../../lib/encryption/open-share';
import { FileShareContent } from './file-share-content';
import { encryptedShare, type ReceivedShare } from './received-share';
import { TextContent } from './text-content';

type EncryptedState =
  | { phase: 'locked'; error?: ProblemMessage }
  | { phase: 'gone'; message: ProblemMessage }
  | { phase: 'text'; type: TextShareType; text: string }
  | { phase: 'file'; received: ReceivedShare };

export interface EncryptedShareProps {
  share: ShareView;
  onExit: () => void;
}

/**
 * docs/product.md#encrypted-shares: the password prompt until decryption succeeds, then the
 * content. A wrong password keeps the form (with the attempts left); the one that uses up
 * the attempts ends with the share gone.
 */
export function EncryptedShare({ share, onExit }: EncryptedShareProps) {
  const { unlockMaxFailures } = useConfig();
  const [state, setState] = useState<EncryptedState>({ phase: 'locked' });
  const { i18n } = useLingui();
  const messages = useMessages();

  const fail = (failure: UnlockFailure) => {
    switch (failure.reason) {
      case 'wrong-password':
      case 'corrupt':
        toast.error(messages.decryptFailedToast);
        setState({
          phase: 'locked',
          error: {
            title: messages.decryptFailed,
            detail:
              failure.reason === 'wrong-password' && failure.attemptsLeft !== undefined
                ? messages.attemptsLeft(failure.attemptsLeft)
                : undefined,
          },
        });
        return;
      case 'destroyed':
        toast.error(messages.shareDestroyed);
        setState({ phase: 'gone', message: { title: messages.shareDestroyed } });
        return;
      case 'problem': {
        const message = problemWords('viewer', failure.problem, i18n);
        toast.error(message.title, { description: message.detail });
        // Expired, burnt or deleted meanwhile: there is nothing left to unlock.
        const gone = failure.problem.status === 404 || failure.problem.status === 410;
        setState(gone ? { phase: 'gone', message } : { phase: 'locked', error: message });
      }
    }
  };

  const tryPassword = async (password: string) => {
    const type = share.type;
    switch (type) {
      case 'file': {
        const result = await openFileShare(share, password);
        if (!result.ok) return fail(result);
        // The metadata lists the files the share stores, or the share is damaged.
        const received = encryptedShare(share, result.value, result.keys);
        if (received) setState({ phase: 'file', received });
        else setState({ phase: 'gone', message: { title: messages.invalidFileShare } });
        return;
      }
      case 'clipboard':
      case 'notepad': {
        const result = await openTextShare(share, password);
        if (result.ok) setState({ phase: 'text', type, text: result.value });
        else fail(result);
        return;
      }
      default:
        assertNever(type);
    }
  };

  switch (state.phase) {
    case 'locked':
      return (
        <PasswordPrompt
          code={share.code}
          onSubmit={tryPassword}
          onCancel={onExit}
          error={state.error}
          notice={<PromptNotice share={share} unlockMaxFailures={unlockMaxFailures} />}
        />
      );
    case 'gone':
      return (
        <Alert variant="error" title={state.message.title}>
          {state.message.detail}
        </Alert>
      );
    case 'text':
      return (
        <div className="flex flex-col gap-4">
          {share.burnAfterReading && <Alert variant="warning">{messages.burnNotice}</Alert>}
          <TextContent type={state.type} content={state.text} />
        </div>
      );
    case 'file':
      return (
        <FileShareContent
          // The view is live while the upload runs: whether it is still running, from it.
          share={{ ...state.received, uploading: share.status === 'uploading' }}
          onLimitReached={onExit}
        />
      );
  }
}

/** What to know before typing: a burn share goes once opened; earlier wrong tries count. */
function PromptNotice({
  share,
  unlockMaxFailures,
}: {
  share: ShareView;
  unlockMaxFailures: number;
}) {
  const { t } = useLingui();
  const messages = useMessages();
  const left = share.attemptsLeft;
  const tried = left !== undefined && left < unlockMaxFailures;
  if (!share.burnAfterReading && !tried) return null;
  return (
    <div className="flex flex-col gap-3">
      {share.burnAfterReading && (
        <Alert variant="warning" title={t`This content can be viewed only once`}>
          <Trans>
            It is deleted as soon as it is decrypted. Make sure you are ready to read or copy it.
          </Trans>
        </Alert>
      )}
      {tried && <Alert variant="info">{messages.attemptsLeft(left)}</Alert>}
    </div>
  );
}
