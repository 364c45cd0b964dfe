import type { ShareView } from '@codedrop/contract';
import { useLingui } from '@lingui/react';
import { useEffect, useState } from 'react';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { loadViewer } from './viewer-loader';

/** The API client and its validator, loaded with the first lookup rather than the page. */
const loadClient = async () => {
  const [{ getShare }, { problemWords }] = await Promise.all([
    import('../../lib/api/lookup-api'),
    import('../../lib/api/problem-words'),
  ]);
  return { getShare, problemWords };
};

export type Lookup =
  | { status: 'idle' }
  | { status: 'loading'; code: string }
  | { status: 'failed'; code: string; message: ProblemMessage }
  | { status: 'found'; share: ShareView };

/**
 * Looks up `code` once per attempt (a navigation key), so submitting the same code again
 * asks the server again. No code: idle.
 */
export function useShareLookup(code: string | undefined, attempt: string): Lookup {
  const key = `${attempt}:${code ?? ''}`;
  const [settled, setSettled] = useState<{ key: string; lookup: Lookup } | null>(null);
  const { i18n } = useLingui();

  useEffect(() => {
    if (code === undefined) return;
    const controller = new AbortController();
    // The viewer shows the share's dates: their locale data loads while the share is asked for.
    void import('../../lib/format-date').then(({ warmDateTimeFormat }) =>
      warmDateTimeFormat(i18n.locale),
    );
    void loadClient().then(async ({ getShare, problemWords }) => {
      // The viewer loads while the share is asked for; a share counts as found with it.
      const [result] = await Promise.all([getShare(code, controller.signal), loadViewer()]);
      // The viewer's modules were just evaluated in this task: the share is drawn in the
      // next one, so that a phone's CPU does not do both before it can answer a tap.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (controller.signal.aborted) return;
      setSettled({
        key,
        lookup: result.ok
          ? { status: 'found', share: result.data }
          : { status: 'failed', code, message: problemWords('lookup', result.problem, i18n) },
      });
    });
    return () => controller.abort();
  }, [code, key, i18n]);

  if (code === undefined) return { status: 'idle' };
  if (settled?.key !== key) return { status: 'loading', code };
  return settled.lookup;
}
