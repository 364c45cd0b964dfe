import { sourceLocale } from '@codedrop/contract';

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * "2025-01-15" → "January 15, 2025". Fixed locale and zone: publication dates are facts
 * about the page, and the prerendered text must match what hydration renders. Written out
 * by hand rather than with Intl.DateTimeFormat, whose first use loads the locale's data:
 * in a CPU profile of a content page's hydration on a throttled phone, the longest task.
 */
export function formatLongDate(isoDate: string, locale: string = sourceLocale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  const month = match === null ? undefined : months[Number(match[2]) - 1];
  if (match === null || month === undefined) throw new RangeError(`Not a date: ${isoDate}`);
  // Other languages are written by Intl, in UTC so that the day is the same everywhere.
  if (locale !== sourceLocale) {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])),
    );
  }
  return `${month} ${Number(match[3])}, ${match[1]}`;
}
