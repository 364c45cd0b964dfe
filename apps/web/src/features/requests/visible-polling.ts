import { useEffect, useEffectEvent } from 'react';

/** How often an open pickup asks for new submissions. */
export const pollIntervalMs = 5_000;

/**
 * Calls `poll` every `intervalMs` while the page is visible: a hidden tab asks nothing, and
 * one shown again asks at once, then on the interval. A poll still running is not doubled.
 * Returns the stop function.
 */
export function startVisiblePolling(
  poll: () => Promise<unknown>,
  intervalMs: number,
  doc: Document = document,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;
  let stopped = false;

  const schedule = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!stopped && doc.visibilityState === 'visible') timer = setTimeout(tick, intervalMs);
  };
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await poll();
    } finally {
      running = false;
      schedule();
    }
  };
  const onVisibility = () => {
    if (doc.visibilityState === 'visible') void tick();
    else schedule();
  };

  doc.addEventListener('visibilitychange', onVisibility);
  schedule();
  return () => {
    stopped = true;
    clearTimeout(timer);
    doc.removeEventListener('visibilitychange', onVisibility);
  };
}

/** {@link startVisiblePolling} while `enabled` and the component is mounted. */
export function useVisiblePolling(poll: () => Promise<unknown>, enabled: boolean): void {
  const onPoll = useEffectEvent(poll);
  useEffect(() => {
    if (!enabled) return;
    return startVisiblePolling(() => onPoll(), pollIntervalMs);
  }, [enabled]);
}
