import { ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { Button } from './button';
import { IconTile } from './icon-tile';
import { cn } from '../lib/cn';
import { fileIcon } from '../lib/file-icon';
import { formatBytesIn } from '../lib/i18n/format-numbers';

/** Stable while the file is listed: a list never holds the same file twice. */
export const fileKey = (file: File) => `${file.name}\u0000${file.size}\u0000${file.lastModified}`;

export interface FileListProps {
  files: readonly File[];
  onRemove: (index: number) => void;
  disabled?: boolean;
}

/**
 * The chosen files, one row each with name, size and Remove. A single file keeps the
 * roomy card it always had; several become compact rows of one card.
 */
export function FileList({ files, onRemove, disabled }: FileListProps) {
  const single = files.length === 1;
  const { t, i18n } = useLingui();
  return (
    <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-slate-50">
      {files.map((file, index) => (
        <li
          key={fileKey(file)}
          className={cn('flex items-center', single ? 'gap-4 p-4' : 'gap-3 px-4 py-3')}
        >
          <IconTile
            icon={fileIcon(file)}
            tone="raised"
            size={single ? 'xl' : 'md'}
            // On a phone the rows of a list leave the width to the names.
            hideOnPhone={!single}
          />
          <div className="min-w-0 flex-1">
            <p
              // A long name takes two lines in a list, where names must tell files apart.
              className={cn(
                'font-semibold text-slate-900',
                single ? 'truncate' : 'line-clamp-2 wrap-anywhere',
              )}
              title={file.name}
            >
              {/* A name keeps its own direction on a right-to-left page. */}
              <bdi>{file.name}</bdi>
            </p>
            <p className="text-sm text-slate-600">{formatBytesIn(i18n.locale, file.size)}</p>
          </div>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => onRemove(index)}
            disabled={disabled}
            // The visible word is the same on every row; the name says which file goes.
            aria-label={t`Remove ${ph({ name: file.name })}`}
            data-remove-index={index}
          >
            <X aria-hidden="true" />
            <Trans>Remove</Trans>
          </Button>
        </li>
      ))}
    </ul>
  );
}
