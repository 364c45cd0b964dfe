import { codePointLength } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { FormCard } from '../../components/form-card';
import { FieldError } from '../../components/field-error';
import { TextShareOptions } from '../../components/text-share-options';
import { Label } from '../../components/label';
import { Textarea } from '../../components/textarea';
import { cn } from '../../lib/cn';
import { useConfig } from '../../lib/config-context';
import { formatCountIn } from '../../lib/i18n/format-numbers';
import { useMessages } from '../../lib/i18n/product-messages';
import { useSharedContent } from '../../lib/offline/use-shared-content';
import { useTextShareCreation, type CreatedTextShare } from '../../lib/use-text-share-creation';
import { PasteOffer } from './paste-offer';

export type CreatedClipboard = CreatedTextShare;

/** docs/product.md#clipboard: the text, its options and Generate 4-Digit Code. */
export function ClipboardForm({ onCreated }: { onCreated: (created: CreatedClipboard) => void }) {
  const config = useConfig();
  const messages = useMessages();
  const { t, i18n } = useLingui();
  const [text, setText] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const creation = useTextShareCreation('clipboard', messages.clipboardCreateFailed);
  const busy = creation.busy;
  const textRef = useRef<HTMLTextAreaElement>(null);
  // Text handed over by a phone's share sheet (lib/offline/share-target.ts).
  useSharedContent((shared) => {
    if (shared.text !== '') setText(shared.text);
  });

  const length = codePointLength(text);
  const tooLong = length > config.maxTextChars;
  const count = formatCountIn(i18n.locale, length);
  const max = formatCountIn(i18n.locale, config.maxTextChars);

  const refuse = (message: string) => {
    setFieldError(message);
    toast.error(message);
    textRef.current?.focus();
  };

  const submit = async () => {
    if (busy) return;
    creation.clearFailure();
    if (text.trim() === '') return refuse(messages.textRequired);
    if (tooLong) {
      return refuse(t`Please shorten your text to ${max} characters or fewer`);
    }
    const created = await creation.create(text);
    if (created !== null) onCreated(created);
  };

  return (
    <FormCard onSubmit={submit}>
      <div className="flex flex-col gap-2">
        <Label htmlFor="clipboard-text">
          <Trans>Your text</Trans>
        </Label>
        <Textarea
          id="clipboard-text"
          ref={textRef}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setFieldError(null);
          }}
          placeholder={t`Paste or type the text you want to share...`}
          rows={10}
          disabled={busy}
          aria-invalid={fieldError !== null || tooLong}
          aria-describedby={cn('clipboard-count', fieldError && 'clipboard-error')}
          fieldSize="sm"
          className="font-mono"
        />
        <div className="flex flex-wrap items-start justify-between gap-2">
          <FieldError id="clipboard-error" message={fieldError} />
          <p
            id="clipboard-count"
            className={cn(
              'ms-auto text-sm tabular-nums',
              tooLong ? 'font-medium text-red-700' : 'text-slate-600',
            )}
          >
            {/* The count and the limit keep their order in a right-to-left sentence. */}
            <Trans>
              <bdi dir="ltr">
                {count} / {max}
              </bdi>{' '}
              characters
            </Trans>
          </p>
        </div>
      </div>

      <PasteOffer enabled={!busy} />

      <TextShareOptions idPrefix="clipboard" noun="text" {...creation.options} />
    </FormCard>
  );
}
