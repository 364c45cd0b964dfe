import { useEffect, useEffectEvent } from 'react';
import { sharedQuery, takeSharedContent, type SharedContent } from './share-target';

/**
 * On a tool opened by the share sheet (`?shared=1`), hands what was shared to `take` once,
 * and drops the query so that a reload does not look for it again. The hand-over is not
 * cancelled by the effect's cleanup: under StrictMode the second run finds the query gone,
 * and the first run's content must still arrive.
 */
export function useSharedContent(take: (content: SharedContent) => void): void {
  const hand = useEffectEvent((content: SharedContent) => take(content));
  useEffect(() => {
    const url = new URL(window.location.href);
    if (!url.searchParams.has(sharedQuery)) return;
    url.searchParams.delete(sharedQuery);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    void takeSharedContent().then(
      (content) => {
        if (content !== null) hand(content);
      },
      () => undefined,
    );
  }, []);
}
