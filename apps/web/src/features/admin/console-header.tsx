import { LogOut, MonitorX } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../components/alert';
import { Button } from '../../components/button';
import { signOut, signOutEverywhere } from '../../lib/api/admin-api';
import { useAdminSession, useConsoleResult } from './admin-session';
import { problemText } from './problem-text';

/**
 * The heading of every signed-in console page, with its navigation, Sign out, and Sign out
 * everywhere (every session in every browser ends, as after a stolen cookie).
 */
export function ConsoleHeader({ title }: { title: string }) {
  const { session, end } = useAdminSession();
  const interpret = useConsoleResult();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const endEverywhere = async () => {
    setError(null);
    const outcome = interpret(await signOutEverywhere(session));
    if ('problem' in outcome) return setError(problemText(outcome.problem));
    end();
    void navigate('/admin');
  };
  return (
    <header className="mb-6 flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
        <nav aria-label="Console" className="flex flex-wrap items-center gap-2 text-sm">
          <Link className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100" to="/admin">
            Reports
          </Link>
          <Link
            className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100"
            to="/admin/audit"
          >
            Audit log
          </Link>
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              void signOut(session).then(() => {
                end();
                void navigate('/admin');
              })
            }
          >
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
          <Button variant="secondary" size="sm" onClick={() => void endEverywhere()}>
            <MonitorX aria-hidden="true" />
            Sign out everywhere
          </Button>
        </nav>
      </div>
      {error !== null && <Alert variant="error" title={error} />}
    </header>
  );
}
