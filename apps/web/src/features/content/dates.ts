const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * "2025-01-15" → "January 15, 2025". Fixed locale and zone: publication dates are facts
 * about the page, and the prerendered text must match what hydration renders.
 */
export function formatLongDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`));
}
