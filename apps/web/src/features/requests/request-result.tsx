import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert } from '../../components/alert';
import { ShareResult } from '../../components/share-result';
import { formatDuration } from '../../lib/format-date';
import type { CreatedRequest } from './request-form';

/** docs/product.md#requests, after creation: the code, link and QR code, and how to pick up. */
export function RequestResult({
  created,
  onReset,
}: {
  created: CreatedRequest;
  onReset: () => void;
}) {
  const { t, i18n } = useLingui();
  const { request, expiresInSeconds, maxSubmissions } = created;
  const code = request.code;
  const duration = formatDuration(expiresInSeconds, i18n.locale);
  const submissions = t`${plural(maxSubmissions, { one: '# submission', other: '# submissions' })}`;
  return (
    <ShareResult
      title={t`🔒 Request Created!`}
      code={code}
      expiresAt={request.expiresAt}
      deleteToken={request.deleteToken}
      kind="request"
      resetLabel={t`Create Another Request`}
      onReset={onReset}
      instructions={[
        <Trans>
          Give the code <strong dir="ltr">{code}</strong> (or the link) to whoever should send you
          something.
        </Trans>,
        t`They open it, add files or text and press Send: it is encrypted in their browser.`,
        t`To pick up, open the code yourself, choose Pick up and enter your password.`,
      ]}
    >
      <div>
        <h3 className="text-sm font-semibold text-slate-900">
          <Trans>Request details</Trans>
        </h3>
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          <dt className="text-slate-600">
            <Trans>Accepts</Trans>
          </dt>
          <dd className="font-medium text-slate-900">
            <Trans>Up to {submissions}</Trans>
          </dd>
          <dt className="text-slate-600">
            <Trans>Lifetime</Trans>
          </dt>
          <dd className="font-medium text-slate-900">{duration}</dd>
        </dl>
      </div>
      <Alert variant="warning" title={t`Keep your password`}>
        <Trans>
          Only your password opens what is sent. It is never stored anywhere: if you lose it, nobody
          can open the submissions.
        </Trans>
      </Alert>
    </ShareResult>
  );
}
