import type { ShareView } from '@codedrop/contract';
import { useEffect, useState } from 'react';
import { lookupProblemMessage, type ProblemMessage } from '../../lib/api/problem-message';
import { getShare } from '../../lib/api/shares-api';

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

  useEffect(() => {
    if (code === undefined) return;
    const controller = new AbortController();
    void getShare(code, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setSettled({
        key,
        lookup: result.ok
          ? { status: 'found', share: result.data }
          : { status: 'failed', code, message: lookupProblemMessage(result.problem) },
      });
    });
    return () => controller.abort();
  }, [code, key]);

  if (code === undefined) return { status: 'idle' };
  if (settled?.key !== key) return { status: 'loading', code };
  return settled.lookup;
}
