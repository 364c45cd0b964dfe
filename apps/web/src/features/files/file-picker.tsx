import { File as FileIcon, UploadCloud, X } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';
import { formatBytes, formatBytesCompact } from '@codedrop/contract';
import { IconTile } from '../../components/icon-tile';

export interface FilePickerProps {
  file: File | null;
  maxBytes: number;
  onPick: (file: File) => void;
  onRemove: () => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
}

/**
 * A file input dressed as a drop zone: click or keyboard opens the picker, a dropped file
 * is taken the same way. Once a file is chosen, its name, size and Remove.
 */
export function FilePicker({
  file,
  maxBytes,
  onPick,
  onRemove,
  disabled,
  invalid,
  describedBy,
}: FilePickerProps) {
  const [dragging, setDragging] = useState(false);

  if (file) {
    return (
      <div className="flex items-center gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <IconTile icon={FileIcon} tone="raised" size="xl" />
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900" title={file.name}>
            {file.name}
          </p>
          <p className="text-sm text-slate-600">{formatBytes(file.size)}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={onRemove} disabled={disabled}>
          <X aria-hidden="true" />
          Remove
        </Button>
      </div>
    );
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && !disabled) onPick(dropped);
  };

  return (
    <label
      htmlFor="file-input"
      onDragOver={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="drop-zone"
      className={cn(
        'flex cursor-pointer flex-col items-center gap-3 rounded-xl border-2 border-dashed px-6 py-10 text-center transition-colors',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:focus-visible]:ring-offset-2',
        dragging
          ? 'border-brand-500 bg-brand-50'
          : invalid
            ? 'border-red-400 bg-red-50/40'
            : 'border-slate-300 bg-slate-50 hover:border-brand-300 hover:bg-brand-50/50',
      )}
    >
      <IconTile icon={UploadCloud} tone="raised" size="2xl" />
      <span className="font-semibold text-slate-900">
        Drop a file here or <span className="text-brand-700 underline">choose a file</span>
      </span>
      <span className="text-sm text-slate-600">
        Any file type, up to {formatBytesCompact(maxBytes)}
      </span>
      <input
        id="file-input"
        type="file"
        className="sr-only"
        disabled={disabled}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // Cleared so choosing the same file again after Remove still fires a change.
          event.target.value = '';
          if (chosen) onPick(chosen);
        }}
      />
    </label>
  );
}
