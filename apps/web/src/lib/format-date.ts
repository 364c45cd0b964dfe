import { dateTimeOptions } from './date-time-options';

// Made at first use: creating it loads the locale's data, a long task for a throttled
// phone's CPU while a tool's page was starting, before any date was shown.
let dateTime: Intl.DateTimeFormat | undefined;

/** A timestamp in the visitor's locale and time zone (docs/product.md#formatting). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
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
export function warmDateTimeFormat(): void {
  if (warming || dateTime !== undefined || typeof Worker !== 'function') return;
  warming = true;
  try {
    // Written out in full so that Vite bundles the worker and serves it from this origin
    // (the Content-Security-Policy allows workers from 'self' only).
    new Worker(new URL('./intl-warmup-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    // No worker here: the first date formats on the page's own thread, as it always did.
  }
}

/**
 * Time left as a short countdown: "23h 59m", "4m 05s", "9s". Days never occur because
 * shares live at most 24 hours, but are still shown correctly if they do.
 */
export function formatRemaining(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
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
export function formatDuration(seconds: number): string {
  if (seconds % 3600 === 0 && seconds >= 3600) return plural(seconds / 3600, 'hour');
  if (seconds % 60 === 0 && seconds >= 60) return plural(seconds / 60, 'minute');
  return plural(seconds, 'second');
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}
