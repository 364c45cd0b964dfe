import { pseudoLocale, sourceLocale } from '@codedrop/contract';
import { setupI18n, type I18n, type Messages } from '@lingui/core';

/**
 * One compiled catalog per locale (src/locales/*.po, compiled by Lingui's Vite plugin), each
 * its own chunk: a page downloads only its own language's messages.
 */
const loaders = import.meta.glob<Messages>('../../locales/*.po', { import: 'messages' });

const loading = new Map<string, Promise<I18n>>();

async function load(locale: string): Promise<I18n> {
  if (import.meta.env.DEV && locale === pseudoLocale) {
    const [{ pseudoMessages }, english] = await Promise.all([
      import('./pseudo-locale'),
      loaders[`../../locales/${sourceLocale}.po`]!(),
    ]);
    return setupI18n({ locale, messages: { [locale]: pseudoMessages(english) } });
  }
  const loader = loaders[`../../locales/${locale}.po`];
  if (loader === undefined) throw new Error(`No catalog for locale ${locale}`);
  const messages = await loader();
  return setupI18n({ locale, messages: { [locale]: messages } });
}

/** The locale's messages, loaded once; every later call returns the same promise. */
export function loadLocale(locale: string): Promise<I18n> {
  let promise = loading.get(locale);
  if (promise === undefined) {
    const started = load(locale);
    // Marked as React marks the promises it has seen, so `use` reads a loaded catalog at once.
    started.then(
      (value) => Object.assign(started, { status: 'fulfilled', value }),
      (reason: unknown) => Object.assign(started, { status: 'rejected', reason }),
    );
    loading.set(locale, started);
    promise = started;
  }
  return promise;
}
