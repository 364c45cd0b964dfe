/**
 * Tells whoever listens that a share's state changed (docs/design.md#a-creators-live-view):
 * a first view, a download, a report, a submission, an end. The creator's live view
 * (modules/watch/) listens; nothing here waits on it.
 */
export function createShareChanges() {
  const listeners: Array<(code: string) => void> = [];
  return {
    changed(code: string): void {
      for (const listener of listeners) listener(code);
    },
    listen(listener: (code: string) => void): void {
      listeners.push(listener);
    },
  };
}

export type ShareChanges = ReturnType<typeof createShareChanges>;
