import { Alert } from '../../components/alert';
import { Container } from '../../components/container';
import { Spinner } from '../../components/spinner';
import { fetchAudit } from '../../lib/api/admin-api';
import { formatDateTime } from '../../lib/format-date';
import { AdminGate } from './admin-session';
import { problemText } from './problem-text';
import { ConsoleHeader } from './console-header';
import { useConsoleData } from './use-console-data';

/** `/admin/audit`: every sign-in and action, newest first. */
export function AdminAuditPage() {
  return (
    <AdminGate>
      <AuditLog />
    </AdminGate>
  );
}

const cell = 'block px-4 py-1 sm:table-cell sm:py-2';

function AuditLog() {
  const { state } = useConsoleData(fetchAudit);
  return (
    <Container className="py-10">
      <ConsoleHeader title="Audit log" />
      {state.phase === 'loading' && <Spinner />}
      {state.phase === 'failed' && <Alert variant="error" title={problemText(state.problem)} />}
      {state.phase === 'ready' && (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="hidden bg-slate-50 text-xs text-slate-600 sm:table-header-group">
              <tr>
                {['Time', 'Action', 'Code', 'Session', 'Address hash', 'Detail'].map((name) => (
                  <th key={name} scope="col" className="px-4 py-3 font-medium">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {state.data.entries.map((entry, index) => (
                <tr key={index} className="block py-2 sm:table-row sm:py-0">
                  <td className={`${cell} text-slate-600`}>{formatDateTime(entry.at)}</td>
                  <td className={`${cell} font-medium text-slate-900`}>{entry.action}</td>
                  <td className={`${cell} font-mono`}>
                    {entry.code !== null && <PhoneLabel>Code</PhoneLabel>}
                    {entry.code ?? ''}
                  </td>
                  <td className={`${cell} font-mono text-slate-600`}>
                    {entry.session !== null && <PhoneLabel>Session</PhoneLabel>}
                    {entry.session ?? ''}
                  </td>
                  <td className={`${cell} font-mono text-slate-600`}>
                    <PhoneLabel>Address</PhoneLabel>
                    {entry.ip}
                  </td>
                  <td className={`${cell} font-mono text-xs break-all text-slate-600`}>
                    {entry.detail ?? ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Container>
  );
}

/** On phones the rows stack without the table's header: each hash says what it is. */
function PhoneLabel({ children }: { children: string }) {
  return <span className="mr-2 font-sans text-xs text-slate-500 sm:hidden">{children}</span>;
}
