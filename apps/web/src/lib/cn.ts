import { clsx, type ClassValue } from 'clsx';

/**
 * Joins class names. It resolves no conflicts between Tailwind utilities: a component takes
 * a look by name (a prop) instead of letting a caller's class override one of its own. That
 * keeps tailwind-merge off every page's start, where building its class map and parsing each
 * class string took a fifth of a content page's script (docs/design.md#web-app). The unit
 * tests check every class list they render for conflicts (src/test-setup.ts).
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
