import { useSyncExternalStore } from 'react';
import {
  consentChangedEvent,
  consentStorageKey,
  readConsent,
  type AdConsent,
} from './consent-store';

/**
 * docs/content.md#ads-and-consent: the consent state is read every second, and at once on storage
 * events.
 */
export const consentPollMs = 1000;

function subscribe(onChange: () => void): () => void {
  const timer = window.setInterval(onChange, consentPollMs);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === consentStorageKey) onChange();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(consentChangedEvent, onChange);
  return () => {
    window.clearInterval(timer);
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(consentChangedEvent, onChange);
  };
}

/**
 * The current choice: "granted", "denied", null while undecided, and undefined during the
 * prerender and hydration (the server cannot know it, so nothing ad-related renders).
 */
export function useAdConsent(): AdConsent | null | undefined {
  return useSyncExternalStore(subscribe, readConsent, () => undefined);
}
