import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { Button } from '../../components/button';
import { Label } from '../../components/label';
import { Textarea } from '../../components/textarea';
import { characterCount } from '../../lib/i18n/character-count';
import { useCopyAction } from '../../lib/use-copy-action';

/** A clipboard share: the text, read-only, and a copy button. */
export function ClipboardContent({ text }: { text: string }) {
  const { copied, copy } = useCopyAction();
  const { i18n } = useLingui();
  const characters = characterCount([...text].length, i18n);
  const lines = text.split('\n').length;
  return (
    <div className="flex flex-col gap-3">
      <Label htmlFor="shared-text">
        <Trans>Shared text</Trans>
      </Label>
      <Textarea
        id="shared-text"
        readOnly
        dir="auto"
        value={text}
        rows={Math.min(20, Math.max(6, lines + 1))}
        fieldSize="sm"
        muted
        className="resize-y font-mono"
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <span className="text-sm text-slate-600">{characters}</span>
        <Button onClick={() => void copy(text)}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          <Trans>Copy to Clipboard</Trans>
        </Button>
      </div>
    </div>
  );
}
