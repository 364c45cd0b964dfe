import * as Dialog from '@radix-ui/react-dialog';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from './button';
import { Spinner } from './spinner';
import { loadOnUse } from '../lib/api/load-on-use';

export interface DeleteShareButtonProps {
  code: string;
  /** From the create answer; it lives only in this page's memory. */
  deleteToken: string;
  onDeleted: () => void;
}

/**
 * "Delete now" on a result card: asks once, then ends the share at once
 * (DELETE /api/shares/{code} with the creator's token). Nobody can open the code after.
 */
export function DeleteShareButton({ code, deleteToken, onDeleted }: DeleteShareButtonProps) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    // Loaded on use, like every API call of the tools (lib/use-text-share-creation.ts).
    const api = await loadOnUse(() => import('../lib/api/shares-api'));
    const result = api.ok ? await api.data.deleteShare(code, deleteToken) : api;
    setBusy(false);
    if (!result.ok) {
      toast.error('Could not delete the share', { description: result.problem.detail });
      return;
    }
    setOpen(false);
    toast.success('Share deleted', { description: `The code ${code} no longer works.` });
    onDeleted();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <Dialog.Trigger asChild>
        <Button variant="secondary-danger" className="w-full sm:w-auto">
          <Trash2 aria-hidden="true" />
          Delete now
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 flex w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold text-slate-900">
            Delete this share now?
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-700">
            Anyone with the code {code} will no longer be able to open it. This cannot be undone.
          </Dialog.Description>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={busy}>
                Cancel
              </Button>
            </Dialog.Close>
            <Button variant="destructive" onClick={() => void confirm()} disabled={busy}>
              {busy ? <Spinner /> : <Trash2 aria-hidden="true" />}
              Delete
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
