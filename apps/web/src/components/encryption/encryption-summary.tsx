import { Lock, Mail } from 'lucide-react';

export interface EncryptionSummaryProps {
  /** The recovery email the sharer gave, if any. */
  recoveryEmail?: string;
}

/** The encryption summary of a result card (docs/product.md#result-card). */
export function EncryptionSummary({ recoveryEmail }: EncryptionSummaryProps) {
  return (
    <section
      aria-label="Encryption summary"
      className="flex flex-col gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950"
    >
      <p className="flex items-center gap-2 font-semibold">
        <Lock className="size-4 shrink-0" aria-hidden="true" />
        Password protected with AES-256-GCM
      </p>
      <ul className="flex list-disc flex-col gap-1 pl-5 leading-relaxed">
        <li>
          {recoveryEmail === undefined
            ? 'Encrypted in your browser: we store only ciphertext and never see the password.'
            : 'Encrypted in your browser: we store only ciphertext. The password is kept encrypted, only to be mailed to the recovery email.'}
        </li>
        <li>Recipients need the code and the password. Send the password another way.</li>
        <li>Too many wrong passwords delete the share, so nobody can keep guessing.</li>
      </ul>
      <p className="flex items-start gap-2 leading-relaxed">
        <Mail className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {recoveryEmail === undefined ? (
          <span>No recovery email: if the password is lost, nobody can open this share.</span>
        ) : (
          <span>
            Recovery email: <span className="font-medium wrap-anywhere">{recoveryEmail}</span>. We
            can send the password there if it is forgotten.
          </span>
        )}
      </p>
    </section>
  );
}
