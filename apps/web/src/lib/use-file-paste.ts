import { useEffect, useEffectEvent } from 'react';
import { namePastedFiles } from './pasted-files';
import { filesFromTransfer } from './transfer-files';

/**
 * Calls `onFiles` with the files of every paste on the page (Ctrl+V / Cmd+V anywhere, not
 * only in a field), already named by namePastedFiles. A paste without files is left alone,
 * so text pastes behave as always; whether to stop the browser's own paste is `onFiles`'s
 * call, through the event.
 */
export function useFilePaste(
  onFiles: (files: File[], event: ClipboardEvent) => void,
  enabled = true,
): void {
  const handle = useEffectEvent((event: ClipboardEvent) => {
    const files = filesFromTransfer(event.clipboardData);
    if (files.length > 0) onFiles(namePastedFiles(files), event);
  });
  useEffect(() => {
    if (!enabled) return;
    const listener = (event: ClipboardEvent) => handle(event);
    document.addEventListener('paste', listener);
    return () => document.removeEventListener('paste', listener);
  }, [enabled]);
}
