import { sourceLocale } from '@codedrop/contract';

/**
 * Before a page in another language renders: its number, plural and date formatters load
 * the language's data, a long task on a phone's main thread while the page hydrates. A
 * worker loads it instead, meanwhile (lib/intl-warmup-worker.ts). English needs none: its
 * words and numbers are written without Intl.
 */
export function warmLocale(locale: string): void {
  if (locale === sourceLocale || typeof Worker !== 'function') return;
  try {
    // Written out in full so that Vite bundles the worker and serves it from this origin.
    new Worker(new URL('../intl-warmup-worker.ts', import.meta.url), {
      type: 'module',
      name: locale,
    });
  } catch {
    // No worker here: the page loads the data itself when it first formats.
  }
}
