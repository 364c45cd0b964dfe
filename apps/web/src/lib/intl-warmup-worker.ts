// A worker that makes the page's date formatter once and ends (format-date.ts,
// warmDateTimeFormat). Chromium keeps the locale data it loads for the whole page, so the
// page's own first formatter then costs nothing.
import { dateTimeOptions } from './date-time-options';

// The worker's name is the page's locale; none: the browser's own (an English page's dates).
new Intl.DateTimeFormat((self as { name?: string }).name || undefined, dateTimeOptions).format(0);
self.close();
