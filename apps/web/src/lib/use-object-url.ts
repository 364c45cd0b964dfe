import { useCallback, useEffect, useState } from 'react';

export interface ObjectUrl {
  /** Null until the first effect. */
  url: string | null;
  /** Revokes the URL now (again is harmless): for an element that has loaded what it shows. */
  revoke: () => void;
}

/**
 * A blob: URL for `blob` while the component shows it, revoked when it unmounts or the blob
 * changes (so a closed preview does not keep its bytes alive), or sooner by `revoke`. A
 * revoked address loads nothing, so an element that already decoded its bytes keeps showing
 * them while the address, copied or opened in a tab of its own, leads nowhere.
 */
export function useObjectUrl(blob: Blob): ObjectUrl {
  const [url, setUrl] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    const created = URL.createObjectURL(blob);
    setUrl({ blob, url: created });
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  const current = url?.blob === blob ? url.url : null;
  const revoke = useCallback(() => {
    if (current !== null) URL.revokeObjectURL(current);
  }, [current]);
  return { url: current, revoke };
}
