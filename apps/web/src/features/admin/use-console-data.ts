import { useCallback, useEffect, useState } from 'react';
import type { ApiResult, ClientProblem } from '../../lib/api/result';
import { useConsoleResult } from './admin-session';

export type Loaded<T> =
  { phase: 'loading' } | { phase: 'failed'; problem: ClientProblem } | { phase: 'ready'; data: T };

/** Loads one console answer on mount, and again on `reload()` (after an action). */
export function useConsoleData<T>(load: () => Promise<ApiResult<T>>) {
  const [state, setState] = useState<Loaded<T>>({ phase: 'loading' });
  const [round, setRound] = useState(0);
  const interpret = useConsoleResult();
  useEffect(() => {
    let live = true;
    void load().then((result) => {
      if (!live) return;
      const outcome = interpret(result);
      setState(
        'data' in outcome
          ? { phase: 'ready', data: outcome.data }
          : { phase: 'failed', ...outcome },
      );
    });
    return () => {
      live = false;
    };
  }, [load, interpret, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { state, reload };
}
