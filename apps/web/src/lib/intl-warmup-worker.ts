// A worker that makes the page's formatters once and ends (format-date.ts,
// warmDateTimeFormat; lib/i18n/warm-locale.ts). Chromium keeps the locale data it loads for
// the whole page, so the page's own first formatters then cost nothing.
import { dateTimeOptions } from './date-time-options';

// The worker's name is the page's locale; none: the browser's own (an English page's dates).
const locale = (self as { name?: string }).name || undefined;
new Intl.DateTimeFormat(locale, dateTimeOptions).format(0);
if (locale !== undefined) {
  // What a page in another language formats as it renders: counts and sizes, plurals.
  new Intl.NumberFormat(locale).format(1234.5);
  new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte' }).format(1);
  new Intl.PluralRules(locale).select(2);
}
self.close();
