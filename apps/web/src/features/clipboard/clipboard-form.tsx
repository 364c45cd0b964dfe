import { messages, type CreateShareResponse } from '@codedrop/contract';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Card, CardContent } from '../../components/card';
import { FieldError } from '../../components/field-error';
import { TextShareOptions } from '../../components/text-share-options';
import { Label } from '../../components/label';
import { Textarea } from '../../components/textarea';
import { createFailureMessage } from '../../lib/api/create-failure';
import type { ProblemMessage } from '../../lib/api/problem-message';
import { createShare } from '../../lib/api/shares-api';
import { cn } from '../../lib/cn';
import { useConfig } from '../../lib/config-context';
import type { SealProgress } from '../../lib/encryption/progress';
import { sealFailed, sealTextShare } from '../../lib/encryption/seal-text';
import { useEncryptionOptions } from '../../lib/encryption/use-encryption-options';

export interface CreatedClipboard {
  share: CreateShareResponse;
  burnAfterReading: boolean;
  /** Set when the text was encrypted; the recovery email, if one was given. */
  encryption: { recoveryEmail?: string } | null;
}

/** SPEC.md §2 "Clipboard page": the text, its options and Generate 4-Digit Code. */
export function ClipboardForm({ onCreated }: { onCreated: (created: CreatedClipboard) => void }) {
  const config = useConfig();
  const [text, setText] = useState('');
  const [expiry, setExpiry] = useState<number | null>(null);
  const [burn, setBurn] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ProblemMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [sealing, setSealing] = useState<SealProgress | null>(null);
  const encryption = useEncryptionOptions();
  const textRef = useRef<HTMLTextAreaElement>(null);

  const length = [...text].length;
  const tooLong = length > config.maxTextChars;
  const expiresInSeconds = expiry ?? config.defaultExpirySeconds;

  const refuse = (message: string) => {
    setFieldError(message);
    toast.error(message);
    textRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (text.trim() === '') return refuse(messages.textRequired);
    if (tooLong) {
      return refuse(
        `Please shorten your text to ${config.maxTextChars.toLocaleString('en-US')} characters or fewer`,
      );
    }
    const protection = encryption.check();
    if (!protection.ok) {
      toast.error(protection.message);
      return;
    }
    const { choice } = protection;
    setBusy(true);
    const sealed = choice
      ? await sealTextShare(choice, text, setSealing).catch(sealFailed)
      : undefined;
    setSealing(null);
    if (sealed === null) {
      setBusy(false);
      setFailure({ title: messages.clipboardCreateFailed });
      toast.error(messages.clipboardCreateFailed);
      return;
    }
    const result = await createShare({
      type: 'clipboard',
      ...(sealed ?? { content: text }),
      expiresInSeconds,
      ...(burn ? { burnAfterReading: true } : {}),
    });
    setBusy(false);
    if (result.ok) {
      onCreated({
        share: result.data,
        burnAfterReading: burn,
        encryption: choice && { recoveryEmail: choice.recoveryEmail },
      });
      return;
    }
    const message = createFailureMessage(
      result.problem,
      messages.clipboardCreateFailed,
      config.maxFileBytes,
    );
    setFailure(message);
    toast.error(message.title, { description: message.detail });
  };

  return (
    <Card>
      <CardContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
          <div className="flex flex-col gap-2">
            <Label htmlFor="clipboard-text">Your text</Label>
            <Textarea
              id="clipboard-text"
              ref={textRef}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setFieldError(null);
              }}
              placeholder="Paste or type the text you want to share..."
              rows={10}
              disabled={busy}
              aria-invalid={fieldError !== null || tooLong}
              aria-describedby={cn('clipboard-count', fieldError && 'clipboard-error')}
              className="font-mono text-sm"
            />
            <div className="flex flex-wrap items-start justify-between gap-2">
              <FieldError id="clipboard-error" message={fieldError} />
              <p
                id="clipboard-count"
                className={cn(
                  'ml-auto text-sm tabular-nums',
                  tooLong ? 'font-medium text-red-700' : 'text-slate-600',
                )}
              >
                {length.toLocaleString('en-US')} / {config.maxTextChars.toLocaleString('en-US')}{' '}
                characters
              </p>
            </div>
          </div>

          <TextShareOptions
            idPrefix="clipboard"
            noun="text"
            expiresInSeconds={expiresInSeconds}
            onExpiryChange={setExpiry}
            burn={burn}
            onBurnChange={setBurn}
            encryption={encryption.cardProps}
            sealing={sealing}
            failure={failure}
            busy={busy}
          />
        </form>
      </CardContent>
    </Card>
  );
}
