import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Container } from '../../components/container';
import { useConfig } from '../../lib/config-context';
import { loadAdScript, requestAd } from './ad-script';
import type { AdFormat } from './ad-slots';
import { useAdConsent } from './use-ad-consent';

export interface AdSlotProps {
  /** The provider's slot id (see ad-slots.ts). */
  slot: string;
  format?: AdFormat;
}

/**
 * An ad placement. Renders nothing at all unless the server has an ad client
 * (ADS_CLIENT_ID, served as adsClientId) and the visitor has accepted advertising.
 */
export function AdSlot({ slot, format = 'auto' }: AdSlotProps) {
  const { adsClientId } = useConfig();
  // Without an ad client the visitor's choice is not read at all (ad-consent-control.tsx).
  if (adsClientId === null) return null;
  return <ConsentedAdUnit clientId={adsClientId} slot={slot} format={format} />;
}

function ConsentedAdUnit(props: { clientId: string; slot: string; format: AdFormat }) {
  const consent = useAdConsent();
  return consent === 'granted' ? <AdUnit {...props} /> : null;
}

function AdUnit({ clientId, slot, format }: { clientId: string; slot: string; format: AdFormat }) {
  const requested = useRef(false);
  const { t } = useLingui();
  useEffect(() => {
    loadAdScript(clientId);
    // Once per mounted unit: the provider rejects a second fill of the same element.
    if (requested.current) return;
    requested.current = true;
    requestAd();
  }, [clientId]);
  return (
    <Container width="md">
      <aside
        aria-label={t`Advertisement`}
        className="flex flex-col gap-1 rounded-2xl border border-slate-200 bg-white p-3"
      >
        <p className="text-center text-xs text-slate-600">{t`Advertisement`}</p>
        <ins
          className="adsbygoogle block min-h-[90px]"
          data-ad-client={clientId}
          data-ad-slot={slot}
          data-ad-format={format}
          data-full-width-responsive="true"
        />
      </aside>
    </Container>
  );
}
