import type { ShareView } from '@codedrop/contract';
import { useEffect, useState } from 'react';
import type { ClientProblem } from '../../lib/api/result';

/** How often a share still uploading is asked for again (the bound: once a second). */
export const uploadPollMs = 1_000;

export interface LiveShare {
  share: ShareView;
  /** Set when a poll found the share gone (deleted, expired, abandoned): polling has stopped. */
  gone: ClientProblem | null;
}

/**
 * The share as it is now: while its upload runs (`status: "uploading"`), asked for again
 * once a second, so the recipient watches the percentage rise and gets the download the
 * moment the last byte is stored. Stops when it is ready, gone, or the page leaves.
 */
export function useLiveShare(initial: ShareView): LiveShare {
  const [live, setLive] = useState<LiveShare>({ share: initial, gone: null });
  const [prev, setPrev] = useState(initial);
  // A new lookup (another code, or the same one asked again) starts over from its answer.
  if (prev !== initial) {
    setPrev(initial);
    setLive({ share: initial, gone: null });
  }
  const { share, gone } = live;
  const polling = share.status === 'uploading' && gone === null;
  useEffect(() => {
    if (!polling) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void import('../../lib/api/lookup-api').then(async ({ getShare }) => {
        const result = await getShare(share.code, controller.signal);
        if (controller.signal.aborted) return;
        if (result.ok) {
          setLive({ share: result.data, gone: null });
          return;
        }
        const { status } = result.problem;
        // Gone for good ends the wait; a blip keeps what is shown and the next poll retries.
        if (status === 404 || status === 410) setLive({ share, gone: result.problem });
        else setLive({ share: { ...share }, gone: null });
      });
    }, uploadPollMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [share, polling]);
  return live;
}
