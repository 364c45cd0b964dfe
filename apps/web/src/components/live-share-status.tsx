import type { ShareState } from '@codedrop/contract';
import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { cn } from '../lib/cn';
import { formatCountIn } from '../lib/i18n/format-numbers';
import { useShareState } from './use-share-state';

/**
 * docs/product.md#result-card: what has become of the share since it was made, while its
 * result card is open ("Opened · Downloads: 2 of 10"), read to screen readers as it
 * changes. Its line is kept from the first render, so nothing below it moves when the
 * first state arrives; it goes only when the server will not say (an older server, say).
 */
export function LiveShareStatus({ code, deleteToken }: { code: string; deleteToken: string }) {
  const { state, connection } = useShareState(code, deleteToken);
  const { t, i18n } = useLingui();
  if (state === null && connection === 'closed') return null;

  const count = (value: number) => formatCountIn(i18n.locale, value);
  /** How the share ended, in a word or two; null while it is live. */
  const endWords = ({ standing, submissions }: ShareState): string | null => {
    switch (standing) {
      case 'live':
      case 'uploading':
        return null;
      case 'burnt':
        return t`Viewed and burnt`;
      case 'exhausted':
        return t`All downloads used`;
      case 'expired':
        return t`Expired`;
      case 'deleted':
        // A request is ended ("End request now"), a share deleted.
        return submissions === null ? t`Deleted` : t`Ended`;
      case 'destroyed':
        return t`Destroyed after too many wrong passwords`;
      case 'quarantined':
        return t`Held for review`;
      case 'removed':
        return t`Removed`;
    }
  };
  const ended = state === null ? null : endWords(state);
  const items: string[] = [];
  if (state === null) {
    items.push(t`Checking…`);
  } else {
    if (ended !== null) items.push(ended);
    if (state.standing !== 'burnt') items.push(state.viewed ? t`Opened` : t`Not opened yet`);
    if (state.downloads !== null) {
      const taken = count(state.downloads.count);
      const max = count(state.downloads.max);
      items.push(t`Downloads: ${taken} of ${max}`);
    }
    if (state.submissions !== null) {
      const submissions = count(state.submissions);
      items.push(t`Submissions: ${submissions}`);
    }
    if (state.reports > 0) items.push(t`Reported`);
    if (ended === null && connection === 'reconnecting') items.push(t`Reconnecting…`);
  }
  const live = ended === null && state !== null && connection === 'open';

  return (
    <p
      role="status"
      data-share-status={state?.standing ?? 'connecting'}
      className="flex min-h-5 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600"
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 shrink-0 rounded-full',
          // Grey once nothing more will come: an end, or a refusal after a state.
          ended !== null || connection === 'closed'
            ? 'bg-slate-400'
            : live
              ? 'bg-emerald-500'
              : 'animate-pulse bg-amber-500',
        )}
      />
      {items.map((item, index) => (
        <Fragment key={item}>
          {index > 0 && <span aria-hidden="true">·</span>}
          <span className={index === 0 && ended !== null ? 'font-medium text-slate-800' : ''}>
            {item}
          </span>
        </Fragment>
      ))}
    </p>
  );
}
