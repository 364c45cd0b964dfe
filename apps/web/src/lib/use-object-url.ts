import { useEffect, useState } from 'react';

/**
 * A blob: URL for `blob` while the component shows it, revoked when it unmounts or the blob
 * changes, so a closed preview does not keep its bytes alive. Null until the first effect.
 */
export function useObjectUrl(blob: Blob): string | null {
  const [url, setUrl] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    const created = URL.createObjectURL(blob);
    setUrl({ blob, url: created });
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url?.blob === blob ? url.url : null;
}
