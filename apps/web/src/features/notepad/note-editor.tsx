import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import Quill from 'quill';
import 'quill/dist/quill.snow.css';
import './note-editor.css';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { cn } from '../../lib/cn';
import { configureQuill, formats, labelQuill, makeQuillAccessible, toolbar } from './quill-setup';

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
  const [editor, setEditor] = useState<Quill | null>(null);
  const { i18n } = useLingui();
  const i18nRef = useRef(i18n);
  useLayoutEffect(() => {
    onChangeRef.current = onTextChange;
    i18nRef.current = i18n;
  });

  // After the first paint, in a task of its own: the placeholder holds the editor's place
  // meanwhile, so nothing moves when it appears, and a phone starting the page is not
  // kept busy by making the editor too. A timer rather than the effect itself: an update
  // during hydration's commit (a form control measuring itself) makes React run the
  // effects at once, in the task that hydrated the page.
  useEffect(() => {
    const host = hostRef.current;
    const placeholder = placeholderRef.current;
    if (!host || !placeholder) return;
    let quill: Quill | null = null;
    const timer = setTimeout(() => {
      quill = makeEditor(host, placeholder, i18nRef.current);
      quill.on('text-change', () => onChangeRef.current?.());
      quillRef.current = quill;
      setEditor(quill);
    }, 0);
    return () => {
      clearTimeout(timer);
      if (quill === null) return;
      quillRef.current = null;
      setEditor(null);
      // Quill puts its toolbar beside the mount point: remove both (StrictMode mounts twice).
      for (const child of [...host.children]) if (child !== placeholder) child.remove();
      placeholder.hidden = false;
    };
  }, [quillRef]);

  // The words again when the language changes under a made editor (the first are made with it).
  useLayoutEffect(() => {
    if (editor) labelQuill(editor, i18n);
  }, [editor, i18n]);

  useEffect(() => {
    const root = editor?.root;
    if (!root) return;
    root.setAttribute('aria-invalid', String(Boolean(invalid)));
    if (describedBy) root.setAttribute('aria-describedby', describedBy);
    else root.removeAttribute('aria-describedby');
  }, [editor, invalid, describedBy]);

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

/**
 * Quill in the host, where the placeholder was. Made outside the document, then put in at
 * once: made in place, Quill's tooltip and selection read styles and the selection while the
 * editor grows, and each read made the browser lay out the whole page mid-script.
 */
function makeEditor(host: HTMLElement, placeholder: HTMLElement, i18n: I18n): Quill {
  configureQuill();
  const parts = document.createDocumentFragment();
  const mount = parts.appendChild(document.createElement('div'));
  const quill = new Quill(mount, {
    theme: 'snow',
    formats,
    modules: { toolbar, history: { delay: 1000, maxStack: 100, userOnly: true } },
  });
  makeQuillAccessible(quill);
  labelQuill(quill, i18n);
  placeholder.hidden = true;
  host.append(parts);
  return quill;
}
