import { Trans, useLingui } from '@lingui/react/macro';
import { Eye, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Spinner } from './spinner';
import type { PreviewContent, PreviewResult } from '../lib/file-preview';

// The media preview (and pdf.js behind it) is fetched when a panel opens, in step with the
// file's bytes: a share's page does not carry it before anyone asks for a preview.
const loadMediaPreview = () => import('./media-preview');
const MediaPreview = lazy(async () => ({ default: (await loadMediaPreview()).MediaPreview }));

/** The look of a Preview button whose panel is open. */
export const expandedTrigger =
  'aria-expanded:border-brand-300 aria-expanded:bg-brand-50 aria-expanded:text-brand-700';

/**
 * The disclosure of one file's preview: the Preview button's props and what the panel
 * shows. The preview is asked for on the click (it is cached, so reopening fetches nothing);
 * closing returns the focus to the button, so a keyboard user is where they were.
 */
export function usePreviewToggle(panelId: string, load: () => Promise<PreviewResult>) {
  const [result, setResult] = useState<Promise<PreviewResult> | null>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  return {
    result,
    triggerProps: {
      ref: trigger,
      'aria-expanded': result !== null,
      'aria-controls': result !== null ? panelId : undefined,
      onClick: () => setResult(result === null ? load() : null),
    },
    close: () => {
      setResult(null);
      trigger.current?.focus();
    },
  };
}

/** The Preview button of a file, opening and closing its panel. */
export function PreviewButton({
  name,
  toggle,
}: {
  name: string;
  toggle: ReturnType<typeof usePreviewToggle>;
}) {
  const { t } = useLingui();
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={t`Preview ${name}`}
      className={expandedTrigger}
      {...toggle.triggerProps}
    >
      <Eye aria-hidden="true" />
      <Trans>Preview</Trans>
    </Button>
  );
}

export interface FilePreviewProps {
  id: string;
  name: string;
  result: Promise<PreviewResult>;
  onClose: () => void;
}

/** The panel under a file: loading, then the file as its bytes say, or why it cannot be. */
export function FilePreview({ id, name, result, onClose }: FilePreviewProps) {
  const { t } = useLingui();
  const [settled, setSettled] = useState<{ of: Promise<PreviewResult>; value: PreviewResult }>();
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let live = true;
    void result.then((value) => live && setSettled({ of: result, value }));
    return () => {
      live = false;
    };
  }, [result]);
  // The focus moves into the panel when it opens (its first control).
  useEffect(() => close.current?.focus(), []);
  useEffect(() => void loadMediaPreview(), []);
  const value = settled?.of === result ? settled.value : null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  return (
    <section
      id={id}
      aria-label={t`Preview of ${name}`}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-700">
          <Trans>Preview</Trans>
        </p>
        <Button ref={close} variant="ghost" size="sm" onClick={onClose} className="-my-1">
          <X aria-hidden="true" />
          <Trans>Close preview</Trans>
        </Button>
      </div>
      {value === null ? (
        <LoadingPreview />
      ) : value.ok ? (
        <PreviewBody content={value.content} name={name} />
      ) : (
        <Alert variant="info" title={value.message} />
      )}
    </section>
  );
}

function LoadingPreview() {
  return (
    <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
      <Spinner />
      <Trans>Loading preview…</Trans>
    </p>
  );
}

function PreviewBody({ content, name }: { content: PreviewContent; name: string }) {
  const { t } = useLingui();
  if (content.kind !== 'text') {
    return (
      <Suspense fallback={<LoadingPreview />}>
        <MediaPreview kind={content.kind} blob={content.blob} name={name} />
      </Suspense>
    );
  }
  // Text is only ever text: React sets it as the <pre>'s text, never as markup.
  return (
    <pre
      tabIndex={0}
      aria-label={t`Text of ${name}`}
      dir="auto"
      className="max-h-[70vh] overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-sm break-words whitespace-pre-wrap text-slate-800"
    >
      {content.text}
    </pre>
  );
}
