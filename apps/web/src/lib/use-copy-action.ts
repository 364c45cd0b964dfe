import { useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { copyText } from './copy-text';

/** Copies and confirms with a toast; `copied` stays true for two seconds for the icon. */
export function useCopyAction() {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);
  const { t } = useLingui();

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = setTimeout(() => setCopiedAt(null), 2000);
    return () => clearTimeout(timer);
  }, [copiedAt]);

  const copy = async (text: string, html?: string) => {
    if (await copyText(text, html)) {
      setCopiedAt(Date.now());
      toast.success(t`Copied to clipboard`);
    } else {
      toast.error(t`Could not copy`, { description: t`Select the text and copy it manually.` });
    }
  };

  return { copied: copiedAt !== null, copy };
}
