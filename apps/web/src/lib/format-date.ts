// Made at first use: creating it loads the locale's data, which took 100 ms of a throttled
// phone's CPU while a tool's page was starting, before any date was shown.
let dateTime: Intl.DateTimeFormat | undefined;

const createDateTime = () =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A timestamp in the visitor's locale and time zone (docs/product.md#formatting). */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTime ??= createDateTime();
  return dateTime.format(date);
}

/**
 * Makes the formatter in a task of its own, soon: for a page that will show dates once an
 * answer arrives (a share's), so that this cost falls in the wait for it instead of
 * lengthening the task that shows the answer.
 */
export function prepareDateTimeFormat(): void {
  setTimeout(() => {
    dateTime ??= createDateTime();
  }, 0);
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
