import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import './note-editor.css';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { cn } from '../../lib/cn';
import { configureQuill, formats, labelQuill, toolbar } from './quill-setup';

export interface NoteEditorProps {
  /** Filled with the editor once it exists, for reading and clearing it. */
  quillRef: RefObject<Quill | null>;
  onTextChange?: () => void;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * Quill 2 used directly (react-quill does not support React 19), snow theme, the toolbar and
 * formats of docs/product.md#notepad, undo history merging edits within 1000 ms and keeping 100
 * steps. This module (and Quill's CSS) is loaded only with the notepad route.
 */
export function NoteEditor({ quillRef, onTextChange, invalid, describedBy }: NoteEditorProps) {
  const hostRef = useRef<HTMLDivElement>(null);
  const placeholderRef = useRef<HTMLDivElement>(null);
  const onChangeRef = useRef(onTextChange);
  useLayoutEffect(() => {
    onChangeRef.current = onTextChange;
  });

  // After the first paint, in a task of its own: the placeholder holds the editor's place
  // meanwhile, so nothing moves when it appears, and a phone starting the page is not
  // kept busy by making the editor too.
  useEffect(() => {
    const host = hostRef.current;
    const placeholder = placeholderRef.current;
    if (!host || !placeholder) return;
    configureQuill();
    placeholder.hidden = true;
    const mount = host.appendChild(document.createElement('div'));
    const quill = new Quill(mount, {
      theme: 'snow',
      placeholder: 'Start writing your note here...',
      formats,
      modules: { toolbar, history: { delay: 1000, maxStack: 100, userOnly: true } },
    });
    const toolbarModule = quill.getModule('toolbar') as { container: HTMLElement } | undefined;
    if (toolbarModule) labelQuill(toolbarModule.container, quill.root);
    quill.on('text-change', () => onChangeRef.current?.());
    quillRef.current = quill;
    return () => {
      quillRef.current = null;
      // Quill puts its toolbar beside the mount point: remove both (StrictMode mounts twice).
      for (const child of [...host.children]) if (child !== placeholder) child.remove();
      placeholder.hidden = false;
    };
  }, [quillRef]);

  useEffect(() => {
    const root = quillRef.current?.root;
    if (!root) return;
    root.setAttribute('aria-invalid', String(Boolean(invalid)));
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
  }, [quillRef, invalid, describedBy]);

  return (
    <div
      ref={hostRef}
      className={cn(
        'note-editor overflow-hidden rounded-xl border bg-white',
        invalid ? 'border-red-500' : 'border-slate-300',
      )}
    >
      {/* The editor's size until Quill is made: the prerendered page paints before any
          script runs, and the form must not move when the editor appears. */}
      <div ref={placeholderRef} className="note-editor-placeholder" aria-hidden="true" />
    </div>
  );
}
