import { Trans } from '@lingui/react/macro';
import { Megaphone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../components/button';
import { useLocalizedPath } from '../../lib/i18n/use-localized-path';
import type { AdConsent } from './consent-store';

export interface ConsentBannerProps {
  current: AdConsent | null;
  onChoose: (consent: AdConsent) => void;
  /** Move focus into the banner (when the visitor opened it from the footer). */
  focusOnOpen?: boolean;
}

/** The advertising choice: a non-blocking bar at the bottom of the page. */
export function ConsentBanner({ current, onChoose, focusOnOpen = false }: ConsentBannerProps) {
  const ref = useRef<HTMLElement>(null);
  const localized = useLocalizedPath();
  useEffect(() => {
    if (focusOnOpen) ref.current?.focus();
  }, [focusOnOpen]);
  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby="ad-consent-title"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-5 shadow-xl focus:outline-none sm:inset-x-6 sm:bottom-6"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <span className="hidden size-10 shrink-0 items-center justify-center rounded-xl bg-brand-100 text-brand-700 sm:flex">
          <Megaphone className="size-5" aria-hidden="true" />
        </span>
        <div className="flex flex-col gap-1 text-sm">
          <h2 id="ad-consent-title" className="font-semibold text-slate-900">
            <Trans>Allow advertising?</Trans>
          </h2>
          <p className="text-slate-600">
            <Trans>
              Ads keep CodeDrop free. If you accept, an ad provider may set cookies and load ads on
              these pages. Until you do, nothing is loaded from it.
            </Trans>{' '}
            <Link
              to={localized('/privacy-policy')}
              className="font-medium text-brand-700 underline"
            >
              <Trans>Privacy Policy</Trans>
            </Link>
            {current === 'granted' && (
              <>
                {' '}
                <Trans>Your current choice: accepted.</Trans>
              </>
            )}
            {current === 'denied' && (
              <>
                {' '}
                <Trans>Your current choice: rejected.</Trans>
              </>
            )}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="secondary" onClick={() => onChoose('denied')}>
            <Trans>Reject advertising</Trans>
          </Button>
          <Button onClick={() => onChoose('granted')}>
            <Trans>Accept advertising</Trans>
          </Button>
        </div>
      </div>
    </section>
  );
}
