import { useRef, useState } from 'react';
import { useMessages } from '../i18n/product-messages';
import {
  encryptionChoice,
  hasErrors,
  initialEncryptionOptions,
  validateEncryptionOptions,
  type EncryptionChoice,
  type EncryptionOptions,
  type EncryptionOptionsErrors,
} from './options';
import { canEncrypt } from './secure-context';

export type EncryptionCheck =
  { ok: true; choice: EncryptionChoice | null } | { ok: false; message: string };

/**
 * The state of a create page's encryption options card: pass `cardProps` to
 * EncryptionOptionsCard, call `check()` on submit (it shows the errors and focuses the
 * first bad field), and `reset()` for Create Another. The form needs `noValidate`, or the
 * browser's own check of the email field would stop the submit before these messages.
 */
export function useEncryptionOptions() {
  const messages = useMessages();
  const [value, setValue] = useState<EncryptionOptions>(initialEncryptionOptions);
  const [errors, setErrors] = useState<EncryptionOptionsErrors>({});
  const passwordRef = useRef<HTMLInputElement>(null);
  const recoveryEmailRef = useRef<HTMLInputElement>(null);

  const onChange = (next: EncryptionOptions) => {
    setValue(next);
    // An error goes away as soon as its field is edited; the rest wait for the next submit.
    setErrors((current) => ({
      password: next.password === value.password ? current.password : undefined,
      recoveryEmail: next.recoveryEmail === value.recoveryEmail ? current.recoveryEmail : undefined,
    }));
  };

  const check = (): EncryptionCheck => {
    const found = validateEncryptionOptions(value, messages);
    setErrors(found);
    if (hasErrors(found)) {
      (found.password !== undefined ? passwordRef : recoveryEmailRef).current?.focus();
      return { ok: false, message: (found.password ?? found.recoveryEmail)! };
    }
    // Over plain http the switch cannot be on; never send plaintext marked as protected.
    return { ok: true, choice: canEncrypt() ? encryptionChoice(value) : null };
  };

  const reset = () => {
    setValue(initialEncryptionOptions);
    setErrors({});
  };

  return {
    value,
    check,
    reset,
    cardProps: { value, onChange, errors, passwordRef, recoveryEmailRef },
  };
}
