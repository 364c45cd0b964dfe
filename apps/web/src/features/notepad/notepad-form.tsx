import { codePointLength } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import type Quill from 'quill';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { FormCard } from '../../components/form-card';
import { FieldError } from '../../components/field-error';
import { TextShareOptions } from '../../components/text-share-options';
import { useConfig } from '../../lib/config-context';
import { useMessages } from '../../lib/i18n/product-messages';
import { useTextShareCreation, type CreatedTextShare } from '../../lib/use-text-share-creation';
import { NoteEditor } from './note-editor';
import { breakableSpaces } from './note-html';

export type CreatedNote = CreatedTextShare;

/** docs/product.md#notepad: the rich-text editor, options and Generate 4-Digit Code. */
export function NotepadForm({ onCreated }: { onCreated: (created: CreatedNote) => void }) {
  const quillRef = useRef<Quill | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const { t } = useLingui();
  const messages = useMessages();
  const creation = useTextShareCreation('notepad', t`Failed to create note share`);
  const config = useConfig();

  const submit = async () => {
    const quill = quillRef.current;
    if (creation.busy || !quill) return;
    creation.clearFailure();
    /** Says what is wrong next to the editor and as a toast, and goes back to it. */
    const refuse = (message: string) => {
      setFieldError(message);
      toast.error(message);
      quill.focus();
    };
    // A note needs text: Quill's empty document is "\n" and its HTML "<p></p>".
    if (quill.getText().trim() === '') return refuse(messages.noteRequired);
    const html = breakableSpaces(quill.getSemanticHTML());
    // The server checks a plain note's length; an encrypted one it cannot read, so the
    // limit is checked here, before sealing, for both.
    if (codePointLength(html) > config.maxNoteChars) {
      return refuse(messages.noteTooLong(config.maxNoteChars));
    }
    quill.enable(false);
    const created = await creation.create(html);
    quill.enable(true);
    if (created !== null) onCreated(created);
  };

  return (
    <FormCard onSubmit={submit}>
      <div className="flex flex-col gap-2">
        <p id="note-label" className="text-sm font-medium text-slate-800">
          <Trans>Your note</Trans>
        </p>
        <NoteEditor
          quillRef={quillRef}
          onTextChange={() => setFieldError(null)}
          invalid={fieldError !== null}
          describedBy={fieldError ? 'note-error' : undefined}
        />
        <FieldError id="note-error" message={fieldError} />
      </div>

      <TextShareOptions idPrefix="note" noun="note" {...creation.options} />
    </FormCard>
  );
}
