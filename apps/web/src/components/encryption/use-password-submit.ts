import { useRef, useState, type FormEvent } from 'react';

/**
 * A password form's state and submit, shared by the share's prompt and the unlock form:
 * nothing is sent while the field is blank or a try is running, and after a try that left
 * the form on screen (a wrong password) the field is selected so the visitor can retype.
 */
export function usePasswordSubmit(onSubmit: (password: string) => Promise<void>) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const blank = password.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (blank || busy) return;
    setBusy(true);
    try {
      await onSubmit(password);
    } finally {
      setBusy(false);
    }
    input.current?.focus();
    input.current?.select();
  };

  return { password, setPassword, busy, blank, input, submit };
}
