import { messages, type CreateShareResponse } from '@codedrop/contract';
import type Quill from 'quill';
import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Card, CardContent } from '../../components/card';
import { FieldError } from '../../components/field-error';
import { TextShareOptions } from '../../components/text-share-options';
import { createFailureMessage } from '../../lib/api/create-failure';
import type { ProblemMessage } from '../../lib/api/problem-message';
import { createShare } from '../../lib/api/shares-api';
import { useConfig } from '../../lib/config-context';
import type { SealProgress } from '../../lib/encryption/progress';
import { sealFailed, sealTextShare } from '../../lib/encryption/seal-text';
import { useEncryptionOptions } from '../../lib/encryption/use-encryption-options';
import { NoteEditor } from './note-editor';
import { breakableSpaces } from './note-html';

export const noteCreateFailed = 'Failed to create note share';

export interface CreatedNote {
  share: CreateShareResponse;
  burnAfterReading: boolean;
  /** Set when the note was encrypted; the recovery email, if one was given. */
  encryption: { recoveryEmail?: string } | null;
}

/** SPEC.md §2 "Notepad page": the rich-text editor, options and Generate 4-Digit Code. */
export function NotepadForm({ onCreated }: { onCreated: (created: CreatedNote) => void }) {
  const config = useConfig();
  const quillRef = useRef<Quill | null>(null);
  const [expiry, setExpiry] = useState<number | null>(null);
  const [burn, setBurn] = useState(false);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<ProblemMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [sealing, setSealing] = useState<SealProgress | null>(null);
  const encryption = useEncryptionOptions();
  const expiresInSeconds = expiry ?? config.defaultExpirySeconds;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const quill = quillRef.current;
    if (busy || !quill) return;
    setFailure(null);
    // A note needs text: Quill's empty document is "\n" and its HTML "<p></p>".
    if (quill.getText().trim() === '') {
      setFieldError(messages.noteRequired);
      toast.error(messages.noteRequired);
      quill.focus();
      return;
    }
    const protection = encryption.check();
    if (!protection.ok) {
      toast.error(protection.message);
      return;
    }
    const { choice } = protection;
    setBusy(true);
    quill.enable(false);
    const html = breakableSpaces(quill.getSemanticHTML());
    const sealed = choice
      ? await sealTextShare(choice, html, setSealing).catch(sealFailed)
      : undefined;
    setSealing(null);
    const result =
      sealed === null
        ? null
        : await createShare({
            type: 'notepad',
            ...(sealed ?? { content: html }),
            expiresInSeconds,
            ...(burn ? { burnAfterReading: true } : {}),
          });
    quill.enable(true);
    setBusy(false);
    if (result === null) {
      setFailure({ title: noteCreateFailed });
      toast.error(noteCreateFailed);
      return;
    }
    if (result.ok) {
      onCreated({
        share: result.data,
        burnAfterReading: burn,
        encryption: choice && { recoveryEmail: choice.recoveryEmail },
      });
      return;
    }
    console.error('Note creation failed', result.problem);
    const message = createFailureMessage(result.problem, noteCreateFailed, config.maxFileBytes);
    setFailure(message);
    toast.error(message.title, { description: message.detail });
  };

  return (
    <Card>
      <CardContent>
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-6">
          <div className="flex flex-col gap-2">
            <p id="note-label" className="text-sm font-medium text-slate-800">
              Your note
            </p>
            <NoteEditor
              quillRef={quillRef}
              onTextChange={() => setFieldError(null)}
              invalid={fieldError !== null}
              describedBy={fieldError ? 'note-error' : undefined}
            />
            <FieldError id="note-error" message={fieldError} />
          </div>

          <TextShareOptions
            idPrefix="note"
            noun="note"
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
