import type { AdminFile } from '@codedrop/contract';
import { useEffect, useState } from 'react';
import { Spinner } from '../../components/spinner';
import { fetchFileBytes } from '../../lib/api/admin-api';
import { readPreview, type PreviewContent } from '../../lib/file-preview';
import { useObjectUrl } from '../../lib/use-object-url';

/** Larger files are not fetched for a preview: the operator downloads nothing by accident. */
const maxPreviewBytes = 25 * 1024 * 1024;

type State = { phase: 'loading' } | { phase: 'none' } | { phase: 'ready'; content: PreviewContent };

/**
 * A plain file's preview in the console: its bytes fetched with the session, the kind
 * decided from the bytes (never the declared type) by the viewer's own sniffer, and shown
 * from a blob: URL inside the page's CSP. Images and PDFs are shown; other files are not.
 */
export function FileBytesPreview({ code, file }: { code: string; file: AdminFile }) {
  const [state, setState] = useState<State>({ phase: 'loading' });
  useEffect(() => {
    if (file.size > maxPreviewBytes) return setState({ phase: 'none' });
    let live = true;
    void fetchFileBytes(code, file.index).then(async (result) => {
      const content = result.ok ? await readPreview(result.data.stream()) : null;
      if (!live) return;
      const shown = content !== null && (content.kind === 'image' || content.kind === 'pdf');
      setState(shown ? { phase: 'ready', content } : { phase: 'none' });
    });
    return () => {
      live = false;
    };
  }, [code, file.index, file.size]);
  if (state.phase === 'loading') return <Spinner />;
  if (state.phase === 'none' || state.content.kind === 'text') {
    return <p className="text-xs text-slate-600">No preview for this file.</p>;
  }
  return (
    <MediaPreview name={file.name ?? 'file'} blob={state.content.blob} kind={state.content.kind} />
  );
}

function MediaPreview({ name, blob, kind }: { name: string; blob: Blob; kind: string }) {
  const url = useObjectUrl(blob);
  if (url === null) return null;
  return kind === 'pdf' ? (
    <iframe title={`Preview of ${name}`} src={url} className="h-96 w-full rounded-lg border" />
  ) : (
    <img
      src={url}
      alt={`Preview of ${name}`}
      className="max-h-96 max-w-full self-start rounded-lg border border-slate-200"
    />
  );
}
