import type { AdminRequest } from '@codedrop/contract';
import { Alert } from '../../components/alert';

export const requestSealedNotice =
  'Everything sent to this request is encrypted to the person who asked: the operator sees how many submissions and how big, never what. It can be restored or deleted; it cannot be blocked by hash.';

/** A reported request's public part: the message anyone with the code reads. */
export function RequestContent({ request }: { request: AdminRequest }) {
  const accepts = [request.accepts.files && 'files', request.accepts.text && 'text']
    .filter(Boolean)
    .join(' and ');
  return (
    <div className="flex flex-col gap-4">
      <Alert variant="info" title={requestSealedNotice} />
      <div className="flex flex-col gap-1 text-sm">
        <p className="font-medium text-slate-900">Message for senders</p>
        {request.message === null ? (
          <p className="text-slate-600">No message.</p>
        ) : (
          <pre className="max-h-96 overflow-auto rounded-lg border border-slate-200 bg-slate-50 p-4 whitespace-pre-wrap">
            {request.message}
          </pre>
        )}
      </div>
      <p className="text-sm text-slate-700">Accepts {accepts}.</p>
    </div>
  );
}
