/** What a change says beyond "read the share again". */
export interface ShareChange {
  /** Reports have just put it in quarantine (a live room's devices are told at once). */
  quarantined?: boolean;
}

type Listener = (code: string, change: ShareChange) => void;

/**
 * Tells whoever listens that a share's state changed (docs/design.md#a-creators-live-view):
 * a first view, a download, a report, a submission, an end. The creator's live view
 * (modules/watch/) and live rooms (modules/rooms/) listen; nothing here waits on them.
 */
export function createShareChanges() {
  const listeners: Listener[] = [];
  return {
    changed(code: string, change: ShareChange = {}): void {
      for (const listener of listeners) listener(code, change);
    },
    listen(listener: Listener): void {
      listeners.push(listener);
    },
  };
}

export type ShareChanges = ReturnType<typeof createShareChanges>;
