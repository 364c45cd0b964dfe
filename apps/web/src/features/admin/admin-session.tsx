import type { AdminSession } from '@codedrop/contract';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { Spinner } from '../../components/spinner';
import { currentSession } from '../../lib/api/admin-api';
import type { ApiResult, ClientProblem } from '../../lib/api/result';
import { SignInForm } from './sign-in-form';

interface SessionContext {
  session: AdminSession;
  /** Back to the sign-in form: signed out, or the session ended (a 401 anywhere). */
  end(): void;
}

const Session = createContext<SessionContext | null>(null);

/** The signed-in session of a console page (inside AdminGate only). */
export function useAdminSession(): SessionContext {
  const context = useContext(Session);
  if (context === null) throw new Error('useAdminSession outside AdminGate');
  return context;
}

/**
 * What a failed console call means: a session that ended sends the operator back to the
 * sign-in form; anything else is the problem to show.
 */
export function useConsoleResult() {
  const { end } = useAdminSession();
  return useCallback(
    <T,>(result: ApiResult<T>): { data: T } | { problem: ClientProblem } => {
      if (result.ok) return { data: result.data };
      if (result.problem.status === 401) end();
      return { problem: result.problem };
    },
    [end],
  );
}

type State =
  { phase: 'checking' } | { phase: 'signed-out' } | { phase: 'in'; session: AdminSession };

/**
 * Every console page sits behind this: it asks the server for the current session (the
 * cookie is HttpOnly, so only the server knows) and shows the sign-in form without one.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ phase: 'checking' });
  useEffect(() => {
    let live = true;
    void currentSession().then((result) => {
      if (live)
        setState(result.ok ? { phase: 'in', session: result.data } : { phase: 'signed-out' });
    });
    return () => {
      live = false;
    };
  }, []);
  const end = useCallback(() => setState({ phase: 'signed-out' }), []);
  return (
    <>
      <title>Admin — CodeDrop</title>
      <meta name="robots" content="noindex, nofollow" />
      {state.phase === 'checking' && (
        <div className="flex justify-center py-24" role="status" aria-label="Loading">
          <Spinner />
        </div>
      )}
      {state.phase === 'signed-out' && (
        <SignInForm onSignedIn={(session) => setState({ phase: 'in', session })} />
      )}
      {state.phase === 'in' && (
        <Session.Provider value={{ session: state.session, end }}>{children}</Session.Provider>
      )}
    </>
  );
}
