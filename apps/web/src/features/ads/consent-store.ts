/**
 * The visitor's advertising choice, kept in localStorage (no cookie). Until it is
 * "granted", no ad code is loaded and no request goes to any ad provider.
 */
export type AdConsent = 'granted' | 'denied';

export const consentStorageKey = 'codedrop:ad-consent';
/** Same-tab writes announce themselves; other tabs hear the `storage` event. */
export const consentChangedEvent = 'codedrop:ad-consent-changed';

export function readConsent(): AdConsent | null {
  try {
    const value = window.localStorage.getItem(consentStorageKey);
    return value === 'granted' || value === 'denied' ? value : null;
  } catch {
    // Storage blocked (privacy settings): treat as undecided, which shows no ads.
    return null;
  }
}

export function writeConsent(consent: AdConsent): void {
  try {
    window.localStorage.setItem(consentStorageKey, consent);
  } catch {
    // Not persisted; the choice still holds for this page through the event below.
  }
  window.dispatchEvent(new CustomEvent(consentChangedEvent, { detail: consent }));
}
