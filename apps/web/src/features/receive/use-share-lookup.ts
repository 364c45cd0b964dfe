import type { RequestView, RoomView, ShareView } from '@codedrop/contract';
import { useLingui } from '@lingui/react';
import { useEffect, useState, type ComponentType } from 'react';
import type { ProblemMessage } from '../../lib/api/problem-words';
import type { ClientProblem } from '../../lib/api/result';
import { loadViewer } from './viewer-loader';

/** What shows a request found under a code (features/requests, given by the app layer). */
export type RequestViewComponent = ComponentType<{ request: RequestView; onExit: () => void }>;
export type LoadRequestView = () => Promise<RequestViewComponent>;

/** What shows a live room found under a code (features/rooms, given by the app layer). */
export type RoomViewComponent = ComponentType<{ room: RoomView; onExit: () => void }>;
export type LoadRoomView = () => Promise<RoomViewComponent>;

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
  | { status: 'request'; request: RequestView; View: RequestViewComponent }
  | { status: 'room'; room: RoomView; View: RoomViewComponent };

/** The views of what else a code may open, given by the app layer. */
interface OtherViews {
  loadRequestView?: LoadRequestView;
  loadRoomView?: LoadRoomView;
}

type Other = Extract<Lookup, { status: 'request' | 'room' }>;

/**
 * A request's or a room's code: the share lookup's 404 says which (`kind`), so a share is
 * found as fast as before and a code of neither costs one miss. With it comes the view that
 * shows it. A failed lookup of its own says why (expired meanwhile, …); a view that did not
 * load, what the share lookup said.
 */
async function lookUpOther(
  code: string,
  problem: ClientProblem,
  views: OtherViews,
  signal: AbortSignal,
): Promise<Other | { failed: ClientProblem } | null> {
  if (problem.status !== 404) return null;
  try {
    if (problem.kind === 'request' && views.loadRequestView !== undefined) {
      const [{ getRequest }, View] = await Promise.all([
        import('../../lib/api/requests-api'),
        views.loadRequestView(),
      ]);
      const found = await getRequest(code, signal);
      return found.ok ? { status: 'request', request: found.data, View } : null;
    }
    if (problem.kind === 'room' && views.loadRoomView !== undefined) {
      const [{ getRoom }, View] = await Promise.all([
        import('../../lib/api/rooms-api'),
        views.loadRoomView(),
      ]);
      const found = await getRoom(code, signal);
      return found.ok ? { status: 'room', room: found.data, View } : { failed: found.problem };
    }
  } catch (error) {
    // The view did not load: the code reads as the share lookup said.
    console.error('Could not load part of the page', error);
  }
  return null;
}

/**
 * Looks up `code` once per attempt (a navigation key), so submitting the same code again
 * asks the server again. No code: idle.
 */
export function useShareLookup(
  code: string | undefined,
  attempt: string,
  loadRequestView?: LoadRequestView,
  loadRoomView?: LoadRoomView,
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
      const other = result.ok
        ? null
        : await lookUpOther(
            code,
            result.problem,
            { loadRequestView, loadRoomView },
            controller.signal,
          );
      // The viewer's modules were just evaluated in this task: the share is drawn in the
      // next one, so that a phone's CPU does not do both before it can answer a tap.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (controller.signal.aborted) return;
      let lookup: Lookup;
      if (result.ok) lookup = { status: 'found', share: result.data };
      else if (other === null) {
        lookup = { status: 'failed', code, message: problemWords('lookup', result.problem, i18n) };
      } else if ('failed' in other) {
        lookup = { status: 'failed', code, message: problemWords('lookup', other.failed, i18n) };
      } else lookup = other;
      setSettled({ key, lookup });
    });
    return () => controller.abort();
  }, [code, key, i18n, loadRequestView, loadRoomView]);

  if (code === undefined) return { status: 'idle' };
  if (settled?.key !== key) return { status: 'loading', code };
  return settled.lookup;
}
