import { isLocale } from '@codedrop/contract';

const key = 'codedrop.locale';

/** The language the visitor picked, kept in this browser only (no cookie goes to the server). */
export function savedLocale(): string | undefined {
  try {
    const value = window.localStorage.getItem(key);
    return value !== null && isLocale(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function saveLocale(locale: string): void {
  try {
    window.localStorage.setItem(key, locale);
  } catch {
    // Storage refused (private mode, quota): the choice lasts for this page only.
  }
}
