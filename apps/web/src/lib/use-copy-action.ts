import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { copyText } from './copy-text';

/** Copies and confirms with a toast; `copied` stays true for two seconds for the icon. */
export function useCopyAction() {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), 2000);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  const copy = async (text: string, html?: string) => {
    if (await copyText(text, html)) {
      setCopiedAt(Date.now());
      toast.success('Copied to clipboard');
    } else {
      toast.error('Could not copy', { description: 'Select the text and copy it manually.' });
    }
  };

  return { copied: copiedAt !== null, copy };
}
