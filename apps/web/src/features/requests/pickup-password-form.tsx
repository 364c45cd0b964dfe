import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../components/alert';
import { UnlockForm } from '../../components/encryption/unlock-form';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { useCanEncrypt } from '../../lib/encryption/secure-context';
import { useMessages } from '../../lib/i18n/product-messages';

export interface PickupPasswordFormProps {
  /** The attempts left before the request is destroyed, as the lookup said. */
  attemptsLeft: number;
  onSubmit: (password: string) => Promise<void>;
  error?: ProblemMessage;
}

/**
 * The asker's password, to open the submissions in this browser; earlier wrong tries are
 * counted as for an encrypted share (docs/product.md#passwords).
 */
export function PickupPasswordForm({ attemptsLeft, onSubmit, error }: PickupPasswordFormProps) {
  const { t } = useLingui();
  const messages = useMessages();
  const secure = useCanEncrypt();
  if (!secure) return <Alert variant="warning">{messages.insecureContext}</Alert>;
  return (
    <UnlockForm
      id="pickup-password"
      label={t`Pick up submissions`}
      action={<Trans>Open Submissions</Trans>}
      intro={
        <p className="text-sm text-slate-600">
          <Trans>
            Asked for this? Enter your password: the submissions are decrypted in this browser.
          </Trans>
        </p>
      }
      attemptsLeft={attemptsLeft}
      onSubmit={onSubmit}
      error={error}
    />
  );
}
