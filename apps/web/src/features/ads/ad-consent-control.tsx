import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useConfig } from '../../lib/config-context';
import { adScriptLoaded } from './ad-script';
import { ConsentBanner } from './consent-banner';
import { writeConsent, type AdConsent } from './consent-store';
import { useAdConsent } from './use-ad-consent';

/**
 * The footer's "Change advertising consent" button and the banner it reopens. The banner
 * also shows by itself while the visitor has not chosen. With no ad client configured
 * there is nothing to consent to, so neither renders, and the stored choice is not even read
 * (the page's first localStorage read costs several milliseconds of its start).
 */
export function AdConsentControl({ className }: { className?: string }) {
  const { adsClientId } = useConfig();
  return adsClientId === null ? null : <ConsentControl className={className} />;
}

function ConsentControl({ className }: { className?: string }) {
  const consent = useAdConsent();
  const [reopened, setReopened] = useState(false);
  if (consent === undefined) return null;

  const choose = (next: AdConsent) => {
    writeConsent(next);
    setReopened(false);
    // Withdrawing consent must also stop ad code that is already running: start afresh.
    if (next === 'denied' && adScriptLoaded()) window.location.reload();
  };

  return (
    <>
      <button
        type="button"
        onClick={() => setReopened(true)}
        className={`cursor-pointer underline-offset-2 hover:text-brand-700 hover:underline ${className ?? ''}`}
      >
        <Trans>Change advertising consent</Trans>
      </button>
      {(consent === null || reopened) && (
        <ConsentBanner current={consent} onChoose={choose} focusOnOpen={reopened} />
      )}
    </>
  );
}
