declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

/** The ad provider's loader; the CSP allows its origins only when ADS_CLIENT_ID is set. */
export const adScriptOrigin = 'https://pagead2.googlesyndication.com';

/** Adds the provider's script once, the first time a slot shows after consent. */
export function loadAdScript(clientId: string): void {
  if (adScriptLoaded()) return;
  const script = document.createElement('script');
  script.dataset.codedropAds = '';
  script.async = true;
  script.crossOrigin = 'anonymous';
  script.src = `${adScriptOrigin}/pagead/js/adsbygoogle.js?client=${encodeURIComponent(clientId)}`;
  document.head.appendChild(script);
}

export function adScriptLoaded(): boolean {
  return document.head.querySelector('script[data-codedrop-ads]') !== null;
}

/** Asks the provider to fill the slots added since the last call. */
export function requestAd(): void {
  (window.adsbygoogle ??= []).push({});
}
