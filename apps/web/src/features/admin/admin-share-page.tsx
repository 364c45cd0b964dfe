import {
  formatBytes,
  reportReasonLabels,
  type AdminReport,
  type AdminShare,
} from '@codedrop/contract';
import { ArrowLeft, Lock } from 'lucide-react';
import { useCallback, useMemo } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/card';
import { Container } from '../../components/container';
import { Spinner } from '../../components/spinner';
import { fetchShare } from '../../lib/api/admin-api';
import { formatDateTime } from '../../lib/format-date';
import { sanitizeNoteHtml } from '../../lib/sanitize-note';
import { AdminGate } from './admin-session';
import { problemText } from './problem-text';
import { ConsoleHeader } from './console-header';
import { consoleTypeNames } from './console-type-names';
import { FileBytesPreview } from './file-bytes-preview';
import { RequestContent } from './request-content';
import { ShareActions } from './share-actions';
import { StatusBadge } from './status-badge';
import { useConsoleData } from './use-console-data';

export const sealedNotice =
  'This share is encrypted in the browser: its content is unreadable to the operator. It can only be deleted, or blocked by the hash of its ciphertext.';

/** `/admin/shares/{code}`: one reported share, its reports and what can be done. */
export function AdminSharePage() {
  return (
    <AdminGate>
      <ShareReview />
    </AdminGate>
  );
}

function ShareReview() {
  const { code = '' } = useParams();
  const load = useCallback(() => fetchShare(code), [code]);
  const { state, reload } = useConsoleData(load);
  return (
    <Container width="md" className="py-10">
      <ConsoleHeader title={`Share ${code}`} />
      <Link
        to="/admin"
        className="mb-4 inline-flex items-center gap-2 text-sm text-slate-700 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the queue
      </Link>
      {state.phase === 'loading' && <Spinner />}
      {state.phase === 'failed' && <Alert variant="error" title={problemText(state.problem)} />}
      {state.phase === 'ready' && <ShareDetail share={state.data} onChanged={reload} />}
    </Container>
  );
}

function ShareDetail({ share, onChanged }: { share: AdminShare; onChanged: () => void }) {
  const details: Array<[string, string]> = [
    ['Type', consoleTypeNames[share.type]],
    ['Created', formatDateTime(share.createdAt)],
    ['Expires', formatDateTime(share.expiresAt)],
    ['Held since', share.quarantinedAt === null ? '—' : formatDateTime(share.quarantinedAt)],
    ['Size', formatBytes(share.size)],
    share.request === null
      ? [
          'Downloads',
          share.maxDownloads === null ? '—' : `${share.downloadCount} of ${share.maxDownloads}`,
        ]
      : ['Submissions', `${share.request.submissions} of ${share.request.maxSubmissions}`],
  ];
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader row>
          <CardTitle>Details</CardTitle>
          <StatusBadge status={share.status} />
          {share.encrypted && (
            <Badge variant="brand">
              <Lock aria-hidden="true" />
              Encrypted
            </Badge>
          )}
        </CardHeader>
        <CardContent className="flex flex-col gap-6">
          <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
            {details.map(([label, value]) => (
              <div key={label}>
                <dt className="text-slate-600">{label}</dt>
                <dd className="font-medium text-slate-900">{value}</dd>
              </div>
            ))}
          </dl>
          <ShareActions share={share} onChanged={onChanged} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Content</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {share.request !== null ? (
            <RequestContent request={share.request} />
          ) : share.encrypted ? (
            <Alert variant="info" title={sealedNotice} />
          ) : (
            <PlainContent share={share} />
          )}
          {share.files.length > 0 && <FileList share={share} />}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Reports ({share.reports.length})</CardTitle>
        </CardHeader>
        <CardContent>
          {share.reports.length === 0 ? (
            <p className="text-sm text-slate-600">No reports.</p>
          ) : (
            <ul className="divide-y divide-slate-200">
              {share.reports.map((report, index) => (
                <ReportItem key={index} report={report} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function PlainContent({ share }: { share: AdminShare }) {
  // The stored note is sanitized already; the console renders it as the viewer does.
  const note = useMemo(
    () => (share.noteHtml === null ? null : sanitizeNoteHtml(share.noteHtml)),
    [share.noteHtml],
  );
  if (share.text !== null) {
    return (
      <pre className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm whitespace-pre-wrap">
        {share.text}
      </pre>
    );
  }
  if (note !== null) {
    return (
      <div
        className="note-content max-h-96 overflow-auto rounded-lg border border-slate-200 p-4"
        dangerouslySetInnerHTML={{ __html: note }}
      />
    );
  }
  return null;
}

function FileList({ share }: { share: AdminShare }) {
  return (
    <ul className="flex flex-col gap-4">
      {share.files.map((file) => (
        <li key={file.index} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4">
          <p className="font-medium break-all text-slate-900">
            {file.name ?? `Encrypted file ${file.index + 1}`}
          </p>
          <p className="text-xs text-slate-600">
            {formatBytes(file.size)}
            {file.type !== null && ` · ${file.type}`}
          </p>
          <p className="font-mono text-xs break-all text-slate-600">
            SHA-256 {file.sha256 ?? 'not yet computed'}
          </p>
          {!share.encrypted && <FileBytesPreview code={share.code} file={file} />}
        </li>
      ))}
    </ul>
  );
}

function ReportItem({ report }: { report: AdminReport }) {
  return (
    <li className="flex flex-col gap-1 py-3 text-sm">
      <p className="font-medium text-slate-900">
        {reportReasonLabels[report.reason]}
        <span className="ml-2 font-normal text-slate-600">{formatDateTime(report.createdAt)}</span>
      </p>
      {report.message !== null && (
        <p className="whitespace-pre-wrap text-slate-800">{report.message}</p>
      )}
      <p className="text-xs text-slate-600">
        Reporter {report.reporter}
        {report.email !== null && ` · contact ${report.email}`}
      </p>
    </li>
  );
}
