import { useSyncExternalStore } from 'react';

/**
 * WebCrypto's `subtle` exists only in secure contexts (https, localhost, 127.0.0.1); served over
 * plain http to another host, encryption must be switched off, not crash
 * (docs/design.md#encryption).
 */
export function canEncrypt(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext === true &&
    typeof globalThis.crypto?.subtle?.importKey === 'function'
  );
}

const noSubscription = () => () => undefined;

/**
 * {@link canEncrypt} for components. Prerendered HTML assumes a secure context (the
 * production site is https), and hydration then corrects it without a mismatch error.
 */
export function useCanEncrypt(): boolean {
  return useSyncExternalStore(noSubscription, canEncrypt, () => true);
}
