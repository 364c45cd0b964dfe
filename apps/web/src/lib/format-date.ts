import { sourceLocale } from '@codedrop/contract';
import { dateTimeOptions } from './date-time-options';

// Made at first use: creating it loads the locale's data, a long task for a throttled
// phone's CPU while a tool's page was starting, before any date was shown.
let dateTime: Intl.DateTimeFormat | undefined;

/**
 * Whether `locale` is another language than English. English keeps its own path: its
 * hand-written words cost no Intl formatter, whose first use loads the locale's data.
 */
const otherThanEnglish = (locale: string | undefined): locale is string =>
  locale !== undefined && locale !== sourceLocale;

/** Intl formatters of the other locales, made once each (a countdown asks every second). */
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>();
function made<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.ListFormat>(
  key: string,
  make: () => T,
): T {
  let found = formatters.get(key) as T | undefined;
  if (found === undefined) {
    found = make();
    formatters.set(key, found);
  }
  return found;
}

/**
 * A timestamp in the visitor's time zone (docs/product.md#formatting): on an English page in
 * the browser's own locale, as it always was; on a page in another language, in that one.
 */
export function formatDateTime(iso: string, locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  if (otherThanEnglish(locale)) {
    const key = `${locale}:date`;
    return made(key, () => new Intl.DateTimeFormat(locale, dateTimeOptions)).format(date);
  }
  dateTime ??= new Intl.DateTimeFormat(undefined, dateTimeOptions);
  return dateTime.format(date);
}

let warming = false;

/**
 * For a page about to show dates (a share asked for, a share being created): the first
 * Intl formatter of a page loads the locale's data, a long task of the main thread on a
 * throttled phone, and it came just when the answer was
 * being shown. A worker makes one instead while the request is out; the data it loads is
 * the whole page's, so the page's own formatter is then ready at once. Where no worker
 * can start, nothing changes: the page loads the data itself when it first needs it.
 */
export function warmDateTimeFormat(locale: string = sourceLocale): void {
  if (warming || dateTime !== undefined || typeof Worker !== 'function') return;
  warming = true;
  try {
    // Written out in full so that Vite bundles the worker and serves it from this origin
    // (the Content-Security-Policy allows workers from 'self' only).
    new Worker(new URL('./intl-warmup-worker.ts', import.meta.url), {
      type: 'module',
      name: locale === sourceLocale ? '' : locale,
    });
  } catch {
    // No worker here: the first date formats on the page's own thread, as it always did.
  }
}

/**
 * Time left as a short countdown: "23h 59m", "4m 05s", "9s". Days never occur because
 * shares live at most 24 hours, but are still shown correctly if they do.
 */
export function formatRemaining(ms: number, locale?: string): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (otherThanEnglish(locale)) {
    // The same parts in the locale's narrow units, joined as it lists units.
    const part = (n: number, name: TimeUnit, padded = false) => unit(locale, n, name, padded);
    const parts =
      days > 0
        ? [part(days, 'day'), part(hours, 'hour')]
        : hours > 0
          ? [part(hours, 'hour'), part(minutes, 'minute', true)]
          : minutes > 0
            ? [part(minutes, 'minute'), part(seconds, 'second', true)]
            : [part(seconds, 'second')];
    const list = made(`${locale}:list`, () => new Intl.ListFormat(locale, listOptions));
    return list.format(parts);
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${pad(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${pad(seconds)}s`;
  return `${seconds}s`;
}

/**
 * "24 hours", "6 hours", "1 hour", "10 minutes": the wording of an expiry choice
 * (docs/product.md#formatting: "24 hours", never "1 day").
 */
export function formatDuration(seconds: number, locale?: string): string {
  const [n, name]: [number, TimeUnit] =
    seconds % 3600 === 0 && seconds >= 3600
      ? [seconds / 3600, 'hour']
      : seconds % 60 === 0 && seconds >= 60
        ? [seconds / 60, 'minute']
        : [seconds, 'second'];
  if (otherThanEnglish(locale)) {
    const key = `${locale}:${name}:long`;
    return made(key, () => new Intl.NumberFormat(locale, unitOptions(name, 'long'))).format(n);
  }
  return `${n} ${name}${n === 1 ? '' : 's'}`;
}

type TimeUnit = 'day' | 'hour' | 'minute' | 'second';

const listOptions: Intl.ListFormatOptions = { type: 'unit', style: 'narrow' };

const unitOptions = (
  name: TimeUnit,
  unitDisplay: 'long' | 'narrow',
  padded = false,
): Intl.NumberFormatOptions => ({
  style: 'unit',
  unit: name,
  unitDisplay,
  ...(padded ? { minimumIntegerDigits: 2 } : {}),
});

/** "5 Min.", "05 min": one part of a countdown in the locale's narrow unit. */
function unit(locale: string, n: number, name: TimeUnit, padded = false): string {
  const key = `${locale}:${name}:narrow:${padded}`;
  return made(key, () => new Intl.NumberFormat(locale, unitOptions(name, 'narrow', padded))).format(
    n,
  );
}
