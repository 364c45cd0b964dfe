import { useLingui } from '@lingui/react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { useConfigSettled } from './config-context';
import { productMessages } from './i18n/product-messages';
import { takePendingFiles } from './pending-files';
import { carriesText, isTextEntry } from './transfer-files';
import { useFilePaste } from './use-file-paste';
import {
  addFiles,
  removeFileAt,
  selectionProblem,
  type FileLimits,
  type SelectionProblem,
} from './file-selection';

export interface FileSelection {
  files: File[];
  /** The message next to the picker, or null. */
  error: string | null;
  /** Adds picked, dropped or pasted files; a batch past a limit is refused and explained. */
  add: (added: readonly File[]) => void;
  remove: (index: number) => void;
  /** Before upload: whether the files can go, saying what is wrong when they cannot. */
  check: () => boolean;
}

function announce(problem: SelectionProblem) {
  if (problem.title) toast.error(problem.title, { description: problem.detail });
  else toast.error(problem.detail);
}

/**
 * The files of the file-share form: the list in upload order, its limits checked on every
 * change (so nothing too large is ever sent), files pasted anywhere on the page while
 * `accepting`, and those another page handed over (an image pasted on the clipboard page).
 */
export function useFileSelection(limits: FileLimits, accepting: boolean): FileSelection {
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const { i18n } = useLingui();
  const messages = productMessages(i18n);
  // Files picked before the server's limits are known wait for them, rather than be held
  // to the defaults (a file over the default limit refused by an instance that takes more).
  const settled = useConfigSettled();
  const waiting = useRef<File[]>([]);

  const add = (added: readonly File[]) => {
    if (added.length === 0) return;
    if (!settled) {
      waiting.current.push(...added);
      return;
    }
    const change = addFiles(files, added, limits, i18n);
    setFiles(change.files);
    setError(change.problem?.detail ?? null);
    if (change.problem) announce(change.problem);
  };

  const remove = (index: number) => {
    setFiles(removeFileAt(files, index));
    setError(null);
  };

  const check = () => {
    if (files.length === 0) {
      setError(messages.fileRequired);
      toast.error(messages.fileRequired);
      return false;
    }
    // The limits may have changed since the files were added (GET /api/config answered).
    const problem = selectionProblem(files, limits, i18n);
    if (!problem) return true;
    setError(problem.detail);
    announce(problem);
    return false;
  };

  const addWaiting = useEffectEvent(() => {
    const batch = waiting.current;
    waiting.current = [];
    add(batch);
  });
  useEffect(() => {
    if (settled) addWaiting();
  }, [settled]);

  // Taken once: under StrictMode's second run of the effect nothing is left to take.
  const takeHandedOver = useEffectEvent(() => add(takePendingFiles()));
  useEffect(() => {
    takeHandedOver();
  }, []);

  useFilePaste((pasted, event) => {
    // Text pasted into a field (the download limit, the password) stays text.
    if (isTextEntry(event.target) && carriesText(event.clipboardData)) return;
    event.preventDefault();
    add(pasted);
  }, accepting);

  return { files, error, add, remove, check };
}
