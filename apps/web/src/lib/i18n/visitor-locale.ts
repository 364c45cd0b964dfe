import { isLocale, negotiateLocale, sourceLocale } from '@codedrop/contract';
import { useSyncExternalStore } from 'react';
import { savedLocale } from './saved-locale';

/**
 * The language of a page whose address names none (`/{code}`, kept short to read out): the
 * visitor's saved choice, else the one the server chose from Accept-Language for the HTML it
 * sent (its `lang`), else the browser's languages.
 */
let current: string | undefined;
const listeners = new Set<() => void>();

function initial(): string {
  if (typeof window === 'undefined') return sourceLocale;
  const served = document.documentElement.lang;
  return (
    savedLocale() ?? (isLocale(served) ? served : negotiateLocale(navigator.languages.join(',')))
  );
}

export function visitorLocale(): string {
  current ??= initial();
  return current;
}

export function setVisitorLocale(locale: string): void {
  current = locale;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useVisitorLocale(): string {
  return useSyncExternalStore(subscribe, visitorLocale, visitorLocale);
}
