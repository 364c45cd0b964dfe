import type { AdminShare } from '@codedrop/contract';
import { Ban, RotateCcw, Trash2, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { actOnShare, blockShare, type ShareAction } from '../../lib/api/admin-api';
import { useAdminSession, useConsoleResult } from './admin-session';
import { problemText } from './problem-text';

/**
 * Restore, Dismiss reports, Delete and (files only) Block file. The two that destroy ask
 * first; after them the share is gone and the operator is back on the queue.
 */
export function ShareActions({ share, onChanged }: { share: AdminShare; onChanged: () => void }) {
  const { session } = useAdminSession();
  const interpret = useConsoleResult();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (action: ShareAction | 'block') => {
    if (action === 'delete' && !window.confirm(`Delete share ${share.code} and its files now?`)) {
      return;
    }
    if (
      action === 'block' &&
      !window.confirm(`Block the files of share ${share.code}? They can never be shared again.`)
    ) {
      return;
    }
    setBusy(true);
    setError(null);
    const outcome = interpret(
      action === 'block'
        ? await blockShare(session, share.code)
        : await actOnShare(session, share.code, action),
    );
    setBusy(false);
    if ('problem' in outcome) return setError(problemText(outcome.problem));
    if (action === 'delete' || action === 'block') {
      const done =
        action === 'block'
          ? `Share ${share.code} was deleted and its files blocked.`
          : `Share ${share.code} was deleted.`;
      void navigate('/admin', { state: { done } });
    } else onChanged();
  };

  return (
    <div className="flex flex-col gap-3">
      {error !== null && <Alert variant="error" title={error} />}
      <div className="flex flex-wrap gap-2">
        {share.status === 'quarantined' && (
          <Button variant="secondary" disabled={busy} onClick={() => void run('restore')}>
            <RotateCcw aria-hidden="true" />
            Restore
          </Button>
        )}
        {share.reports.length > 0 && (
          <Button variant="secondary" disabled={busy} onClick={() => void run('dismiss')}>
            <XCircle aria-hidden="true" />
            Dismiss reports
          </Button>
        )}
        <Button variant="destructive" disabled={busy} onClick={() => void run('delete')}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
        {share.type === 'file' && (
          <Button variant="destructive" disabled={busy} onClick={() => void run('block')}>
            <Ban aria-hidden="true" />
            Block file
          </Button>
        )}
      </div>
    </div>
  );
}
