import { LogOut } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../components/button';
import { signOut } from '../../lib/api/admin-api';
import { useAdminSession } from './admin-session';

/** The heading of every signed-in console page, with its navigation and Sign out. */
export function ConsoleHeader({ title }: { title: string }) {
  const { session, end } = useAdminSession();
  const navigate = useNavigate();
  return (
    <header className="mb-6 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <nav aria-label="Console" className="flex flex-wrap items-center gap-2 text-sm">
        <Link className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100" to="/admin">
          Reports
        </Link>
        <Link className="rounded-md px-3 py-2 text-slate-700 hover:bg-slate-100" to="/admin/audit">
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
      </nav>
    </header>
  );
}
