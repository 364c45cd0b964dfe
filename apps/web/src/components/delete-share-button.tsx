import { Trans, useLingui } from '@lingui/react/macro';
import { localProblem } from '../lib/api/known-words';
import { Trash2 } from 'lucide-react';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { toast } from 'sonner';
import { Button } from './button';
import { Spinner } from './spinner';
import { loadOnUse } from '../lib/api/load-on-use';

export interface DeleteShareButtonProps {
  code: string;
  /** From the create answer; it lives only in this page's memory. */
  deleteToken: string;
  onDeleted: () => void;
  /** What the code opens: a request or a live room is ended, in its own words. */
  kind?: 'share' | 'request' | 'room';
}

/**
 * "Delete now" on a result card: asks once, then ends the share at once
 * (DELETE /api/shares/{code} with the creator's token). Nobody can open the code after.
 * The question is the browser's own modal `<dialog>`: it keeps focus inside, closes on
 * Escape and gives focus back to the button, with no library on every tool's page.
 */
export function DeleteShareButton({
  code,
  deleteToken,
  onDeleted,
  kind = 'share',
}: DeleteShareButtonProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const { t, i18n } = useLingui();
  const request = kind === 'request';
  const room = kind === 'room';

  const show = () => {
    dialogRef.current?.showModal();
    setOpen(true);
  };
  const close = () => dialogRef.current?.close();

  const confirm = async () => {
    setBusy(true);
    // Loaded on use, like every API call of the tools (lib/use-text-share-creation.ts).
    const api = await loadOnUse(() => import('../lib/api/shares-api'));
    const result = api.ok ? await api.data.deleteShare(code, deleteToken) : api;
    setBusy(false);
    if (!result.ok) {
      const title = room
        ? t`Could not end the room`
        : request
          ? t`Could not end the request`
          : t`Could not delete the share`;
      toast.error(title, {
        description: localProblem(result.problem, i18n).detail,
      });
      return;
    }
    close();
    toast.success(room ? t`Room ended` : request ? t`Request ended` : t`Share deleted`, {
      description: t`The code ${code} no longer works.`,
    });
    onDeleted();
  };

  // A press on the backdrop (the dialog element itself, outside its panel) cancels.
  const onBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && !busy) close();
  };

  return (
    <>
      <Button
        variant="secondary-danger"
        className="w-full sm:w-auto"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={show}
      >
        <Trash2 aria-hidden="true" />
        {room ? (
          <Trans>End room</Trans>
        ) : request ? (
          <Trans>End request now</Trans>
        ) : (
          <Trans>Delete now</Trans>
        )}
      </Button>
      <dialog
        ref={dialogRef}
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-description`}
        onClose={() => setOpen(false)}
        onCancel={(event) => busy && event.preventDefault()}
        onClick={onBackdrop}
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-xl bg-white shadow-xl backdrop:bg-slate-900/50"
      >
        <div className="flex flex-col gap-4 p-6">
          <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
            {room ? (
              <Trans>End this room now?</Trans>
            ) : request ? (
              <Trans>End this request now?</Trans>
            ) : (
              <Trans>Delete this share now?</Trans>
            )}
          </h2>
          <p id={`${id}-description`} className="text-sm text-slate-700">
            {room ? (
              <Trans>
                Every device in the room <bdi>{code}</bdi> is disconnected, and its text is deleted.
                This cannot be undone.
              </Trans>
            ) : request ? (
              <Trans>
                Nobody can send to the code <bdi>{code}</bdi> any more, and what was sent is
                deleted. This cannot be undone.
              </Trans>
            ) : (
              <Trans>
                Anyone with the code <bdi>{code}</bdi> will no longer be able to open it. This
                cannot be undone.
              </Trans>
            )}
          </p>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={busy} onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="destructive" onClick={() => void confirm()} disabled={busy}>
              {busy ? <Spinner /> : <Trash2 aria-hidden="true" />}
              {room ? (
                <Trans>End room now</Trans>
              ) : request ? (
                <Trans>End request</Trans>
              ) : (
                <Trans>Delete</Trans>
              )}
            </Button>
          </div>
        </div>
      </dialog>
    </>
  );
}
