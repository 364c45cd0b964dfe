import type { RequestView } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { FileArchive, Inbox } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { Spinner } from '../../components/spinner';
import { loadOnUse } from '../../lib/api/load-on-use';
import { problemWords } from '../../lib/api/problem-words';
import { openFileSink } from '../../lib/encryption/file-sink';
import { useMessages } from '../../lib/i18n/product-messages';
import { zipFileName } from '../../lib/zip-names';
import { isDamaged, type ListedSubmission, type OpenedSubmission } from './listed-submission';
import { PickupPasswordForm } from './pickup-password-form';
import { SubmissionCard } from './submission-card';
import type { PickupSource } from './submission-transfers';
import { usePickup } from './use-pickup';

/** The asker's side of a request view: the password, then the submissions as they come. */
export function PickupPanel({ request }: { request: RequestView }) {
  const { state, tryPassword, remove } = usePickup(request);
  switch (state.phase) {
    case 'locked':
      return (
        <PickupPasswordForm
          attemptsLeft={request.attemptsLeft}
          onSubmit={tryPassword}
          error={state.error}
        />
      );
    case 'gone':
      return (
        <Alert variant="error" title={state.message.title}>
          {state.message.detail}
        </Alert>
      );
    case 'open':
      return (
        <SubmissionList
          source={{ code: request.code, key: state.key }}
          submissions={state.submissions}
          onDelete={remove}
        />
      );
  }
}

function SubmissionList({
  source,
  submissions,
  onDelete,
}: {
  source: PickupSource;
  submissions: ListedSubmission[];
  onDelete: (id: string) => Promise<boolean>;
}) {
  const withFiles = submissions.filter(
    (entry): entry is OpenedSubmission => !isDamaged(entry) && entry.files.length > 0,
  );
  const count = submissions.length;
  return (
    <section aria-labelledby="submissions-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="submissions-title" className="text-base font-semibold text-slate-900">
          <Trans>Submissions ({count})</Trans>
        </h2>
        {withFiles.length > 0 && <DownloadAll source={source} submissions={withFiles} />}
      </div>
      {count === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
          <Inbox className="size-8 text-slate-400" aria-hidden="true" />
          <Trans>Nothing has been sent yet. New submissions appear here by themselves.</Trans>
        </div>
      ) : (
        <ol className="flex flex-col gap-3">
          {submissions.map((submission) => (
            <SubmissionCard
              key={submission.id}
              submission={submission}
              source={source}
              onDelete={onDelete}
            />
          ))}
        </ol>
      )}
      {/* New submissions are announced as they arrive. */}
      <p role="status" className="sr-only">
        <Trans>{count} submissions</Trans>
      </p>
    </section>
  );
}

function DownloadAll({
  source,
  submissions,
}: {
  source: PickupSource;
  submissions: OpenedSubmission[];
}) {
  const { i18n } = useLingui();
  const messages = useMessages();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    // The save picker needs the click's activation: it is opened before anything is awaited.
    const sink = openFileSink({ name: zipFileName(source.code), type: 'application/zip', size: 0 });
    setBusy(true);
    const transfers = await loadOnUse(() => import('./submission-transfers'));
    const opened = await sink;
    if (opened === null || !transfers.ok) {
      await opened?.discard();
      setBusy(false);
      if (!transfers.ok) toast.error(messages.downloadFailed);
      return;
    }
    const result = await transfers.data.saveSubmissionsZip(source, submissions, opened);
    setBusy(false);
    if (result.ok) return;
    if (result.reason === 'corrupt') toast.error(messages.decryptFailed);
    else {
      toast.error(messages.downloadFailed, {
        description: problemWords('download', result.problem, i18n).title,
      });
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void start()} disabled={busy}>
      {busy ? <Spinner /> : <FileArchive aria-hidden="true" />}
      <Trans>Download all (.zip)</Trans>
    </Button>
  );
}
