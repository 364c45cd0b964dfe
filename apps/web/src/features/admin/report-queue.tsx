import { reportReasonLabels, type AdminQueueEntry } from '@codedrop/contract';
import { Link } from 'react-router';
import { Badge } from '../../components/badge';
import { formatDateTime } from '../../lib/format-date';
import { consoleTypeNames } from './console-type-names';
import { StatusBadge } from './status-badge';

/**
 * Reported shares, the most recently reported first. A table on wide screens; below `sm`
 * its rows stack (every cell says what it is), so nothing scrolls sideways on a phone.
 */
export function ReportQueue({ entries }: { entries: AdminQueueEntry[] }) {
  return (
    <section aria-labelledby="queue">
      <h2 id="queue" className="mb-3 text-lg font-semibold text-slate-900">
        Report queue
      </h2>
      {entries.length === 0 ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-sm text-slate-600">
          No reports. Nothing to review.
        </p>
      ) : (
        <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <thead className="hidden bg-slate-50 text-xs text-slate-600 sm:table-header-group">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Code
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Share
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Reports
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Reasons
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Latest report
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {entries.map((entry) => (
                <QueueRow key={entry.code} entry={entry} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const cell = 'block px-4 py-1 sm:table-cell sm:py-3 sm:align-top';

function QueueRow({ entry }: { entry: AdminQueueEntry }) {
  return (
    <tr className="block py-2 sm:table-row sm:py-0">
      <td className={cell}>
        <Link
          to={`/admin/shares/${entry.code}`}
          className="font-mono text-base font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          {entry.code}
        </Link>
      </td>
      <td className={`${cell} space-x-1`}>
        <span className="text-slate-800">{consoleTypeNames[entry.type]}</span>
        {entry.encrypted && <Badge variant="brand">Encrypted</Badge>}
        <StatusBadge status={entry.status} />
      </td>
      <td className={`${cell} text-slate-700`}>
        {entry.reports} {entry.reports === 1 ? 'report' : 'reports'} from {entry.reporters}{' '}
        {entry.reporters === 1 ? 'visitor' : 'visitors'}
      </td>
      <td className={`${cell} text-slate-700`}>
        {entry.reasons
          .map(({ reason, count }) => `${reportReasonLabels[reason]} (${count})`)
          .join(', ')}
      </td>
      <td className={`${cell} text-slate-600`}>{formatDateTime(entry.latestReportAt)}</td>
    </tr>
  );
}
