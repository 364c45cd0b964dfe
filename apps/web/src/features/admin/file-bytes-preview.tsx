import type { AdminFile } from '@codedrop/contract';
import { useEffect, useState } from 'react';
import { MediaPreview } from '../../components/media-preview';
import { Spinner } from '../../components/spinner';
import { fetchFileBytes } from '../../lib/api/admin-api';
import { readPreview, type PreviewContent } from '../../lib/file-preview';

/** Larger files are not fetched for a preview: the operator downloads nothing by accident. */
const maxPreviewBytes = 25 * 1024 * 1024;

type State = { phase: 'loading' } | { phase: 'none' } | { phase: 'ready'; content: PreviewContent };

/**
 * A plain file's preview in the console: its bytes fetched with the session, the kind
 * decided from the bytes (never the declared type) by the viewer's own sniffer, and shown by
 * the viewer's own media preview, so no file becomes a document of the site. Images and PDFs
 * are shown; other files are not.
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
    <MediaPreview
      name={file.name ?? 'file'}
      blob={state.content.blob}
      kind={state.content.kind}
      layout="compact"
    />
  );
}
