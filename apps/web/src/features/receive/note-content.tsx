import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Copy, Pencil, Save, X } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';
import { sanitizeNoteHtml } from '../../lib/sanitize-note';
import { useCopyAction } from '../../lib/use-copy-action';

/**
 * A notepad share: the sanitized note, Copy Note, and an edit mode whose changes never
 * leave the browser (shares cannot be edited, docs/product.md#shared-content-viewer).
 */
export function NoteContent({ html }: { html: string }) {
  const { t } = useLingui();
  const localOnly = t`Your changes are saved on this device only. The shared note itself cannot be changed.`;
  const original = useMemo(() => sanitizeNoteHtml(html), [html]);
  const [current, setCurrent] = useState(original);
  const [editing, setEditing] = useState(false);
  const [savedLocally, setSavedLocally] = useState(false);
  const viewRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const { copied, copy } = useCopyAction();

  const save = () => {
    setCurrent(sanitizeNoteHtml(editorRef.current?.innerHTML ?? current));
    setEditing(false);
    setSavedLocally(true);
    toast.info(t`Saved locally`, { description: localOnly });
  };

  return (
    <div className="flex flex-col gap-4">
      {editing ? (
        <div
          ref={(node) => {
            editorRef.current = node;
            // Filled once on entering edit mode; React must not re-render over the user's typing.
            if (node && node.dataset.filled !== 'true') {
              node.innerHTML = current;
              node.dataset.filled = 'true';
              node.focus();
              // Continue where the note ends, as people usually do when adding to it.
              const range = document.createRange();
              range.selectNodeContents(node);
              range.collapse(false);
              window.getSelection()?.removeAllRanges();
              window.getSelection()?.addRange(range);
            }
          }}
          role="textbox"
          aria-multiline="true"
          aria-label={t`Edit note (local only)`}
          dir="auto"
          contentEditable
          suppressContentEditableWarning
          className={cn(
            'note-content min-h-48 rounded-xl border border-brand-300 bg-white p-4',
            'focus-visible:ring-3 focus-visible:ring-brand-500/25 focus-visible:outline-none',
          )}
        />
      ) : (
        <div
          ref={viewRef}
          dir="auto"
          className="note-content min-h-24 rounded-xl border border-slate-200 bg-slate-50 p-4"
          dangerouslySetInnerHTML={{ __html: current }}
        />
      )}

      {savedLocally && !editing && (
        <Alert variant="info" title={t`Edited locally`}>
          {localOnly}
        </Alert>
      )}

      <div className="flex flex-wrap justify-end gap-3">
        {editing ? (
          <>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              <X aria-hidden="true" />
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={save}>
              <Save aria-hidden="true" />
              <Trans>Save Locally</Trans>
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" />
              <Trans>Edit</Trans>
            </Button>
            <Button onClick={() => void copy(viewRef.current?.innerText ?? '', current)}>
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              <Trans>Copy Note</Trans>
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
