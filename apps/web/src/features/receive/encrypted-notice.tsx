import { messages } from '@codedrop/contract';
import { Lock } from 'lucide-react';
import { Alert } from '../../components/alert';

/**
 * Stands where the password prompt goes. Until the encryption feature supplies that
 * prompt, the visitor is told plainly that this page cannot open the share.
 */
export function EncryptedNotice() {
  const secure = window.isSecureContext && 'subtle' in crypto;
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-emerald-50 text-emerald-700">
        <Lock className="size-6" aria-hidden="true" />
      </span>
      <p className="font-semibold text-slate-900">This share is protected with a password.</p>
      <Alert variant="warning" className="text-left">
        {secure
          ? 'Password-protected shares cannot be opened in this version of CodeDrop yet.'
          : messages.insecureContext}
      </Alert>
    </div>
  );
}
