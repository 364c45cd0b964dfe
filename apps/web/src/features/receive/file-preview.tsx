import { Eye, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import type { PreviewContent } from '../../lib/file-preview';
import type { MediaKind } from '../../lib/sniff-type';
import { useObjectUrl } from '../../lib/use-object-url';
import type { PreviewResult } from './file-transfers';

const unplayable = 'This file cannot be shown in this browser. Download it to open it.';

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
  return (
    <Button
      variant="secondary"
      size="sm"
      aria-label={`Preview ${name}`}
      className={expandedTrigger}
      {...toggle.triggerProps}
    >
      <Eye aria-hidden="true" />
      Preview
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
  const value = settled?.of === result ? settled.value : null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  return (
    <section
      id={id}
      aria-label={`Preview of ${name}`}
      onKeyDown={onKeyDown}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-medium text-slate-700">Preview</p>
        <Button ref={close} variant="ghost" size="sm" onClick={onClose} className="-my-1">
          <X aria-hidden="true" />
          Close preview
        </Button>
      </div>
      {value === null ? (
        <p role="status" className="flex items-center gap-2 py-6 text-sm text-slate-600">
          <Spinner />
          Loading preview…
        </p>
      ) : value.ok ? (
        <PreviewBody content={value.content} name={name} />
      ) : (
        <Alert variant="info" title={value.message} />
      )}
    </section>
  );
}

function PreviewBody({ content, name }: { content: PreviewContent; name: string }) {
  if (content.kind !== 'text')
    return <MediaPreview kind={content.kind} blob={content.blob} name={name} />;
  // Text is only ever text: React sets it as the <pre>'s text, never as markup.
  return (
    <pre
      tabIndex={0}
      aria-label={`Text of ${name}`}
      className="max-h-[70vh] overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-sm break-words whitespace-pre-wrap text-slate-800"
    >
      {content.text}
    </pre>
  );
}

function MediaPreview({ kind, blob, name }: { kind: MediaKind; blob: Blob; name: string }) {
  const url = useObjectUrl(blob);
  const [failed, setFailed] = useState(false);
  if (failed) return <Alert variant="info" title={unplayable} />;
  if (url === null) return null;
  const label = `Preview of ${name}`;
  const onError = () => setFailed(true);
  switch (kind) {
    case 'image':
      // SVG too, and only ever here: an <img> runs none of its scripts.
      return (
        <img
          src={url}
          alt={label}
          onError={onError}
          className="mx-auto block h-auto max-h-[70vh] w-auto max-w-full rounded-lg object-contain"
        />
      );
    case 'pdf':
      return (
        <iframe
          src={url}
          title={label}
          className="h-[70vh] w-full rounded-lg border border-slate-200"
        />
      );
    case 'audio':
      return <audio controls src={url} aria-label={label} onError={onError} className="w-full" />;
    case 'video':
      return (
        <video
          controls
          src={url}
          aria-label={label}
          onError={onError}
          className="mx-auto block max-h-[70vh] w-full rounded-lg bg-slate-900"
        />
      );
  }
}
