/** Where creating an encrypted share is, for the progress display of the create pages. */
export type SealProgress =
  | { stage: 'deriving' }
  | { stage: 'encrypting'; done: number; total: number }
  | { stage: 'uploading'; done: number; total: number };

export type SealProgressListener = (progress: SealProgress) => void;

/** 0–100, or null while the stage has no measurable total. */
export function progressPercent(progress: SealProgress): number | null {
  if (progress.stage === 'deriving') return null;
  if (progress.total <= 0) return 100;
  return Math.min(100, Math.floor((progress.done / progress.total) * 100));
}
