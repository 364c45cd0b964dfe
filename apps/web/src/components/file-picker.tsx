import { Trans, useLingui } from '@lingui/react/macro';
import { Plus, UploadCloud } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { buttonClasses } from './button';
import { IconTile } from './icon-tile';
import { cn } from '../lib/cn';
import { formatBytesCompactIn, formatCountIn } from '../lib/i18n/format-numbers';
import { filesFromTransfer } from '../lib/transfer-files';
import { describeTotal } from '../lib/file-selection';
import { FileList } from './file-list';

export interface FilePickerProps {
  files: readonly File[];
  maxBytes: number;
  maxFiles: number;
  onAdd: (files: File[]) => void;
  onRemove: (index: number) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

const focusRing =
  'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2';

/**
 * A file input dressed as a drop zone: click or keyboard opens the picker (several files
 * at once), dropped files are taken the same way. Once files are chosen: their list, the
 * total, and "Add files"; the whole area still takes drops.
 */
export function FilePicker({
  files,
  maxBytes,
  maxFiles,
  onAdd,
  onRemove,
  ...input
}: FilePickerProps) {
  const [dragging, setDragging] = useState(false);
  const area = useRef<HTMLDivElement>(null);
  const removedAt = useRef<number | null>(null);
  const { i18n } = useLingui();

  // Focus would be lost with the removed row's button: it goes to the row that took its
  // place, the last one, or the picker once the list is empty.
  useEffect(() => {
    const index = removedAt.current;
    if (index === null) return;
    removedAt.current = null;
    const buttons = area.current?.querySelectorAll<HTMLElement>('[data-remove-index]') ?? [];
    const next = buttons[Math.min(index, buttons.length - 1)];
    (next ?? document.getElementById('file-input'))?.focus();
  }, [files]);

  const dropTarget = {
    onDragOver: (event: DragEvent) => {
      event.preventDefault();
      setDragging(true);
    },
    onDragLeave: () => setDragging(false),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      setDragging(false);
      const dropped = filesFromTransfer(event.dataTransfer);
      if (dropped.length > 0 && !input.disabled) onAdd(dropped);
    },
  };
  const fileInput = <FileInput onAdd={onAdd} {...input} />;

  if (files.length === 0) {
    const maxSize = formatBytesCompactIn(i18n.locale, maxBytes);
    const maxCount = formatCountIn(i18n.locale, maxFiles);
    return (
      <label
        htmlFor="file-input"
        {...dropTarget}
        data-testid="drop-zone"
        className={cn(
          'flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
          focusRing,
          dragging
            ? 'border-brand-500 bg-brand-50'
            : input.invalid
              ? 'border-red-400 bg-red-50/40'
              : 'border-slate-300 bg-slate-50 hover:border-brand-300 hover:bg-brand-50/50',
        )}
      >
        <IconTile icon={UploadCloud} tone="raised" size="2xl" />
        <span className="font-semibold text-slate-900">
          <Trans>
            Drop files here or <span className="text-brand-700 underline">choose files</span>
          </Trans>
        </span>
        <span className="text-sm text-slate-600">
          <Trans>
            Any file type, up to {maxCount} files and {maxSize} in total
          </Trans>
        </span>
        {fileInput}
      </label>
    );
  }

  return (
    <div
      ref={area}
      {...dropTarget}
      data-testid="file-list-area"
      className={cn(
        'flex flex-col gap-3 rounded-xl transition-shadow',
        dragging && 'ring-2 ring-brand-500 ring-offset-4',
      )}
    >
      <FileList
        files={files}
        disabled={input.disabled}
        onRemove={(index) => {
          removedAt.current = index;
          onRemove(index);
        }}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        {/* Announced as files come and go; one file's size is already on its row. */}
        <p role="status" className="text-sm font-medium text-slate-700 tabular-nums">
          {files.length > 1 ? describeTotal(files, i18n) : ''}
        </p>
        <label
          htmlFor="file-input"
          className={cn(
            buttonClasses({ variant: 'secondary', size: 'sm' }),
            focusRing,
            input.disabled && 'pointer-events-none opacity-50',
          )}
        >
          <Plus aria-hidden="true" />
          <Trans>Add files</Trans>
          {fileInput}
        </label>
      </div>
    </div>
  );
}

function FileInput({
  onAdd,
  disabled,
  invalid,
  describedBy,
}: Pick<FilePickerProps, 'onAdd' | 'disabled' | 'invalid' | 'describedBy'>) {
  return (
    <input
      id="file-input"
      type="file"
      multiple
      className="sr-only"
      disabled={disabled}
      aria-invalid={invalid}
      aria-describedby={describedBy}
      onChange={(event) => {
        const chosen = Array.from(event.target.files ?? []);
        // Cleared so choosing the same file again after Remove still fires a change.
        event.target.value = '';
        if (chosen.length > 0) onAdd(chosen);
      }}
    />
  );
}
