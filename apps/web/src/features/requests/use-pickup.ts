import type { RequestView } from '@codedrop/contract';
import { useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { loadOnUse } from '../../lib/api/load-on-use';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { useMessages } from '../../lib/i18n/product-messages';
import type { UnlockFailure } from '../../lib/encryption/open-share';
import type { ListedSubmission, PickupKey } from './listed-submission';
import { isGoneProblem, requestDestroyed, requestProblemWords } from './request-problem-words';
import { mergeSubmissions, newSubmissions } from './submission-merge';
import { useVisiblePolling } from './visible-polling';

export type PickupState =
  | { phase: 'locked'; error?: ProblemMessage }
  | { phase: 'open'; key: PickupKey; submissions: ListedSubmission[] }
  | { phase: 'gone'; message: ProblemMessage };

const loadPickup = () =>
  loadOnUse(async () => {
    const [opening, api] = await Promise.all([
      import('./open-request'),
      import('../../lib/api/requests-api'),
    ]);
    return { ...opening, ...api };
  });

/**
 * The asker's side of a request: the password tried (with the attempts left, as for an
 * encrypted share), then the submissions, kept up to date while the page is visible, and
 * deleted one by one.
 */
export function usePickup(request: RequestView) {
  const { t, i18n } = useLingui();
  const messages = useMessages();
  const [state, setState] = useState<PickupState>({ phase: 'locked' });
  // What the polls compare against: the latest list, not the one of a render long past.
  const latest = useRef<ListedSubmission[]>([]);

  const show = (key: PickupKey, submissions: ListedSubmission[]) => {
    latest.current = submissions;
    setState({ phase: 'open', key, submissions });
  };

  const fail = (failure: UnlockFailure) => {
    switch (failure.reason) {
      case 'wrong-password':
      case 'corrupt':
        toast.error(messages.decryptFailedToast);
        setState({
          phase: 'locked',
          error: {
            title: messages.decryptFailed,
            detail:
              failure.reason === 'wrong-password' && failure.attemptsLeft !== undefined
                ? messages.attemptsLeft(failure.attemptsLeft)
                : undefined,
          },
        });
        return;
      case 'destroyed': {
        const title = requestDestroyed(i18n);
        toast.error(title);
        setState({ phase: 'gone', message: { title } });
        return;
      }
      case 'problem': {
        const message = requestProblemWords(failure.problem, i18n, {
          failureTitle: messages.decryptFailed,
        });
        toast.error(message.title, { description: message.detail });
        setState(
          isGoneProblem(failure.problem)
            ? { phase: 'gone', message }
            : { phase: 'locked', error: message },
        );
      }
    }
  };

  const tryPassword = async (password: string) => {
    const loaded = await loadPickup();
    if (!loaded.ok) return fail({ reason: 'problem', problem: loaded.problem });
    const opened = await loaded.data.openRequest(request, password);
    if (opened.ok) show(opened.key, opened.submissions);
    else fail(opened);
  };

  const refresh = async () => {
    if (state.phase !== 'open') return;
    const { key } = state;
    const loaded = await loadPickup();
    if (!loaded.ok) return;
    const listed = await loaded.data.listSubmissions(request.code, key.pickupToken);
    if (!listed.ok) {
      // A request that ended (expired, ended by its asker) has nothing more to show.
      if (isGoneProblem(listed.problem)) {
        setState({
          phase: 'gone',
          message: requestProblemWords(listed.problem, i18n, { failureTitle: '' }),
        });
      }
      return;
    }
    const fresh = newSubmissions(latest.current, listed.data.submissions);
    const opened = await loaded.data.openSubmissions(key, request.publicKey, fresh);
    show(key, mergeSubmissions(latest.current, listed.data.submissions, opened));
  };

  const remove = async (id: string): Promise<boolean> => {
    if (state.phase !== 'open') return false;
    const { key } = state;
    const loaded = await loadPickup();
    const deleted = loaded.ok
      ? await loaded.data.deleteSubmission(request.code, id, key.pickupToken)
      : loaded;
    if (!deleted.ok) {
      const message = requestProblemWords(deleted.problem, i18n, {
        failureTitle: t`Could not delete the submission`,
      });
      toast.error(message.title, { description: message.detail });
      return false;
    }
    show(
      key,
      latest.current.filter((entry) => entry.id !== id),
    );
    toast.success(t`Submission deleted`);
    return true;
  };

  useVisiblePolling(refresh, state.phase === 'open');

  return { state, tryPassword, remove };
}
