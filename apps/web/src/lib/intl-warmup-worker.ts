// A worker that makes the page's date formatter once and ends (format-date.ts,
// warmDateTimeFormat). Chromium keeps the locale data it loads for the whole page, so the
// page's own first formatter then costs nothing.
import { dateTimeOptions } from './date-time-options';

new Intl.DateTimeFormat(undefined, dateTimeOptions).format(0);
self.close();
