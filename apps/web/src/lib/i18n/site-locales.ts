import { locales, pseudoLocale } from '@codedrop/contract';

/** The locales the app routes: every language, and in development the pseudo-locale too. */
export const siteLocales: readonly string[] = import.meta.env.DEV
  ? [...locales, pseudoLocale]
  : locales;
