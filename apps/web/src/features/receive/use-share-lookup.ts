import type { RequestView, ShareView } from '@codedrop/contract';
import { useLingui } from '@lingui/react';
import { useEffect, useState, type ComponentType } from 'react';
import type { ProblemMessage } from '../../lib/api/problem-words';
import type { ClientProblem } from '../../lib/api/result';
import { loadViewer } from './viewer-loader';

/** What shows a request found under a code (features/requests, given by the app layer). */
export type RequestViewComponent = ComponentType<{ request: RequestView; onExit: () => void }>;
export type LoadRequestView = () => Promise<RequestViewComponent>;

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
  | { status: 'found'; share: ShareView }
  | { status: 'request'; request: RequestView; View: RequestViewComponent };

/**
 * A code no share has may be a request's: asked only after the share lookup's 404, so a
 * share is found as fast as before. With the request comes the view that shows it.
 */
async function lookUpRequest(
  code: string,
  problem: ClientProblem,
  loadRequestView: LoadRequestView | undefined,
  signal: AbortSignal,
): Promise<{ request: RequestView; View: RequestViewComponent } | null> {
  if (problem.status !== 404 || loadRequestView === undefined) return null;
  try {
    const [{ getRequest }, View] = await Promise.all([
      import('../../lib/api/requests-api'),
      loadRequestView(),
    ]);
    const found = await getRequest(code, signal);
    return found.ok ? { request: found.data, View } : null;
  } catch (error) {
    // The request view did not load: the code reads as the share lookup said.
    console.error('Could not load part of the page', error);
    return null;
  }
}

/**
 * Looks up `code` once per attempt (a navigation key), so submitting the same code again
 * asks the server again. No code: idle.
 */
export function useShareLookup(
  code: string | undefined,
  attempt: string,
  loadRequestView?: LoadRequestView,
): Lookup {
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
      const request = result.ok
        ? null
        : await lookUpRequest(code, result.problem, loadRequestView, controller.signal);
      // The viewer's modules were just evaluated in this task: the share is drawn in the
      // next one, so that a phone's CPU does not do both before it can answer a tap.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (controller.signal.aborted) return;
      setSettled({
        key,
        lookup: result.ok
          ? { status: 'found', share: result.data }
          : request
            ? { status: 'request', ...request }
            : { status: 'failed', code, message: problemWords('lookup', result.problem, i18n) },
      });
    });
    return () => controller.abort();
  }, [code, key, i18n, loadRequestView]);

  if (code === undefined) return { status: 'idle' };
  if (settled?.key !== key) return { status: 'loading', code };
  return settled.lookup;
}
