import { Trans, useLingui } from '@lingui/react/macro';
import { Lock, Mail } from 'lucide-react';

export interface EncryptionSummaryProps {
  /** The recovery email the sharer gave, if any. */
  recoveryEmail?: string;
}

/** The encryption summary of a result card (docs/product.md#result-card). */
export function EncryptionSummary({ recoveryEmail }: EncryptionSummaryProps) {
  const { t } = useLingui();
  return (
    <section
      aria-label={t`Encryption summary`}
      className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Lock className="size-4 shrink-0" aria-hidden="true" />
        <Trans>Password protected with AES-256-GCM</Trans>
      </p>
      <ul className="flex list-disc flex-col gap-1 ps-5 leading-relaxed">
        <li>
          {recoveryEmail === undefined
            ? t`Encrypted in your browser: we store only ciphertext and never see the password.`
            : t`Encrypted in your browser: we store only ciphertext. The password is kept encrypted, only to be mailed to the recovery email.`}
        </li>
        <li>
          <Trans>Recipients need the code and the password. Send the password another way.</Trans>
        </li>
        <li>
          <Trans>Too many wrong passwords delete the share, so nobody can keep guessing.</Trans>
        </li>
      </ul>
      <p className="flex items-start gap-2 leading-relaxed">
        <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {recoveryEmail === undefined ? (
          <span>
            <Trans>No recovery email: if the password is lost, nobody can open this share.</Trans>
          </span>
        ) : (
          <span>
            <Trans>
              Recovery email:{' '}
              <bdi dir="ltr" className="font-medium wrap-anywhere">
                {recoveryEmail}
              </bdi>
              . We can send the password there if it is forgotten.
            </Trans>
          </span>
        )}
      </p>
    </section>
  );
}
