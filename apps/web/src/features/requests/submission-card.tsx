import { Trans, useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { FilePreview, PreviewButton, usePreviewToggle } from '../../components/file-preview-panel';
import { IconTile } from '../../components/icon-tile';
import { Spinner } from '../../components/spinner';
import { loadOnUse } from '../../lib/api/load-on-use';
import { problemWords } from '../../lib/api/problem-words';
import { fileIcon } from '../../lib/file-icon';
import { openFileSink } from '../../lib/encryption/file-sink';
import { offersPreview } from '../../lib/file-kind';
import type { PreviewResult } from '../../lib/file-preview';
import { formatDateTime } from '../../lib/format-date';
import { formatBytesIn } from '../../lib/i18n/format-numbers';
import { useMessages } from '../../lib/i18n/product-messages';
import { isDamaged, type ListedSubmission, type OpenedSubmission } from './listed-submission';
import type { PickupSource } from './submission-transfers';

const loadTransfers = () => loadOnUse(() => import('./submission-transfers'));

export interface SubmissionCardProps {
  submission: ListedSubmission;
  source: PickupSource;
  onDelete: (id: string) => Promise<boolean>;
}

/** One submission: when it came, its text, its files with Preview and Download, Delete. */
export function SubmissionCard({ submission, source, onDelete }: SubmissionCardProps) {
  const { t, i18n } = useLingui();
  const [deleting, setDeleting] = useState(false);
  const when = formatDateTime(submission.createdAt, i18n.locale);
  const remove = async () => {
    setDeleting(true);
    const done = await onDelete(submission.id);
    if (!done) setDeleting(false);
  };
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-semibold text-slate-900">
            <Trans>
              Sent <time dateTime={submission.createdAt}>{when}</time>
            </Trans>
          </p>
          {!isDamaged(submission) && <Summary submission={submission} />}
        </div>
        <Button
          variant="secondary-danger"
          size="sm"
          onClick={() => void remove()}
          disabled={deleting}
          aria-label={t`Delete the submission sent ${when}`}
        >
          {deleting ? <Spinner /> : <Trash2 aria-hidden="true" />}
          <Trans>Delete</Trans>
        </Button>
      </div>
      {isDamaged(submission) ? (
        <Alert variant="error" title={t`This submission could not be decrypted.`}>
          <Trans>It was altered or made for another key. Delete it.</Trans>
        </Alert>
      ) : (
        <>
          {submission.text !== undefined && (
            <pre
              tabIndex={0}
              aria-label={t`Text sent ${when}`}
              dir="auto"
              className="max-h-96 overflow-auto rounded-lg bg-slate-50 p-3 font-mono text-sm break-words whitespace-pre-wrap text-slate-800"
            >
              {submission.text}
            </pre>
          )}
          {submission.files.length > 0 && (
            <ul className="flex flex-col divide-y divide-slate-200 rounded-lg border border-slate-200">
              {submission.files.map((_file, index) => (
                <SubmissionFileRow
                  key={index}
                  submission={submission}
                  index={index}
                  source={source}
                />
              ))}
            </ul>
          )}
        </>
      )}
    </li>
  );
}

function Summary({ submission }: { submission: OpenedSubmission }) {
  const { t, i18n } = useLingui();
  const count = submission.files.length;
  const size = formatBytesIn(
    i18n.locale,
    submission.files.reduce((sum, file) => sum + file.size, 0),
  );
  const parts = [
    ...(count > 0 ? [t`${plural(count, { one: '# file', other: '# files' })} · ${size}`] : []),
    ...(submission.text !== undefined ? [t`Text`] : []),
  ];
  return <p className="text-sm text-slate-600">{parts.join(' · ')}</p>;
}

function SubmissionFileRow({
  submission,
  index,
  source,
}: {
  submission: OpenedSubmission;
  index: number;
  source: PickupSource;
}) {
  const { t, i18n } = useLingui();
  const messages = useMessages();
  const file = submission.files[index]!;
  const name = file.name;
  const panelId = `submission-${submission.id}-${index}-preview`;
  const [saving, setSaving] = useState(false);

  const preview = async (): Promise<PreviewResult> => {
    const transfers = await loadTransfers();
    if (!transfers.ok) return { ok: false, message: transfers.problem.title };
    const result = await transfers.data.previewSubmissionFile(source, submission, index);
    if (result.ok) {
      return result.content === null
        ? { ok: false, message: t`This file cannot be previewed. Download it to open it.` }
        : { ok: true, content: result.content };
    }
    if (result.reason === 'corrupt') return { ok: false, message: messages.decryptFailed };
    return { ok: false, message: problemWords('download', result.problem, i18n).title };
  };
  const toggle = usePreviewToggle(panelId, preview);

  const download = async () => {
    // The save picker needs the click's activation: it is opened before anything is awaited.
    const sink = openFileSink({ name, type: 'application/octet-stream', size: file.size });
    setSaving(true);
    const transfers = await loadTransfers();
    if (!transfers.ok) await (await sink)?.discard();
    const result = transfers.ok
      ? await transfers.data.saveSubmissionFile(source, submission, index, sink)
      : ({ ok: false, reason: 'problem', problem: transfers.problem } as const);
    setSaving(false);
    if (result.ok || result.reason === 'cancelled') return;
    if (result.reason === 'corrupt') toast.error(messages.decryptFailed);
    else {
      const words = problemWords('download', result.problem, i18n);
      toast.error(messages.downloadFailed, { description: words.title });
    }
  };

  return (
    <li className="flex flex-col gap-3 p-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <IconTile icon={fileIcon(file)} tone="raised" />
        <div className="min-w-0 flex-1 basis-36">
          <p
            dir="auto"
            className="line-clamp-2 font-medium [overflow-wrap:anywhere] text-slate-900"
            title={name}
          >
            {name}
          </p>
          <p className="text-sm text-slate-600">{formatBytesIn(i18n.locale, file.size)}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          {(offersPreview(file) || toggle.result !== null) && (
            <PreviewButton name={name} toggle={toggle} />
          )}
          <Button
            variant="secondary"
            size="sm"
            aria-label={t`Download ${name}`}
            onClick={() => void download()}
            disabled={saving}
          >
            {saving ? <Spinner /> : <Download aria-hidden="true" />}
            <Trans>Download</Trans>
          </Button>
        </div>
      </div>
      {toggle.result !== null && (
        <FilePreview id={panelId} name={name} result={toggle.result} onClose={toggle.close} />
      )}
    </li>
  );
}
