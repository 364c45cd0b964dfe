import type { RequestView as RequestViewData } from '@codedrop/contract';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowLeft, Inbox, Lock } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../components/alert';
import { Badge } from '../../components/badge';
import { Button } from '../../components/button';
import { Card, CardContent, CardHeader } from '../../components/card';
import { Container } from '../../components/container';
import { IconTile } from '../../components/icon-tile';
import type { ProblemMessage } from '../../lib/api/problem-words';
import { formatDateTime, formatRemaining } from '../../lib/format-date';
import { useLocale } from '../../lib/i18n/locale-context';
import { cn } from '../../lib/cn';
import { useNow } from '../../lib/use-now';
import { PickupPanel } from './pickup-panel';
import { requestFull } from './request-problem-words';
import { SendForm, SentReceipt } from './send-form';

type Side = 'send' | 'pickup';

export interface RequestViewProps {
  request: RequestViewData;
  onExit: () => void;
}

/**
 * A request's code opened (docs/product.md#requests): the asker's message, the form to send
 * to it, and "Pick up" for the asker.
 */
export function RequestView({ request, onExit }: RequestViewProps) {
  const { t, i18n } = useLingui();
  const [side, setSide] = useState<Side>(request.open ? 'send' : 'pickup');
  const [closed, setClosed] = useState<ProblemMessage | null>(
    request.open ? null : { title: requestFull(i18n) },
  );
  const [round, setRound] = useState(0);
  const [sent, setSent] = useState(false);
  const code = request.code;
  return (
    <Container width="md" className="flex flex-col gap-6">
      <title>{t`Request ${code} — CodeDrop`}</title>
      <div>
        <Button variant="ghost" onClick={onExit} className="-ms-3">
          <ArrowLeft aria-hidden="true" className="rtl:-scale-x-100" />
          <Trans>Back to Home</Trans>
        </Button>
      </div>
      <Card>
        <RequestHeader request={request} />
        <CardContent className="flex flex-col gap-6 border-t border-slate-200">
          <div
            role="tablist"
            aria-label={t`Send or pick up`}
            className="grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1"
          >
            <SideTab side="send" current={side} onSelect={setSide}>
              <Trans>Send</Trans>
            </SideTab>
            <SideTab side="pickup" current={side} onSelect={setSide}>
              <Trans>Pick up</Trans>
            </SideTab>
          </div>
          <div role="tabpanel" id={`request-${side}`} aria-labelledby={`request-tab-${side}`}>
            {side === 'pickup' ? (
              <PickupPanel request={request} />
            ) : closed ? (
              <Alert variant="warning" title={closed.title}>
                {closed.detail}
              </Alert>
            ) : sent ? (
              <SentReceipt
                onAgain={() => {
                  setSent(false);
                  setRound(round + 1);
                }}
              />
            ) : (
              <SendForm
                key={round}
                request={request}
                onSent={() => setSent(true)}
                onClosed={setClosed}
              />
            )}
          </div>
        </CardContent>
      </Card>
    </Container>
  );
}

function SideTab({
  side,
  current,
  onSelect,
  children,
}: {
  side: Side;
  current: Side;
  onSelect: (side: Side) => void;
  children: ReactNode;
}) {
  const selected = side === current;
  return (
    <button
      type="button"
      role="tab"
      id={`request-tab-${side}`}
      aria-selected={selected}
      aria-controls={`request-${side}`}
      onClick={() => onSelect(side)}
      className={cn(
        'min-h-10 cursor-pointer rounded-lg px-3 text-sm font-medium transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none',
        selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {children}
    </button>
  );
}

function RequestHeader({ request }: { request: RequestViewData }) {
  const locale = useLocale();
  const now = useNow();
  const code = request.code;
  const left = new Date(request.expiresAt).getTime() - now;
  const remaining = formatRemaining(Math.max(0, left), locale);
  const expires = formatDateTime(request.expiresAt, locale);
  const { files, text } = request.accepts;
  return (
    <CardHeader roomy closed>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-center gap-3">
          <IconTile icon={Inbox} size="lg" />
          <div>
            <h1 className="text-xl font-semibold text-slate-900">
              <Trans>File & Text Request</Trans>
            </h1>
            <p className="text-sm text-slate-600">
              <Trans>
                Code{' '}
                <span
                  dir="ltr"
                  className="font-mono text-base font-semibold tracking-widest text-slate-900"
                >
                  {code}
                </span>
              </Trans>
            </p>
          </div>
        </div>
        <Badge variant="success">
          <Lock aria-hidden="true" />
          <Trans>End-to-end encrypted</Trans>
        </Badge>
      </div>
      {request.message !== null && (
        <figure className="flex flex-col gap-1 rounded-xl border border-slate-200 bg-white p-4">
          <figcaption className="text-sm text-slate-600">
            <Trans>Message from the person who asked</Trans>
          </figcaption>
          {/* Plain text only: React sets it as text, never as markup. */}
          <p dir="auto" className="break-words whitespace-pre-wrap text-slate-900">
            {request.message}
          </p>
        </figure>
      )}
      <dl className="grid gap-3 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-600">
            <Trans>Takes</Trans>
          </dt>
          <dd className="font-medium text-slate-900">
            {files && text ? (
              <Trans>Files and text</Trans>
            ) : files ? (
              <Trans>Files</Trans>
            ) : (
              <Trans>Text</Trans>
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">
            <Trans>Expires</Trans>
          </dt>
          <dd className="font-medium text-slate-900">
            <time dateTime={request.expiresAt}>{expires}</time>{' '}
            <span className="font-normal whitespace-nowrap text-slate-600">
              <Trans>
                (in <span className="tabular-nums">{remaining}</span>)
              </Trans>
            </span>
          </dd>
        </div>
      </dl>
    </CardHeader>
  );
}
